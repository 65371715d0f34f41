import { Link } from "react-router";

/** The name of the end-of-story block's list of tags (the byline's is "Tags"). */
export const END_TAGS_LABEL = "Tags of this story";

interface StoryLabelListProps {
  category: { publicId: string; name: string } | null;
  tags: readonly string[];
  /** The tags' list's name: "Tags" under the byline, another at the end of the story. */
  tagsLabel?: string;
}

/**
 * A story's category and tags as chips, each a link to its page
 * (docs/product.md#categories-and-tags); nothing when it has neither. Drawn by the reader and by a
 * story page's first view.
 */
export function StoryLabelList({ category, tags, tagsLabel = "Tags" }: StoryLabelListProps) {
  if (tags.length === 0 && !category) return null;
  return (
    <div className="story-labels">
      {category ? (
        <p className="story-labels__category">
          <span className="visually-hidden">Category: </span>
          <Link to={`/categories/${encodeURIComponent(category.publicId)}`}>{category.name}</Link>
        </p>
      ) : null}
      {tags.length > 0 ? (
        <ul className="story-labels__tags" aria-label={tagsLabel}>
          {tags.map((tag) => (
            <li key={tag}>
              <Link to={`/tags/${encodeURIComponent(tag)}`}>#{tag}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
