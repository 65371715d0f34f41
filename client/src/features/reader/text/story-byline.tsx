import { readingMinutes } from "@storyloom/common";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatCount } from "../../../lib/format-count";
import { formatDate } from "../../../lib/format-date";
import "./story-byline.css";

interface StoryBylineProps {
  /** The author; null once their account is gone ("Anonymous"). */
  author: { username: string } | null;
  /** When the story was started (DateTime). */
  createdAt: string;
  /** The whole text's words; null when unknown. */
  wordCount: number | null;
  /** Subscribe to the author: a button for a signed-in reader, a sign-in link for a visitor. */
  subscribe: ReactNode;
  /** The category and the tags, as links (./story-label-list.tsx). */
  labels: ReactNode;
}

/**
 * Under a story's title: "by {author}" linking to their profile with Subscribe, then the meta line
 * (date, reading time, word count) and the category and tags as chips
 * (docs/product.md#story-text). Drawn alike by the reader and a visitor's first view.
 */
export function StoryByline({ author, createdAt, wordCount, subscribe, labels }: StoryBylineProps) {
  const minutes = wordCount === null ? 0 : readingMinutes(wordCount);
  return (
    <div className="story-byline">
      <p className="story-byline__author">
        <span>
          by{" "}
          {author ? (
            <Link to={`/profile/${encodeURIComponent(author.username)}`} rel="author">
              {author.username}
            </Link>
          ) : (
            "Anonymous"
          )}
        </span>
        {author ? subscribe : null}
      </p>
      <p className="story-byline__meta">
        <time dateTime={createdAt}>{formatDate(createdAt)}</time>
        {minutes > 0 ? <span>{minutes} min read</span> : null}
        {wordCount ? <span>{formatCount(wordCount)} words</span> : null}
      </p>
      {labels}
    </div>
  );
}
