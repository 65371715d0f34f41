import { useApolloClient, useQuery } from "@apollo/client/react";
import { paragraphSpans } from "@storyloom/common";
import { useEffect, useMemo, useRef, useState } from "react";
import { PARAGRAPH_START_ATTRIBUTE } from "../comments";
import { getFragmentData } from "../../__generated__";
import { READING_PROGRESS_FIELDS, ReadingProgressQuery } from "./library-queries";
import { useAuth } from "../auth";
import { saveOrQueueProgress } from "./progress-queue";

// Where the reader is in a story (docs/product.md#reading-progress): the place kept by the api is
// offered once when the page opens ("Continue where you left off"), and the paragraph at the top
// of the screen is saved while they scroll, at most once a SAVE_DELAY_MS.

/** How long the reader rests before their place is saved. */
export const SAVE_DELAY_MS = 1000;

/** How far below the top of the window a paragraph counts as the one being read (the header). */
const READING_LINE_PX = 96;

export interface ReadingPlace {
  chapter: number;
  paragraph: number;
}

interface Chapters {
  chapters: ReadonlyArray<{ paragraphs: readonly string[] }>;
}

/** The paragraph at the reading line, and whether the last one is on screen. */
function placeOnScreen(content: Chapters): (ReadingPlace & { atEnd: boolean }) | null {
  const elements = document.querySelectorAll<HTMLElement>(`[${PARAGRAPH_START_ATTRIBUTE}]`);
  const spans = paragraphSpans(content);
  if (elements.length === 0 || spans.length === 0) return null;
  const current =
    Array.from(elements).find(
      (element) => element.getBoundingClientRect().bottom > READING_LINE_PX,
    ) ?? elements[elements.length - 1]!;
  const start = Number(current.getAttribute(PARAGRAPH_START_ATTRIBUTE));
  const span = spans.find((candidate) => candidate.start === start);
  if (!span) return null;
  const last = elements[elements.length - 1]!;
  const atEnd = last.getBoundingClientRect().bottom <= window.innerHeight;
  return { chapter: span.chapterIndex, paragraph: span.paragraphIndex, atEnd };
}

/** Scrolls the paragraph to the top of the screen (under the header). */
export function scrollToPlace(content: Chapters, place: ReadingPlace): void {
  const span = paragraphSpans(content).find(
    (candidate) =>
      candidate.chapterIndex === place.chapter && candidate.paragraphIndex === place.paragraph,
  );
  if (!span) return;
  const element = document.querySelector<HTMLElement>(
    `[${PARAGRAPH_START_ATTRIBUTE}="${span.start}"]`,
  );
  if (!element) return;
  window.scrollTo({ top: window.scrollY + element.getBoundingClientRect().top - READING_LINE_PX });
}

/**
 * While `enabled`, calls `save` with the paragraph at the reading line once the reader rests
 * (SAVE_DELAY_MS) after scrolling to a new one.
 */
function useSaveWhileScrolling(
  content: Chapters | null,
  enabled: boolean,
  save: (place: ReadingPlace & { atEnd: boolean }) => void,
): void {
  const lastSaved = useRef<string | null>(null);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    if (!enabled || content === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    function onScroll() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const place = content === null ? null : placeOnScreen(content);
        if (!place) return;
        const key = `${place.chapter}:${place.paragraph}:${place.atEnd}`;
        if (key === lastSaved.current) return;
        lastSaved.current = key;
        saveRef.current(place);
      }, SAVE_DELAY_MS);
    }
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("scroll", onScroll);
    };
  }, [enabled, content]);
}

/**
 * The reader's kept progress in the story (null while it loads or for a visitor) and, while
 * `enabled`, their place saved as they scroll (kept to send on return when the network is gone).
 */
export function useReadingPlace(storyId: string, content: Chapters | null, enabled: boolean) {
  const client = useApolloClient();
  const uid = useAuth().currentUser?.uid ?? null;
  const { data } = useQuery(ReadingProgressQuery, {
    variables: { storyId },
    skip: !enabled,
    fetchPolicy: "network-only",
    nextFetchPolicy: "cache-first",
  });
  // What the page opened with: saving the place as the reader scrolls must not change the offer.
  const [opened, setOpened] = useState<typeof data>(undefined);
  if (data && opened === undefined) setOpened(data);
  const text = useMemo(() => content, [content]);
  useSaveWhileScrolling(text, enabled && opened !== undefined && uid !== null, (place) => {
    if (uid !== null) void saveOrQueueProgress(client, uid, { storyId, ...place });
  });

  return {
    opened: getFragmentData(READING_PROGRESS_FIELDS, opened?.readingProgress) ?? null,
    current: getFragmentData(READING_PROGRESS_FIELDS, data?.readingProgress) ?? null,
  };
}

/**
 * A saved copy read with no network (offline reading): the reader's place is kept as they scroll,
 * to be sent once the network is back. Needs the story's global id, which older copies lack.
 */
export function useOfflineReadingPlace(
  storyId: string | undefined,
  uid: string,
  content: Chapters | null,
): void {
  useSaveWhileScrolling(content, storyId !== undefined, (place) => {
    if (storyId !== undefined) void saveOrQueueProgress(null, uid, { storyId, ...place });
  });
}
