import { afterEach, describe, expect, it } from "vitest";
import { inlineRangeFromSelection } from "./selection-range";

// Two paragraphs as the story text renders them: "Water rose over the city." starts at 0, and
// "Only the lighthouse stood." at 27 (after "\n\n"); the second has a highlighted passage.
function renderParagraphs() {
  document.body.innerHTML = `
    <article>
      <h2>The Flood</h2>
      <p data-text-start="0" data-text-end="25">Water rose over the city.</p>
      <p data-text-start="27" data-text-end="53">Only the <mark>lighthouse</mark> stood.</p>
    </article>`;
  const [first, second] = [...document.querySelectorAll("p")];
  const heading = document.querySelector("h2");
  if (!first || !second || !heading) throw new Error("fixture missing");
  return { first, second, heading };
}

function textOf(node: Node | null | undefined): Node {
  if (!node) throw new Error("no node");
  return node;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("mapping a selection onto canonical offsets", () => {
  it("gives the offsets and text of a selection inside one paragraph", () => {
    const { first } = renderParagraphs();
    const text = textOf(first.firstChild);
    expect(
      inlineRangeFromSelection({
        anchorNode: text,
        anchorOffset: 6,
        focusNode: text,
        focusOffset: 24,
      }),
    ).toEqual({ start: 6, end: 24, text: "rose over the city" });
  });

  it("counts the text before a highlight and orders a backwards selection", () => {
    const { second } = renderParagraphs();
    const mark = textOf(second.querySelector("mark")?.firstChild);
    const after = textOf(second.lastChild);
    // Selected from the end of "stood" back to the start of "lighthouse".
    expect(
      inlineRangeFromSelection({
        anchorNode: after,
        anchorOffset: 6,
        focusNode: mark,
        focusOffset: 0,
      }),
    ).toEqual({ start: 36, end: 52, text: "lighthouse stood" });
  });

  it("ignores a selection of 3 characters or fewer", () => {
    const { first } = renderParagraphs();
    const text = textOf(first.firstChild);
    expect(
      inlineRangeFromSelection({
        anchorNode: text,
        anchorOffset: 0,
        focusNode: text,
        focusOffset: 3,
      }),
    ).toBeNull();
    expect(
      inlineRangeFromSelection({
        anchorNode: text,
        anchorOffset: 0,
        focusNode: text,
        focusOffset: 4,
      }),
    ).toEqual({ start: 0, end: 4, text: "Wate" });
  });

  it("ignores a selection that crosses paragraphs", () => {
    const { first, second } = renderParagraphs();
    expect(
      inlineRangeFromSelection({
        anchorNode: textOf(first.firstChild),
        anchorOffset: 6,
        focusNode: textOf(second.firstChild),
        focusOffset: 4,
      }),
    ).toBeNull();
  });

  it("ignores a selection outside the story's paragraphs", () => {
    const { heading } = renderParagraphs();
    const text = textOf(heading.firstChild);
    expect(
      inlineRangeFromSelection({
        anchorNode: text,
        anchorOffset: 0,
        focusNode: text,
        focusOffset: 8,
      }),
    ).toBeNull();
  });
});
