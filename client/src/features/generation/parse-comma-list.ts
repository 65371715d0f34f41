/** Tags and theme keywords are comma-separated, trimmed, with empties removed. */
export function parseCommaList(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}
