import { describe, expect, it } from "vitest";
import { readDay, readerKey } from "./reader-key-rules.js";

describe("readerKey", () => {
  const visitor = { address: "203.0.113.7" };

  it("gives one reader one key a day, and another key the next day", () => {
    expect(readerKey("s", visitor, "2026-01-01")).toBe(
      readerKey("s", { ...visitor }, "2026-01-01"),
    );
    expect(readerKey("s", visitor, "2026-01-02")).not.toBe(readerKey("s", visitor, "2026-01-01"));
  });

  it("tells visitors apart by address, and never contains it", () => {
    const key = readerKey("s", visitor, "2026-01-01");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain("203.0.113.7");
    expect(readerKey("s", { address: "203.0.113.8" }, "2026-01-01")).not.toBe(key);
    expect(readerKey("other secret", visitor, "2026-01-01")).not.toBe(key);
  });

  it("keys a signed-in reader by user id, whatever their address", () => {
    expect(readerKey("s", { userId: "u1" }, "2026-01-01")).not.toBe(
      readerKey("s", { userId: "u2" }, "2026-01-01"),
    );
  });

  it("counts days in UTC", () => {
    expect(readDay(new Date("2026-01-01T23:59:59-05:00"))).toBe("2026-01-02");
  });
});
