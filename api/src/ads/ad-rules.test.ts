import { describe, expect, it } from "vitest";
import { hourBucket, validUrl, weightedChoice } from "./ad-rules.js";

describe("choosing an ad by weight", () => {
  const items = [
    { id: "a", weight: 1 },
    { id: "b", weight: 3 },
  ];

  it.each([
    [0, "a"],
    [0.24, "a"],
    [0.25, "b"],
    [0.999, "b"],
  ])("at the point %f of the total picks %s", (random, id) => {
    expect(weightedChoice(items, () => random)?.id).toBe(id);
  });

  it("picks nothing from nothing", () => {
    expect(weightedChoice([], () => 0.5)).toBeNull();
  });
});

describe("addresses admins write", () => {
  it("takes an address of an allowed scheme, normalised", () => {
    expect(validUrl("target_url", " https://Example.com/a b ", ["https"])).toBe(
      "https://example.com/a%20b",
    );
  });

  it.each(["http://example.com", "javascript:alert(1)", "/relative", "https://"])(
    "refuses %s where only https is allowed",
    (url) => {
      expect(() => validUrl("image_url", url, ["https"])).toThrow(/image_url/);
    },
  );
});

describe("the hour a click is counted in", () => {
  it("is the start of its UTC hour", () => {
    expect(hourBucket(new Date("2026-11-24T05:59:59.999Z")).toISOString()).toBe(
      "2026-11-24T05:00:00.000Z",
    );
  });
});
