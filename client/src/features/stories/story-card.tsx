import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { FragmentType } from "../../__generated__";
import type { StoryCard_StoryFragment } from "../../__generated__/graphql";
import { Skeleton } from "../../components/skeleton";
import { formatDate } from "../../lib/format-date";
import { relativeTime } from "../../lib/relative-time";
import { StoryCoverFallback } from "./story-cover-fallback";
import type { StoryCardFragment } from "./story-card-fragment";
import { StoryOutlineModal } from "./story-outline-modal";
import "./story-card.css";

/**
 * The card's fields from a masked fragment reference. Unmasking is a matter of types
 * (`getFragmentData` returns its argument): the card needs no document at run time, so it imports
 * none, and the first render carries no table of documents (story-card-fragment.ts;
 * docs/decisions/038-first-views-without-apollo.md).
 */
function cardFields(ref: FragmentType<typeof StoryCardFragment>) {
  return ref as unknown as StoryCard_StoryFragment;
}

export type StoryCardVariant = "default" | "compact";

/** A piece of a search result's title or excerpt (SearchHighlight in the schema). */
export interface HighlightPiece {
  text: string;
  match: boolean;
}

/** A search result's title and excerpt with the query's words marked. */
export interface StoryCardHighlight {
  title: readonly HighlightPiece[];
  snippet: readonly HighlightPiece[];
}

/** At most this many of a story's tags on its card. */
const CARD_TAGS = 4;

/** Highlighted text: every piece as text, the matches in <mark> (never as markup). */
function Highlighted({ pieces }: { pieces: readonly HighlightPiece[] }) {
  return (
    <>
      {pieces.map((piece, index) =>
        piece.match ? <mark key={index}>{piece.text}</mark> : <span key={index}>{piece.text}</span>,
      )}
    </>
  );
}

interface StoryCardProps {
  story: FragmentType<typeof StoryCardFragment>;
  /** compact: a small picture beside the text and no preview, for dense lists. */
  variant?: StoryCardVariant;
  /**
   * The card whose picture is likely the page's largest paint (the first on the home page): its
   * picture loads at once and first, not when scrolled near.
   */
  prominent?: boolean;
  /** In search results: the title and an excerpt with the query's words marked. */
  highlight?: StoryCardHighlight | null;
}

/**
 * A story card, the one every list of stories uses: header image (a drawn fallback when it is
 * missing or fails to load; the title is never in the picture), title, preview, author (or
 * Anonymous), relative age, "New chapter" to a follower, the price, and the outline button opening "Story Outline" (its blurb). A tap anywhere on it
 * opens the story, except on its own links and button (issue 29 row 10).
 */
export function StoryCard({
  story: storyRef,
  variant = "default",
  prominent = false,
  highlight = null,
}: StoryCardProps) {
  const story = cardFields(storyRef);
  const titleId = useId();
  const [imageFailed, setImageFailed] = useState(false);
  const [outlineOpen, setOutlineOpen] = useState(false);
  const outlineButtonRef = useRef<HTMLButtonElement>(null);
  const storyPath = `/stories/${encodeURIComponent(story.publicId)}`;
  const showImage = story.headerImageUrl && !imageFailed;

  return (
    <article className={`story-card story-card--${variant}`} aria-labelledby={titleId}>
      {/* The title's link covers the whole card (story-card.css), the picture included. */}
      <div className="story-card__media">
        {showImage ? (
          <img
            className="story-card__image"
            src={story.headerImageUrl ?? undefined}
            alt=""
            loading={prominent ? "eager" : "lazy"}
            fetchPriority={prominent ? "high" : "auto"}
            onError={() => setImageFailed(true)}
          />
        ) : (
          <StoryCoverFallback seed={story.publicId} />
        )}
      </div>
      <div className="story-card__body">
        <h3 id={titleId} className="story-card__title">
          <Link to={storyPath}>
            {highlight && highlight.title.length > 0 ? (
              <Highlighted pieces={highlight.title} />
            ) : (
              story.title
            )}
          </Link>
        </h3>
        {variant === "default" ? (
          <p className="story-card__preview">
            {highlight && highlight.snippet.length > 0 ? (
              <Highlighted pieces={highlight.snippet} />
            ) : (
              (story.preview ?? "")
            )}
          </p>
        ) : null}
        <ul className="story-card__tags" aria-label="Tags">
          {story.tags.slice(0, CARD_TAGS).map((tag) => (
            <li key={tag}>
              <Link className="story-card__tag" to={`/tags/${encodeURIComponent(tag)}`}>
                #{tag}
              </Link>
            </li>
          ))}
        </ul>
        <p className="story-card__meta">
          {story.author ? (
            <Link
              className="story-card__author"
              to={`/profile/${encodeURIComponent(story.author.username)}`}
            >
              {story.author.username}
            </Link>
          ) : (
            <span className="story-card__author">Anonymous</span>
          )}
          <span aria-hidden="true">·</span>
          <time dateTime={story.createdAt} title={formatDate(story.createdAt)}>
            {relativeTime(story.createdAt)}
          </time>
          {/* To a follower of its writer, for 7 days after a chapter was added (docs/product.md#story-cards). */}
          {story.newChapter ? <span className="story-card__new-chapter">New chapter</span> : null}
          {/* A priced story says so on its card (docs/product.md#prices-and-access). */}
          {story.price ? (
            <span className="story-card__price">
              <span className="visually-hidden">Price: </span>
              {story.price.formatted}
            </span>
          ) : null}
        </p>
        <div className="story-card__actions">
          <button
            ref={outlineButtonRef}
            type="button"
            className="button button--secondary story-card__outline-button"
            aria-haspopup="dialog"
            onClick={() => setOutlineOpen(true)}
          >
            Outline<span className="visually-hidden">: {story.title}</span>
          </button>
        </div>
      </div>
      {outlineOpen ? (
        <StoryOutlineModal
          title={story.title}
          description={story.description ?? null}
          storyPath={storyPath}
          onClose={() => setOutlineOpen(false)}
        />
      ) : null}
    </article>
  );
}

/**
 * A card's shape while the list loads: the card's own boxes with grey lines in them and an unseen
 * Outline button, so it is exactly as tall as the card that replaces it.
 */
export function StoryCardSkeleton({ variant = "default" }: { variant?: StoryCardVariant }) {
  return (
    <div className={`story-card story-card--${variant} story-card--skeleton`} aria-hidden="true">
      <Skeleton shape="block" className="story-card__media" />
      <div className="story-card__body">
        <div className="story-card__title">
          <Skeleton shape="title" />
        </div>
        {variant === "default" ? (
          <div className="story-card__preview">
            <Skeleton />
            <Skeleton />
            <Skeleton width="60%" />
          </div>
        ) : null}
        <div className="story-card__tags">
          <Skeleton width="30%" />
        </div>
        <div className="story-card__meta">
          <Skeleton width="40%" />
        </div>
        <div className="story-card__actions">
          <span className="button button--secondary story-card__outline-button story-card__placeholder">
            Outline
          </span>
        </div>
      </div>
    </div>
  );
}
