// Whether this browser can read aloud, and a start asked for before the reader took over from a
// visitor's first view (docs/decisions/038-first-views-without-apollo.md).

/** The browser speaks (window.speechSynthesis and SpeechSynthesisUtterance are there). */
export function canReadAloud(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.speechSynthesis === "object" &&
    window.speechSynthesis !== null &&
    typeof window.SpeechSynthesisUtterance === "function"
  );
}

let requested = false;

/** The first view's Read aloud: the reader starts reading once it has taken over. */
export function requestReadAloud(): void {
  requested = true;
}

/** True once after requestReadAloud(). */
export function takeReadAloudRequest(): boolean {
  const was = requested;
  requested = false;
  return was;
}
