import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { getFragmentData, graphql, type FragmentType } from "../../../__generated__";
import { CategoryPicker } from "../../explore";
import { END_TAGS_LABEL, StoryLabelList } from "./story-label-list";

export const StoryLabelsFragment = graphql(`
  fragment StoryLabels_story on Story {
    id
    tags
    status
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

type StoryLabelsData = FragmentType<typeof StoryLabelsFragment>;

/**
 * The story's category and tags as chips, each a link to its page, under the byline
 * (docs/product.md#categories-and-tags).
 */
export function StoryLabels({ story: storyRef }: { story: StoryLabelsData }) {
  const story = getFragmentData(StoryLabelsFragment, storyRef);
  return <StoryLabelList category={story.category ?? null} tags={story.tags} />;
}

/** The story's tags again where it ends, as chips. */
export function StoryEndTags({ story: storyRef }: { story: StoryLabelsData }) {
  const story = getFragmentData(StoryLabelsFragment, storyRef);
  return <StoryLabelList category={null} tags={story.tags} tagsLabel={END_TAGS_LABEL} />;
}

/**
 * The owner's category picker, with the author's other controls rather than in the reading
 * column; it waits while the story is being written, and while a change is on its way.
 */
export function StoryCategoryControl({ story: storyRef }: { story: StoryLabelsData }) {
  const story = getFragmentData(StoryLabelsFragment, storyRef);
  const [setCategory, { loading }] = useMutation(SetStoryCategoryMutation);
  const [failed, setFailed] = useState(false);
  if (!story.viewerIsAuthor) return null;
  return (
    <div className="story-category-control">
      <CategoryPicker
        value={story.category?.id ?? ""}
        disabled={loading || story.status === "GENERATING"}
        onChange={(categoryId) => {
          setFailed(false);
          setCategory({ variables: { id: story.id, categoryId: categoryId || null } }).catch(() =>
            setFailed(true),
          );
        }}
      />
      {failed ? <p role="alert">{CATEGORY_CHANGE_FAILED}</p> : null}
    </div>
  );
}
