import type { KeyboardEvent } from "react";
import type { PendingInlineRange } from "./composer-target";
import { paragraphSegments, type InlineHighlight } from "./highlight-segments";
import { PARAGRAPH_END_ATTRIBUTE, PARAGRAPH_START_ATTRIBUTE } from "./selection-range";

/** What the story text needs to show inline notes. */
export interface StoryAnnotations {
  highlights: readonly InlineHighlight[];
  /** The note whose passage is flashing (for 1500 ms). */
  flashedId: string | null;
  onHighlightClick: (commentIds: string[]) => void;
  /**
   * A signed-in reader with comments on: each paragraph offers "Add note", the whole paragraph as
   * the passage, for those who cannot select text with a pointer. Null otherwise.
   */
  onAddNote: ((range: PendingInlineRange) => void) | null;
}

interface AnnotatedParagraphProps {
  text: string;
  /** Where the paragraph starts in the canonical text (paragraphSpans). */
  spanStart: number;
  annotations: StoryAnnotations | null;
}

/** Whether the reader has text selected (a drag, not a plain click). */
function hasSelectedText(): boolean {
  const selection = window.getSelection();
  return selection !== null && !selection.isCollapsed && selection.toString().trim() !== "";
}

/**
 * One story paragraph. It carries its span in the canonical text, so a selection inside it maps
 * to offsets; inline notes' passages are marked. Text only, never HTML.
 */
export function AnnotatedParagraph({ text, spanStart, annotations }: AnnotatedParagraphProps) {
  const spanAttributes = {
    [PARAGRAPH_START_ATTRIBUTE]: spanStart,
    [PARAGRAPH_END_ATTRIBUTE]: spanStart + text.length,
  };
  const segments = paragraphSegments(text, spanStart, annotations?.highlights ?? []);
  const onAddNote = annotations?.onAddNote ?? null;
  const paragraph = (
    <p {...spanAttributes}>
      {segments.map((segment, index) => {
        if (segment.commentIds.length === 0 || !annotations) return segment.text;
        const open = () => annotations.onHighlightClick(segment.commentIds);
        const flashing =
          annotations.flashedId !== null && segment.commentIds.includes(annotations.flashedId);
        return (
          <mark
            key={index}
            className={flashing ? "story-highlight story-highlight--flash" : "story-highlight"}
            data-comment-ids={segment.commentIds.join(" ")}
            role="button"
            tabIndex={0}
            aria-label={`Comment on: ${segment.text}`}
            onClick={() => {
              // A selection dragged inside the passage ends in a click too: it asks for a new
              // note (the Add Comment popup), so it must not open this one over it.
              if (hasSelectedText()) return;
              open();
            }}
            onKeyDown={(event: KeyboardEvent) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                open();
              }
            }}
          >
            {segment.text}
          </mark>
        );
      })}
    </p>
  );
  if (onAddNote === null) return paragraph;
  return (
    <>
      {paragraph}
      <button
        type="button"
        className="add-note-button"
        // Its words first, then which paragraph: many paragraphs each have one.
        aria-label={`Add note on “${text.slice(0, 30)}”`}
        onClick={() => onAddNote({ start: spanStart, end: spanStart + text.length, text })}
      >
        Add note
      </button>
    </>
  );
}
