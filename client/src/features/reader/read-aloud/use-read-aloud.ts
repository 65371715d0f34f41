import { useEffect, useRef, useState } from "react";
import { IDLE, ReadAloudController, type ReadAloudState } from "./read-aloud-controller";
import { canReadAloud, takeReadAloudRequest } from "./read-aloud-support";

/**
 * What is read, in order: the title, each chapter's title, each paragraph (a paragraph of the text
 * carries where it starts in the canonical text, data-text-start: comments/annotated-paragraph.tsx).
 */
const SPOKEN = [
  ".story-reader .story-text__title",
  ".story-reader .story-text__chapter > h2",
  ".story-reader .story-text__chapter p[data-text-start]",
].join(", ");

const HIGHLIGHT = "read-aloud";
const CURRENT_ATTRIBUTE = "data-read-aloud";

/** The DOM range of characters start..end of an element's text, across its marks. */
export function textRange(element: Element, start: number, end: number): Range | null {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let offset = 0;
  let started = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (!started && start <= offset + length) {
      range.setStart(node, start - offset);
      started = true;
    }
    if (started && end <= offset + length) {
      range.setEnd(node, end - offset);
      return range;
    }
    offset += length;
  }
  return null;
}

/** The sentence being read, highlighted in place, its paragraph scrolled into view. */
function show(elements: readonly Element[], state: ReadAloudState) {
  for (const element of document.querySelectorAll(`[${CURRENT_ATTRIBUTE}]`)) {
    element.removeAttribute(CURRENT_ATTRIBUTE);
  }
  const highlights = typeof CSS !== "undefined" ? CSS.highlights : undefined;
  highlights?.delete(HIGHLIGHT);
  if (!state.position) return;
  const element = elements[state.position.paragraph];
  if (!element) return;
  element.setAttribute(CURRENT_ATTRIBUTE, "current");
  const range = textRange(element, state.position.sentence.start, state.position.sentence.end);
  if (range && highlights && typeof Highlight === "function") {
    highlights.set(HIGHLIGHT, new Highlight(range));
  }
  const box = (range ?? element).getBoundingClientRect();
  // Under the sticky bars, or below the screen: brought to the middle.
  if (box.top < window.innerHeight * 0.25 || box.bottom > window.innerHeight * 0.85) {
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    element.scrollIntoView({ block: "center", behavior: reduced ? "auto" : "smooth" });
  }
}

/** The first spoken element whose bottom is below the sticky bars: reading starts where one is. */
function firstOnScreen(elements: readonly Element[]): number {
  const bar = document.querySelector(".reader-header")?.getBoundingClientRect().bottom ?? 0;
  const index = elements.findIndex((element) => element.getBoundingClientRect().bottom > bar);
  return Math.max(index, 0);
}

export interface ReadAloud {
  /** False where the browser cannot speak: Read aloud is not offered. */
  supported: boolean;
  state: ReadAloudState;
  start: () => void;
  stop: () => void;
  pause: () => void;
  resume: () => void;
  next: () => void;
  previous: () => void;
}

/**
 * Read aloud (docs/product.md#read-aloud): the story on the page spoken from the first paragraph
 * on screen, the sentence being read highlighted, pausing, resuming and skipping by paragraph.
 * `textShown`: the story's text is on the page (a start asked for earlier waits for it).
 */
export function useReadAloud(textShown: boolean): ReadAloud {
  const [supported] = useState(canReadAloud);
  const [state, setState] = useState<ReadAloudState>(IDLE);
  const controller = useRef<ReadAloudController | null>(null);

  function start() {
    controller.current?.stop();
    const elements = Array.from(document.querySelectorAll(SPOKEN));
    const reader = new ReadAloudController({
      paragraphs: elements.map((element) => element.textContent ?? ""),
      speech: window.speechSynthesis,
      createUtterance: (text) => {
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.lang = document.documentElement.lang || navigator.language;
        return utterance;
      },
      onChange: (next) => {
        if (controller.current !== reader) return;
        setState(next);
        show(elements, next);
      },
    });
    controller.current = reader;
    reader.play(firstOnScreen(elements));
  }

  // Asked for on the first view, before this reader took over: read once the text is drawn.
  useEffect(() => {
    if (textShown && supported && takeReadAloudRequest()) start();
    // start() reads the page as it is when the text is first there.
  }, [textShown, supported]);

  // Stopped when the reader goes.
  useEffect(
    () => () => {
      const reader = controller.current;
      controller.current = null;
      reader?.stop();
      show([], IDLE);
    },
    [],
  );

  return {
    supported,
    state,
    start,
    stop: () => controller.current?.stop(),
    pause: () => controller.current?.pause(),
    resume: () => controller.current?.resume(),
    next: () => controller.current?.next(),
    previous: () => controller.current?.previous(),
  };
}
