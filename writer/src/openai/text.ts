import type { Chapter } from "@storyloom/common";

// Turns what a chat model writes into the stored chapter shape: plain-text paragraphs. Models add
// markdown, repeat the chapter title, or think aloud in <think> blocks even when told not to; the
// reader renders text as text, so all of that is removed here rather than shown as symbols.
// The same function runs on the partial text while streaming and on the final text, so the last
// progress report and the returned chapter agree.

/** Reasoning models (DeepSeek R1, Qwen 3) may put their thinking into the content. */
export function stripThinking(text: string): string {
  // An unclosed block is still being thought: hide it until it closes.
  return text.replace(/<think>[\s\S]*?(?:<\/think>|$)/g, "");
}

export function chapterFromText(raw: string, title: string): Chapter {
  return { title, paragraphs: paragraphsFromText(raw, title) };
}

export function paragraphsFromText(raw: string, title: string): string[] {
  const text = stripThinking(raw)
    .replace(/\r\n?/g, "\n")
    .replace(/^[ \t]*```.*$/gm, "");
  const paragraphs = splitBlocks(text)
    .map(cleanBlock)
    .filter((paragraph) => paragraph !== "");
  return dropLeadingTitle(paragraphs, title);
}

/**
 * Paragraphs are separated by blank lines. A model that uses single line breaks instead (some
 * small ones do) would otherwise produce one huge paragraph, so text with no blank line at all is
 * split on single breaks.
 */
function splitBlocks(text: string): string[] {
  const blocks = text.split(/\n[ \t]*\n/);
  if (blocks.length > 1) return blocks;
  return text.split("\n");
}

function cleanBlock(block: string): string {
  const lines = block
    .split("\n")
    .filter((line) => !isHeading(line) && !isRule(line))
    .map((line) => line.replace(/^\s*>\s?/, ""));
  return stripEmphasis(lines.join(" ")).replace(/\s+/g, " ").trim();
}

function isHeading(line: string): boolean {
  return /^\s{0,3}#{1,6}(\s|$)/.test(line);
}

/** `---`, `***`, `* * *`: scene-break rules, which would show as stray symbols. */
function isRule(line: string): boolean {
  return /^\s*([-*_=~])(\s*\1){2,}\s*$/.test(line);
}

function stripEmphasis(text: string): string {
  return (
    text
      .replace(/(\*{1,3})(?=\S)(.+?)(?<=\S)\1/g, "$2")
      // Underscores only at word edges, so snake_case words (rare, but possible) survive.
      .replace(/(^|[^\p{L}\p{N}_])(_{1,3})(?=\S)(.+?)(?<=\S)\2(?![\p{L}\p{N}_])/gu, "$1$3")
      // A bold marker still open while streaming, or never closed.
      .replace(/\*\*+|__+/g, "")
  );
}

/** "Chapter 2", "Chapter Two: The Storm" or the plan's title itself as the first paragraph. */
function dropLeadingTitle(paragraphs: string[], title: string): string[] {
  let start = 0;
  // Two lines at most: "Chapter 2" followed by "The Storm".
  while (start < 2 && start < paragraphs.length && isTitleLine(paragraphs[start] ?? "", title)) {
    start += 1;
  }
  return start === 0 ? paragraphs : paragraphs.slice(start);
}

function isTitleLine(paragraph: string, title: string): boolean {
  const line = comparable(paragraph);
  const wanted = comparable(title);
  if (line === "") return false;
  if (wanted !== "" && line === wanted) return true;
  if (/^chapter [\p{L}\p{N}]+$/u.test(line)) return true;
  return wanted !== "" && /^chapter [\p{L}\p{N}]+ /u.test(line) && line.endsWith(` ${wanted}`);
}

function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Paragraphs whose end has been seen (a blank line followed), for cutting off a runaway stream. */
export function completeParagraphText(raw: string): string {
  const normalised = raw.replace(/\r\n?/g, "\n");
  const lastBreak = normalised.search(/\n[ \t]*\n(?![\s\S]*\n[ \t]*\n)/);
  return lastBreak === -1 ? normalised : normalised.slice(0, lastBreak);
}
