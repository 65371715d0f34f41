import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { Link } from "react-router";
import { getFragmentData, graphql, type FragmentType } from "../../__generated__";
import { CategoryPicker } from "../explore";

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
  if (!story.viewerIsAuthor && story.tags.length === 0 && !story.category) return null;
  return (
    <div className="story-labels">
      {story.viewerIsAuthor ? (
        <CategoryPicker
          value={story.category?.id ?? ""}
          disabled={loading}
          onChange={(categoryId) => {
            setFailed(false);
            setCategory({ variables: { id: story.id, categoryId: categoryId || null } }).catch(() =>
              setFailed(true),
            );
          }}
        />
      ) : story.category ? (
        <p className="story-labels__category">
          Category:{" "}
          <Link to={`/categories/${encodeURIComponent(story.category.publicId)}`}>
            {story.category.name}
          </Link>
        </p>
      ) : null}
      {failed ? <p role="alert">{CATEGORY_CHANGE_FAILED}</p> : null}
      {story.tags.length > 0 ? (
        <ul className="story-labels__tags" aria-label="Tags">
          {story.tags.map((tag) => (
            <li key={tag}>
              <Link to={`/tags/${encodeURIComponent(tag)}`}>#{tag}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
