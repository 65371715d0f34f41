import { CombinedGraphQLErrors } from "@apollo/client";
import type { StoryStatus } from "../../../__generated__/graphql";
import { READER_MESSAGES } from "../messages";

/** The live channel opens only for stories being written, under review or failed. */
export const LIVE_STATUSES: ReadonlySet<string> = new Set<StoryStatus>([
  "GENERATING",
  "READY_FOR_REVIEW",
  "ERROR",
]);

const REFETCH_STATUSES: ReadonlySet<string> = new Set<StoryStatus>([
  "READY_FOR_REVIEW",
  "COMPLETED",
  "DISCARDED",
  "ERROR",
]);

/**
 * When a pushed status differs from the current one and is ready_for_review, completed,
 * discarded or error, the story is refetched; a repeat of a stable status does not refetch.
 */
export function shouldRefetchOnPush(currentStatus: string, pushedStatus: string): boolean {
  return pushedStatus !== currentStatus && REFETCH_STATUSES.has(pushedStatus);
}

/** WebSocket close codes of a normal end (1000 normal, 1005 no status), which are not an error. */
const NORMAL_CLOSE_CODES = new Set([1000, 1005]);
const AUTH_CLOSE_CODES = new Set([4401, 4403]);

export type ChannelFailure =
  { kind: "closed"; message: string } | { kind: "error"; message: string };

/** The close code graphql-ws reported, as Apollo's link words it ("Socket closed with event N"). */
function closeCodeOf(error: Error): number | null {
  const match = /Socket closed with event (\d+)/.exec(error.message);
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * How a failed live channel is reported: a normal close is "Connection closed."; an auth
 * refusal, an unexpected close and any other error each have their own message
 * (docs/product.md#live-progress).
 */
export function describeChannelFailure(error: unknown): ChannelFailure {
  if (CombinedGraphQLErrors.is(error)) {
    const codes = error.errors.map((graphQLError) => graphQLError.extensions?.code);
    if (codes.includes("UNAUTHENTICATED") || codes.includes("FORBIDDEN")) {
      return { kind: "error", message: READER_MESSAGES.authenticationFailed };
    }
    return { kind: "error", message: READER_MESSAGES.connectionError };
  }
  if (error instanceof Error) {
    const code = closeCodeOf(error);
    if (code !== null && NORMAL_CLOSE_CODES.has(code)) {
      return { kind: "closed", message: READER_MESSAGES.connectionClosed };
    }
    if (code !== null && AUTH_CLOSE_CODES.has(code)) {
      return { kind: "error", message: READER_MESSAGES.authenticationFailed };
    }
    if (code !== null) return { kind: "error", message: READER_MESSAGES.connectionLost };
  }
  return { kind: "error", message: READER_MESSAGES.connectionError };
}

/** A chapter of the draft as it is being written: its title and the paragraphs so far. */
export interface DraftChapter {
  title: string;
  paragraphs: string[];
}

export interface GenerationUpdate {
  status: string;
  progress: number;
  message: string | null;
  seq: number;
  previewTitle: string | null;
  previewChapterCount: number | null;
  /** The chapters written so far, the last one as far as it goes; null without a preview. */
  previewChapters: DraftChapter[] | null;
}

/** The preview's chapters that can be shown: a title, and paragraphs that are text. */
function draftChaptersOf(chapters: unknown[]): DraftChapter[] {
  return chapters.map((chapter) => {
    const fields =
      typeof chapter === "object" && chapter !== null ? (chapter as Record<string, unknown>) : {};
    const paragraphs = Array.isArray(fields.paragraphs) ? fields.paragraphs : [];
    return {
      title: typeof fields.title === "string" ? fields.title : "",
      paragraphs: paragraphs.filter(
        (paragraph): paragraph is string => typeof paragraph === "string",
      ),
    };
  });
}

/** A pushed update, or null when it is not one (the reader says "Received corrupted update."). */
export function parseGenerationUpdate(value: unknown): GenerationUpdate | null {
  if (typeof value !== "object" || value === null) return null;
  const update = value as Record<string, unknown>;
  const { status, progress, message, seq, contentPreview } = update;
  if (typeof status !== "string" || typeof progress !== "number" || typeof seq !== "number") {
    return null;
  }
  if (message !== null && message !== undefined && typeof message !== "string") return null;
  const preview =
    typeof contentPreview === "object" && contentPreview !== null
      ? (contentPreview as Record<string, unknown>)
      : null;
  return {
    status,
    progress,
    message: typeof message === "string" ? message : null,
    seq,
    previewTitle: typeof preview?.title === "string" ? preview.title : null,
    previewChapterCount: Array.isArray(preview?.chapters) ? preview.chapters.length : null,
    previewChapters: Array.isArray(preview?.chapters) ? draftChaptersOf(preview.chapters) : null,
  };
}
