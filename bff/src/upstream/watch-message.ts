// What a watch-live link shows (the api's /v1/watch/{token} and its live channel, decision 069) and
// its GraphQL shape (WatchedStory). The bridge parses each frame once for every watcher.

/** The api's phases; GraphQL's WatchPhase carries them inside (graphql/enum-values.ts). */
export const WATCH_PHASES = ["writing", "reviewing", "public", "private"] as const;
export type WatchPhase = (typeof WATCH_PHASES)[number];

/** The api's watch update: `{phase, title, progress, chapters, story_id, seq}`. */
export interface WatchUpdateMessage {
  phase: string;
  title: string;
  progress: number;
  chapters: Array<{ title: string; paragraphs: string[] }>;
  story_id: string | null;
  seq: number;
}

/** One update as GraphQL's WatchedStory shows it (its codegen mapper). */
export interface WatchEvent {
  phase: WatchPhase;
  title: string;
  progress: number;
  chapters: Array<{ title: string; paragraphs: string[] }>;
  storyPublicId: string | null;
  seq: number;
}

const isPhase = (value: string): value is WatchPhase =>
  (WATCH_PHASES as readonly string[]).includes(value);

export function watchEventOf(message: WatchUpdateMessage): WatchEvent {
  return {
    phase: isPhase(message.phase) ? message.phase : "private",
    title: message.title,
    progress: message.progress,
    chapters: message.chapters.map((chapter) => ({
      title: chapter.title,
      paragraphs: [...chapter.paragraphs],
    })),
    storyPublicId: message.story_id,
    seq: message.seq,
  };
}

/** A frame of the watch channel; null when it is not one (skipped). */
export function watchEventFrom(frame: string): WatchEvent | null {
  try {
    const message = JSON.parse(frame) as Partial<WatchUpdateMessage> | null;
    if (
      message === null ||
      typeof message !== "object" ||
      typeof message.phase !== "string" ||
      typeof message.title !== "string" ||
      typeof message.progress !== "number" ||
      !Array.isArray(message.chapters) ||
      typeof message.seq !== "number"
    ) {
      return null;
    }
    return watchEventOf({ ...message, story_id: message.story_id ?? null } as WatchUpdateMessage);
  } catch {
    return null;
  }
}
