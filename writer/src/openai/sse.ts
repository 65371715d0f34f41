import type { TokenUsage } from "../contract.js";
import { usageOf } from "./usage.js";

// Server-sent events as chat completion servers send them (WHATWG "event stream" format): lines
// ending in LF, CRLF or CR; `data:` lines accumulate into one event that a blank line dispatches;
// lines starting with ":" are comments (OpenRouter's keep-alives); other fields (event, id, retry)
// carry nothing a completion needs. Text arrives in arbitrary pieces, so partial lines are kept
// until their end arrives. Bytes must be decoded with a streaming TextDecoder before push(), so a
// UTF-8 character split across network reads is reassembled there.

export class SseParser {
  private buffer = "";
  private data: string[] = [];
  /** The previous piece ended in CR: an LF starting the next piece belongs to the same break. */
  private pendingCr = false;

  /** Feeds decoded text; returns the data of every event completed by it. */
  push(text: string): string[] {
    let input = text;
    if (this.pendingCr && input.startsWith("\n")) input = input.slice(1);
    this.pendingCr = input.endsWith("\r");
    this.buffer += input;
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? "";
    const events: string[] = [];
    for (const line of lines) {
      const event = this.line(line);
      if (event !== null) events.push(event);
    }
    return events;
  }

  /** The stream ended: an event missing its final blank line still counts. */
  end(): string[] {
    const events: string[] = [];
    if (this.buffer !== "") {
      const event = this.line(this.buffer);
      if (event !== null) events.push(event);
      this.buffer = "";
    }
    const last = this.line("");
    if (last !== null) events.push(last);
    return events;
  }

  private line(line: string): string | null {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== "data") return null;
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    this.data.push(value);
    return null;
  }

  private dispatch(): string | null {
    if (this.data.length === 0) return null;
    const event = this.data.join("\n");
    this.data = [];
    return event;
  }
}

export type CompletionChunk =
  | { kind: "done" }
  /** `usage`: the tokens so far, on the last chunk when the request asked for them. */
  | { kind: "content"; text: string; usage?: TokenUsage }
  | { kind: "error"; message: string }
  /** Valid but carrying no text (role announcements, usage, reasoning) or unparsable: skipped. */
  | { kind: "other"; usage?: TokenUsage };

/**
 * What one event of a streamed chat completion says. Garbage is skipped rather than fatal: some
 * proxies interleave their own lines, and a stream that yields no text at all is caught later.
 */
export function readCompletionChunk(data: string): CompletionChunk {
  if (data.trim() === "[DONE]") return { kind: "done" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return { kind: "other" };
  }
  if (!isRecord(parsed)) return { kind: "other" };
  // Servers that fail mid-stream (OpenRouter, vLLM) send {"error": {...}} as an event.
  if (parsed.error !== undefined && parsed.error !== null) {
    return { kind: "error", message: errorMessage(parsed.error) };
  }
  const choice: unknown = Array.isArray(parsed.choices) ? parsed.choices[0] : undefined;
  const delta = isRecord(choice) ? choice.delta : undefined;
  const content = isRecord(delta) ? delta.content : undefined;
  const usage = usageOf(parsed.usage);
  const reported = usage ? { usage } : {};
  return typeof content === "string" && content !== ""
    ? { kind: "content", text: content, ...reported }
    : { kind: "other", ...reported };
}

function errorMessage(error: unknown): string {
  if (typeof error === "string") return error;
  if (isRecord(error) && typeof error.message === "string") return error.message;
  return "unknown error";
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
