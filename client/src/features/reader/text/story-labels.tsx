import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { getFragmentData, graphql, type FragmentType } from "../../../__generated__";
import { CategoryPicker } from "../../explore";
import { StoryLabelList } from "./story-label-list";

export const StoryLabelsFragment = graphql(`
  fragment StoryLabels_story on Story {
    id
    tags
    viewerIsAuthor
    category {
      id
      publicId
      name
    }
  }
`);

export const SetStoryCategoryMutation = graphql(`
  mutation SetStoryCategory($id: ID!, $categoryId: ID) {
    setStoryCategory(id: $id, categoryId: $categoryId) {
      id
      categoryName
      category {
        id
        publicId
        name
      }
    }
  }
`);

export const CATEGORY_CHANGE_FAILED = "Could not change the category. Please try again.";

/**
 * The story's category and tags, each a link to its page; its owner picks the category here
 * (docs/product.md#categories-and-tags).
 */
export function StoryLabels({
  story: storyRef,
}: {
  story: FragmentType<typeof StoryLabelsFragment>;
}) {
  const story = getFragmentData(StoryLabelsFragment, storyRef);
  const [setCategory, { loading }] = useMutation(SetStoryCategoryMutation);
  const [failed, setFailed] = useState(false);
  return (
    <StoryLabelList
      category={story.category ?? null}
      tags={story.tags}
      picker={
        story.viewerIsAuthor ? (
          <CategoryPicker
            value={story.category?.id ?? ""}
            disabled={loading}
            onChange={(categoryId) => {
              setFailed(false);
              setCategory({ variables: { id: story.id, categoryId: categoryId || null } }).catch(
                () => setFailed(true),
              );
            }}
          />
        ) : null
      }
    >
      {failed ? <p role="alert">{CATEGORY_CHANGE_FAILED}</p> : null}
    </StoryLabelList>
  );
}
