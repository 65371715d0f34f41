import { paragraphSpans } from "@storyloom/common";
import { Fragment, type ReactNode } from "react";
import type { FragmentType } from "../../../__generated__";
import type { StoryText_StoryFragment } from "../../../__generated__/graphql";
import { AdSlot, readerAdSlotAfter } from "../../ads";
import { AnnotatedParagraph, type StoryAnnotations } from "../../comments/components";
import { READER_MESSAGES } from "../messages";
import { classifyStoryContent } from "./story-body";
import { StoryPicture } from "./story-picture";
import type { StoryTextFragment } from "./story-text-fragment";

type StoryImage = StoryText_StoryFragment["images"][number];

interface StoryTextProps {
  story: FragmentType<typeof StoryTextFragment>;
  /** Inline notes to highlight; null while comments are off or not loaded. */
  annotations?: StoryAnnotations | null;
  /** Ad slots between passages (docs/decisions/032); the api leaves them empty for premium readers. */
  adSlots?: boolean;
  /**
   * Shown where the text the viewer may read ends, before the locked chapters (a priced story
   * they have not bought: docs/product.md#prices-and-access).
   */
  offer?: ReactNode;
  /** Under the title: the byline, the meta line and the labels (./story-byline.tsx). */
  header?: ReactNode;
  /** After the last chapter: the end-of-story block (./story-end.tsx). */
  ending?: ReactNode;
}

function Illustration({ image }: { image: StoryImage }) {
  return (
    <figure className="story-text__figure">
      <StoryPicture src={image.url} alt={image.altText} loading="lazy" />
      {image.caption ? <figcaption>{image.caption}</figcaption> : null}
    </figure>
  );
}

/** A drawn lock, in the text's colour (never an emoji: issue 29 row 12). */
function LockIcon() {
  return (
    <svg
      className="story-text__lock"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <rect
        x="5"
        y="11"
        width="14"
        height="10"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** A locked chapter's heading: its title and a lock, no text (the server sent none). */
function LockedHeading({ title }: { title: string }) {
  return (
    <h2 className="story-text__locked-title" aria-label={`${title} (locked)`}>
      <LockIcon />
      {title}
    </h2>
  );
}

/**
 * The story itself (docs/product.md#story-text), always rendered as text, never as HTML: the text
 * and the pictures the server sent for this viewer (it decides: docs/product.md#prices-and-access),
 * locked chapters as their titles with a lock, and the offer where the readable text ends.
 */
export function StoryText(props: StoryTextProps) {
  // The fragment's fields (getFragmentData returns its argument; see story-text-fragment.ts).
  const story = props.story as unknown as StoryText_StoryFragment;
  const body = classifyStoryContent(story.content);
  const images = story.images;
  const cover = images.find((image) => image.role === "COVER");
  const coverUrl = cover?.url ?? story.headerImageUrl;
  // The offer follows the free paragraphs of the first locked chapter, or comes before it when
  // none of it is free.
  const chapters = body.kind === "chapters" ? body.chapters : [];
  const firstLocked = chapters.findIndex((chapter) => chapter.locked === true);
  const offerAfter =
    firstLocked < 0
      ? -1
      : chapters[firstLocked]!.paragraphs.length > 0
        ? firstLocked
        : firstLocked - 1;
  // Each paragraph knows where it starts in the canonical text, so a selection maps to offsets
  // (docs/product.md#canonical-story-text).
  const spans = body.kind === "chapters" ? paragraphSpans(body) : [];
  const spanStarts = new Map(
    spans.map((span) => [`${span.chapterIndex}:${span.paragraphIndex}`, span.start]),
  );
  const spanStartOf = (chapterIndex: number, paragraphIndex: number) =>
    spanStarts.get(`${chapterIndex}:${paragraphIndex}`) ?? 0;
  // Passages counted across chapters, for the ad slots between them.
  const passageCount = chapters.reduce((sum, chapter) => sum + chapter.paragraphs.length, 0);
  const firstPassageOf = chapters.map((_chapter, index) =>
    chapters.slice(0, index).reduce((sum, chapter) => sum + chapter.paragraphs.length, 0),
  );
  const adAfter = (chapterIndex: number, paragraphIndex: number) =>
    props.adSlots === true &&
    readerAdSlotAfter((firstPassageOf[chapterIndex] ?? 0) + paragraphIndex, passageCount);

  function imagesAfter(chapterIndex: number, paragraphIndex: number) {
    return images.filter(
      (image) =>
        image.role === "CHAPTER" &&
        image.chapterIndex === chapterIndex &&
        image.paragraphIndex === paragraphIndex,
    );
  }

  return (
    <article className="story-text">
      <h1 className="story-text__title">{story.title}</h1>
      {props.header}
      {story.description ? <p className="story-text__description">{story.description}</p> : null}
      {coverUrl ? (
        <figure className="story-text__cover">
          <StoryPicture src={coverUrl} alt={cover?.altText ?? `Cover of ${story.title}`} />
          {/* A cover's caption is usually the title, which the heading above shows. */}
          {cover?.caption && cover.caption.trim() !== story.title.trim() ? (
            <figcaption>{cover.caption}</figcaption>
          ) : null}
        </figure>
      ) : null}
      {props.offer && offerAfter < 0 && firstLocked === 0 ? props.offer : null}
      {body.kind === "chapters"
        ? body.chapters.map((chapter, chapterIndex) => (
            <Fragment key={chapterIndex}>
              <section className="story-text__chapter">
                {chapter.locked && chapter.paragraphs.length === 0 ? (
                  <LockedHeading title={chapter.title} />
                ) : (
                  <h2>{chapter.title}</h2>
                )}
                {chapter.paragraphs.map((paragraph, paragraphIndex) => (
                  <Fragment key={paragraphIndex}>
                    <AnnotatedParagraph
                      text={paragraph}
                      spanStart={spanStartOf(chapterIndex, paragraphIndex)}
                      annotations={props.annotations ?? null}
                    />
                    {imagesAfter(chapterIndex, paragraphIndex).map((image) => (
                      <Illustration key={image.id} image={image} />
                    ))}
                    {adAfter(chapterIndex, paragraphIndex) ? <AdSlot placement="READER" /> : null}
                  </Fragment>
                ))}
              </section>
              {chapterIndex === offerAfter ? props.offer : null}
            </Fragment>
          ))
        : null}
      {body.kind === "plain" ? (
        <p>
          {body.lines.map((line, index) => (
            <Fragment key={index}>
              {index > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </p>
      ) : null}
      {body.kind === "unavailable" ? (
        <p className="muted">{READER_MESSAGES.contentUnavailable}</p>
      ) : null}
      {body.kind === "unexpected" ? (
        <p className="muted">{READER_MESSAGES.contentUnexpected}</p>
      ) : null}
      {props.ending}
    </article>
  );
}
