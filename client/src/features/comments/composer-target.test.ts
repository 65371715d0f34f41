import { describe, expect, it } from "vitest";
import {
  GENERAL_TARGET,
  composerPlaceholder,
  composerTargetReducer,
  type ComposerTarget,
} from "./composer-target";

const reply = { id: "Comment:7", name: "mira" };
const range = { start: 6, end: 30, text: "rose over the city and the tide would not turn" };

describe("composer target", () => {
  it("choosing Reply sets the reply target and clears a pending inline range", () => {
    const withRange: ComposerTarget = { replyTo: null, inlineRange: range };
    expect(composerTargetReducer(withRange, { type: "reply", target: reply })).toEqual({
      replyTo: reply,
      inlineRange: null,
    });
  });

  it("an inline range clears the reply target", () => {
    const replying: ComposerTarget = { replyTo: reply, inlineRange: null };
    expect(composerTargetReducer(replying, { type: "inline", range })).toEqual({
      replyTo: null,
      inlineRange: range,
    });
  });

  it("a successful post clears the reply target and the range", () => {
    expect(composerTargetReducer({ replyTo: reply, inlineRange: null }, { type: "posted" })).toBe(
      GENERAL_TARGET,
    );
    expect(composerTargetReducer({ replyTo: null, inlineRange: range }, { type: "posted" })).toBe(
      GENERAL_TARGET,
    );
  });

  it("cancelling one target leaves the composer posting a general comment", () => {
    expect(
      composerTargetReducer({ replyTo: reply, inlineRange: null }, { type: "clearReply" }),
    ).toEqual(GENERAL_TARGET);
    expect(
      composerTargetReducer({ replyTo: null, inlineRange: range }, { type: "clearInline" }),
    ).toEqual(GENERAL_TARGET);
  });
});

describe("composer placeholder", () => {
  it("names the person replied to", () => {
    expect(composerPlaceholder({ replyTo: reply, inlineRange: null })).toBe("Replying to mira...");
  });

  it("shows the first 30 characters of the selected text for an inline note", () => {
    expect(composerPlaceholder({ replyTo: null, inlineRange: range })).toBe(
      "rose over the city and the tid",
    );
  });

  it("says Add a comment... otherwise", () => {
    expect(composerPlaceholder(GENERAL_TARGET)).toBe("Add a comment...");
  });
});
