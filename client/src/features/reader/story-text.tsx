import { paragraphSpans } from "@storyloom/common";
import { Fragment } from "react";
import { getFragmentData, graphql, type FragmentType } from "../../__generated__";
import type { StoryText_StoryFragment } from "../../__generated__/graphql";
import { AdSlot, readerAdSlotAfter } from "../ads";
import { AnnotatedParagraph, type StoryAnnotations } from "../comments";
import { READER_MESSAGES } from "./messages";
import { classifyStoryContent } from "./story-body";
import { StoryPicture } from "./story-picture";

export const StoryTextFragment = graphql(`
  fragment StoryText_story on Story {
    title
    description
    headerImageUrl
    content {
      chapters {
        title
        paragraphs
      }
    }
    images {
      id
      role
      url
      chapterIndex
      paragraphIndex
      altText
      caption
    }
  }
`);

type StoryImage = StoryText_StoryFragment["images"][number];

interface StoryTextProps {
  story: FragmentType<typeof StoryTextFragment>;
  /** Illustrations render only for premium readers (docs/product.md#pictures-and-premium). */
  showImages: boolean;
  /** Inline notes to highlight; null while comments are off or not loaded. */
  annotations?: StoryAnnotations | null;
  /** Ad slots between passages (docs/decisions/032); the api leaves them empty for premium readers. */
  adSlots?: boolean;
}

function Illustration({ image }: { image: StoryImage }) {
  return (
    <figure className="story-text__figure">
      <StoryPicture src={image.url} alt={image.altText} loading="lazy" />
      {image.caption ? <figcaption>{image.caption}</figcaption> : null}
    </figure>
  );
}

/** The story itself (docs/product.md#story-text), always rendered as text, never as HTML. */
export function StoryText(props: StoryTextProps) {
  const story = getFragmentData(StoryTextFragment, props.story);
  const body = classifyStoryContent(story.content);
  const images = props.showImages ? story.images : [];
  const cover = images.find((image) => image.role === "COVER");
  const coverUrl = cover?.url ?? (props.showImages ? story.headerImageUrl : null);
  // Each paragraph knows where it starts in the canonical text, so a selection maps to offsets
  // (docs/product.md#canonical-story-text).
  const spans = body.kind === "chapters" ? paragraphSpans(body) : [];
  const spanStarts = new Map(
    spans.map((span) => [`${span.chapterIndex}:${span.paragraphIndex}`, span.start]),
  );
  const spanStartOf = (chapterIndex: number, paragraphIndex: number) =>
    spanStarts.get(`${chapterIndex}:${paragraphIndex}`) ?? 0;
  // Passages counted across chapters, for the ad slots between them.
  const chapters = body.kind === "chapters" ? body.chapters : [];
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
      {coverUrl ? (
        <figure className="story-text__cover">
          <StoryPicture src={coverUrl} alt={cover?.altText ?? `Cover of ${story.title}`} />
          {/* A cover's caption is usually the title, which the heading just below shows. */}
          {cover?.caption && cover.caption.trim() !== story.title.trim() ? (
            <figcaption>{cover.caption}</figcaption>
          ) : null}
        </figure>
      ) : null}
      <h1 className="story-text__title">{story.title}</h1>
      {story.description ? <p className="story-text__description">{story.description}</p> : null}
      {body.kind === "chapters"
        ? body.chapters.map((chapter, chapterIndex) => (
            <section key={chapterIndex} className="story-text__chapter">
              <h2>{chapter.title}</h2>
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
    </article>
  );
}
