import { describe, expect, it } from "vitest";
import { SseParser, readCompletionChunk } from "./sse.js";

/** Feeds `bytes` in the given pieces through a streaming decoder, as the writer does. */
function parse(bytes: Uint8Array, cuts: number[]): string[] {
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const events: string[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    events.push(...parser.push(decoder.decode(bytes.subarray(start, cut), { stream: true })));
    start = cut;
  }
  events.push(...parser.push(decoder.decode()), ...parser.end());
  return events;
}

describe("SseParser", () => {
  const body =
    ': comment\n\ndata: {"a":"é🌙"}\n\nevent: ping\nid: 7\nretry: 10\n\ndata: line one\ndata: line two\n\r\ndata:no-space\r\rdata: [DONE]\n\n';
  const expected = ['{"a":"é🌙"}', "line one\nline two", "no-space", "[DONE]"];

  it("reads events, skipping comments and other fields", () => {
    expect(parse(new TextEncoder().encode(body), [])).toEqual(expected);
  });

  it("gives the same events wherever the bytes are split, even inside a character or a CRLF", () => {
    const bytes = new TextEncoder().encode(body);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(parse(bytes, [cut]), `cut at ${cut}`).toEqual(expected);
    }
    const everyByte = Array.from({ length: bytes.length - 1 }, (_, index) => index + 1);
    expect(parse(bytes, everyByte)).toEqual(expected);
  });

  it("dispatches a last event that lacks its blank line", () => {
    expect(parse(new TextEncoder().encode("data: tail"), [])).toEqual(["tail"]);
  });
});

describe("readCompletionChunk", () => {
  it("reads content deltas, [DONE] and error events", () => {
    expect(readCompletionChunk('{"choices":[{"delta":{"content":"Hi"}}]}')).toEqual({
      kind: "content",
      text: "Hi",
    });
    expect(readCompletionChunk(" [DONE]")).toEqual({ kind: "done" });
    expect(readCompletionChunk('{"error":{"message":"boom"}}')).toEqual({
      kind: "error",
      message: "boom",
    });
  });

  it("skips anything else", () => {
    for (const data of [
      "",
      "nope",
      "[1]",
      '{"choices":[]}',
      '{"choices":[{"delta":{"role":"assistant"}}]}',
      '{"choices":[{"delta":{"content":3}}]}',
    ]) {
      expect(readCompletionChunk(data)).toEqual({ kind: "other" });
    }
  });
});
