import { describe, expect, it } from "vitest";
import { completeParagraphText, paragraphsFromText } from "./text.js";

describe("paragraphsFromText", () => {
  it("splits on blank lines and joins wrapped lines", () => {
    expect(paragraphsFromText("One line\nwrapped.\n\n  \nTwo.\r\n\r\nThree.", "T")).toEqual([
      "One line wrapped.",
      "Two.",
      "Three.",
    ]);
  });

  it("splits on single line breaks when the text has no blank line at all", () => {
    expect(paragraphsFromText("First.\nSecond.\n", "T")).toEqual(["First.", "Second."]);
  });

  it("removes markdown: headings, emphasis, rules, quotes and fences", () => {
    const text =
      "```\n# Heading\n\n**Bold** and *soft* and ___under___ words.\n\n* * *\n\n> Quoted line.\n```";
    expect(paragraphsFromText(text, "T")).toEqual([
      "Bold and soft and under words.",
      "Quoted line.",
    ]);
  });

  it("keeps snake_case words and lone asterisks", () => {
    expect(paragraphsFromText("Call it my_var_name, 5 * 3 stars.", "T")).toEqual([
      "Call it my_var_name, 5 * 3 stars.",
    ]);
  });

  it("drops a leading repeated chapter title in its usual forms", () => {
    const title = "The Storm";
    for (const lead of [
      "The Storm",
      "**The Storm**",
      "Chapter 2",
      "Chapter Two: The Storm",
      "Chapter 2\n\nThe Storm",
    ]) {
      expect(paragraphsFromText(`${lead}\n\nRain fell.`, title), lead).toEqual(["Rain fell."]);
    }
    expect(
      paragraphsFromText("The Storm was coming, everyone knew.\n\nRain fell.", title),
    ).toHaveLength(2);
    expect(paragraphsFromText("Rain fell.\n\nThe Storm", title)).toEqual([
      "Rain fell.",
      "The Storm",
    ]);
  });

  it("hides <think> blocks, closed or still open", () => {
    expect(paragraphsFromText("<think>plan it</think>\n\nStory.", "T")).toEqual(["Story."]);
    expect(paragraphsFromText("<think>still thinking", "T")).toEqual([]);
  });
});

describe("completeParagraphText", () => {
  it("keeps the text up to the last blank line", () => {
    expect(completeParagraphText("One.\n\nTwo.\n\nThree is still bei")).toBe("One.\n\nTwo.");
    expect(completeParagraphText("No break yet")).toBe("No break yet");
  });
});
