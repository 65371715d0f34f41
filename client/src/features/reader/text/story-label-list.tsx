import type { ReactNode } from "react";
import { Link } from "react-router";

interface StoryLabelListProps {
  category: { publicId: string; name: string } | null;
  tags: readonly string[];
  /** The owner's category picker, in place of the category's link. */
  picker?: ReactNode;
  /** Said under the category (the picker's failure). */
  children?: ReactNode;
}

/**
 * A story's category and tags, each a link to its page (docs/product.md#categories-and-tags);
 * nothing when it has neither and no picker. Drawn by the reader and by a story page's first view.
 */
export function StoryLabelList({ category, tags, picker, children }: StoryLabelListProps) {
  if (!picker && tags.length === 0 && !category) return null;
  return (
    <div className="story-labels">
      {picker ??
        (category ? (
          <p className="story-labels__category">
            Category:{" "}
            <Link to={`/categories/${encodeURIComponent(category.publicId)}`}>{category.name}</Link>
          </p>
        ) : null)}
      {children}
      {tags.length > 0 ? (
        <ul className="story-labels__tags" aria-label="Tags">
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
