import type { UserRecord } from "../platform/db/schema.js";
import type { WarningLog } from "../platform/lib/warning-log.js";
import { editChanges, ONLY_AUTHOR } from "./lifecycle-rules.js";
import { findActedOn, type StoryActionsDeps } from "./story-actions.js";
import { applyTransition } from "./story-lifecycle.js";
import { StoryVersionsQueries, type VersionEntry } from "./story-versions-queries.js";
import { ownersView, type StoryView } from "./story-views.js";
import { withNewText } from "./version-recording.js";
import { versionNotFound, wordChanges, type TextChange } from "./version-rules.js";
import { assertOwner } from "./visibility-rules.js";

// A story's versions (docs/product.md#versions): each change of its text is kept with its cause;
// its owner reads the history, what each version changed, and restores one.

/** A version with what it changed from the one before. */
export interface VersionDiff extends VersionEntry {
  changes: TextChange[];
}

export interface StoryVersions {
  /** The owner's history of the story, newest first. */
  listVersions(owner: UserRecord, publicId: string): Promise<VersionEntry[]>;
  /** One version and what it changed from the one before, word by word. */
  versionDiff(owner: UserRecord, publicId: string, number: number): Promise<VersionDiff>;
  /** Brings an earlier version's text back, as a new version (cause restored). */
  restoreVersion(
    owner: UserRecord,
    publicId: string,
    number: number,
    log?: WarningLog,
  ): Promise<StoryView>;
}

export function createStoryVersions(deps: StoryActionsDeps): StoryVersions {
  const { db } = deps;

  async function ownStory(owner: UserRecord, publicId: string, log?: WarningLog) {
    const story = await findActedOn(deps, publicId, log);
    assertOwner(story, owner.id, ONLY_AUTHOR);
    return story;
  }

  return {
    async listVersions(owner, publicId) {
      const story = await ownStory(owner, publicId);
      return new StoryVersionsQueries(db).list(story.id);
    },

    async versionDiff(owner, publicId, number) {
      const story = await ownStory(owner, publicId);
      const queries = new StoryVersionsQueries(db);
      const [version, previous] = await Promise.all([
        queries.find(story.id, number),
        number > 1 ? queries.find(story.id, number - 1) : null,
      ]);
      if (version === null) throw versionNotFound();
      const { content, storyId: _storyId, ...entry } = version;
      return { ...entry, changes: wordChanges(previous, { title: entry.title, content }) };
    },

    async restoreVersion(owner, publicId, number, log) {
      const story = await ownStory(owner, publicId, log);
      const version = await new StoryVersionsQueries(db).find(story.id, number);
      if (version === null) throw versionNotFound();
      const edits = { title: version.title, content: version.content };
      const restored = await withNewText(
        db,
        story,
        edits,
        { cause: "restored", restoredFrom: number },
        (tx) => applyTransition(tx, story, "edit", () => editChanges(edits)),
      );
      return ownersView(deps, restored, owner);
    },
  };
}
