import { spendAllowance } from "../allowance/ai-allowance.js";
import { nanoid } from "nanoid";
import { canonicalText, REWRITE_ALTERNATIVES, type TextRange } from "@storyloom/common";
import type { RewriteKind } from "@storyloom/writer";
import type {
  PassageRewriteRecord,
  RewriteInstructionKind,
  UserRecord,
} from "../platform/db/schema.js";
import { isUniqueViolation } from "../platform/db/postgres-errors.js";
import { conflict } from "../platform/lib/errors.js";
import type { WarningLog } from "../platform/lib/warning-log.js";
import { editChanges } from "../stories/lifecycle-rules.js";
import type { StoryWithAuthor } from "../stories/stories-queries.js";
import { findActedOn, type StoryActionsDeps } from "../stories/story-actions.js";
import { applyTransition } from "../stories/story-lifecycle.js";
import { StoryVersionsQueries } from "../stories/story-versions-queries.js";
import { ownersView, type StoryView } from "../stories/story-views.js";
import { withNewText } from "../stories/version-recording.js";
import { assertOwner } from "../stories/visibility-rules.js";
import type { RewriteRunner } from "./rewrite-runner.js";
import {
  assertRewritable,
  BEING_REWRITTEN,
  checkInstruction,
  checkKeep,
  checkSelection,
  ONLY_AUTHOR_REWRITE,
  revisionRange,
  rewriteNotFound,
  TEXT_CHANGED,
  withPassageReplaced,
} from "./rewrite-rules.js";
import { RewritesQueries } from "./rewrites-queries.js";

// Rewriting a passage and revising from readers' notes (docs/product.md#rewrite-a-passage,
// docs/decisions/061-passage-rewrites.md): owner only, on a story under review or completed.

/** A rewrite with the readers' notes it followed. */
export interface RewriteView extends PassageRewriteRecord {
  noteIds: string[];
}

/** Told once a kept revision used readers' notes: their authors may hear "your note shaped…". */
export type NotesShapedHook = (event: {
  storyId: string;
  storyPublicId: string;
  rewriteId: string;
  commentIds: string[];
}) => void | Promise<void>;

export interface RewriteDeps extends StoryActionsDeps {
  runner: RewriteRunner;
  onNotesShaped?: NotesShapedHook;
}

export interface RewriteRequest {
  range: TextRange;
  kind: Exclude<RewriteInstructionKind, "notes">;
  text?: string | undefined;
}

export interface PassageRewrites {
  /** Starts writing alternatives for a selection (answered at once, status writing). */
  startRewrite(owner: UserRecord, publicId: string, request: RewriteRequest): Promise<RewriteView>;
  /** Starts a revision of the passages these readers' notes are on, the notes as guidance. */
  reviseFromNotes(owner: UserRecord, publicId: string, noteIds: string[]): Promise<RewriteView>;
  getRewrite(owner: UserRecord, publicId: string, id: string): Promise<RewriteView>;
  /** The story's rewrites, newest first, with every alternative. */
  listRewrites(owner: UserRecord, publicId: string): Promise<RewriteView[]>;
  /** Keeps an alternative (a new version, cause rewritten) or, with null, the original. */
  keepRewrite(
    owner: UserRecord,
    publicId: string,
    id: string,
    alternative: number | null,
    log?: WarningLog,
  ): Promise<{ rewrite: RewriteView; story: StoryView }>;
}

export function createPassageRewrites(deps: RewriteDeps): PassageRewrites {
  const { db } = deps;
  const queries = new RewritesQueries(db);

  async function ownStory(owner: UserRecord, publicId: string, log?: WarningLog) {
    const story = await findActedOn(deps, publicId, log);
    assertOwner(story, owner.id, ONLY_AUTHOR_REWRITE);
    return story;
  }

  async function view(row: PassageRewriteRecord): Promise<RewriteView> {
    return { ...row, noteIds: (await queries.notesOf([row.id])).get(row.id) ?? [] };
  }

  async function begin(
    owner: UserRecord,
    story: StoryWithAuthor,
    range: TextRange,
    instruction: { kind: RewriteInstructionKind; text: string | null; notes?: string[] },
    noteIds: string[] = [],
  ): Promise<RewriteView> {
    assertRewritable(story.status);
    const content = story.content ?? { chapters: [] };
    const selection = checkSelection(content, range);
    await queries.failStale(story.id);
    const id = nanoid(16);
    const row = await queries
      .insert(
        {
          id,
          storyId: story.id,
          ownerId: owner.id,
          chapterIndex: selection.chapterIndex,
          rangeStart: range.start,
          rangeEnd: range.end,
          original: selection.text,
          instructionKind: instruction.kind,
          instructionText: instruction.text,
        },
        noteIds,
      )
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw conflict("INVALID_TRANSITION", BEING_REWRITTEN);
        throw error;
      });
    const text = canonicalText(content);
    const kind: RewriteKind = instruction.kind === "notes" ? "custom" : instruction.kind;
    deps.runner.start(id, story.id, {
      passage: selection.text,
      instruction: { kind, text: instruction.text ?? undefined, notes: instruction.notes },
      count: REWRITE_ALTERNATIVES,
      seed: id,
      context: {
        storyTitle: story.title,
        before: text.slice(Math.max(0, range.start - 1500), range.start),
        after: text.slice(range.end, range.end + 1500),
      },
    });
    return { ...row, noteIds };
  }

  return {
    async startRewrite(owner, publicId, request) {
      const story = await ownStory(owner, publicId);
      const text = checkInstruction(request.kind, request.text);
      return spendAllowance(deps.allowance, owner, "rewrite", story.id, () =>
        begin(owner, story, request.range, { kind: request.kind, text }),
      );
    },

    async reviseFromNotes(owner, publicId, noteIds) {
      const story = await ownStory(owner, publicId);
      assertRewritable(story.status);
      const ids = [...new Set(noteIds)];
      const notes = await queries.notes(ids);
      const range = revisionRange(story.content ?? { chapters: [] }, story.id, noteIds, notes);
      const guidance = notes.map((note) => note.content);
      return spendAllowance(deps.allowance, owner, "rewrite", story.id, () =>
        begin(
          owner,
          story,
          range,
          { kind: "notes", text: guidance.join("\n").slice(0, 2000), notes: guidance },
          ids,
        ),
      );
    },

    async getRewrite(owner, publicId, id) {
      const story = await ownStory(owner, publicId);
      const row = await queries.find(story.id, id);
      if (row === null) throw rewriteNotFound();
      return view(row);
    },

    async listRewrites(owner, publicId) {
      const story = await ownStory(owner, publicId);
      const rows = await queries.list(story.id);
      const notes = await queries.notesOf(rows.map((row) => row.id));
      return rows.map((row) => ({ ...row, noteIds: notes.get(row.id) ?? [] }));
    },

    async keepRewrite(owner, publicId, id, alternative, log) {
      const story = await ownStory(owner, publicId, log);
      const row = await queries.find(story.id, id);
      if (row === null) throw rewriteNotFound();
      checkKeep(row, alternative);
      if (alternative === null) {
        if (!(await queries.decide(id, { status: "original_kept", keptAlternative: null }))) {
          checkKeep((await queries.find(story.id, id)) ?? row, null);
        }
        return {
          rewrite: await view({ ...row, status: "original_kept" }),
          story: await ownersView(deps, story, owner),
        };
      }
      const kept = await keepAlternative(deps, story, row, alternative);
      const rewrite = await view(kept);
      if (rewrite.noteIds.length > 0) {
        await Promise.resolve(
          deps.onNotesShaped?.({
            storyId: story.id,
            storyPublicId: story.publicId,
            rewriteId: id,
            commentIds: rewrite.noteIds,
          }),
        ).catch((error: unknown) => log?.warn({ err: error }, "the notes-shaped hook failed"));
      }
      return { rewrite, story: await ownersView(deps, await refreshed(deps, story), owner) };
    },
  };
}

/** The alternative becomes the story's text, a version (rewritten), in one transaction. */
async function keepAlternative(
  deps: RewriteDeps,
  story: StoryWithAuthor,
  row: PassageRewriteRecord,
  alternative: number,
): Promise<PassageRewriteRecord> {
  assertRewritable(story.status);
  const replacement = row.alternatives[alternative] ?? "";
  const content = story.content && withPassageReplaced(story.content, row, replacement);
  if (!content) throw conflict("INVALID_TRANSITION", TEXT_CHANGED);
  return deps.db.transaction(async (tx) => {
    const queries = new RewritesQueries(tx);
    if (!(await queries.decide(row.id, { status: "kept", keptAlternative: alternative }))) {
      checkKeep((await queries.find(story.id, row.id)) ?? row, alternative);
    }
    await withNewText(tx, story, { content }, { cause: "rewritten" }, (inner) =>
      applyTransition(inner, story, "edit", (current) => {
        const fresh = current.content && withPassageReplaced(current.content, row, replacement);
        if (!fresh) throw conflict("INVALID_TRANSITION", TEXT_CHANGED);
        return editChanges({ content: fresh });
      }),
    );
    const latest = await new StoryVersionsQueries(tx).latest(story.id);
    if (latest !== null) await queries.setKeptVersion(row.id, latest.number);
    return {
      ...row,
      status: "kept" as const,
      keptAlternative: alternative,
      keptVersion: latest?.number ?? null,
    };
  });
}

async function refreshed(deps: RewriteDeps, story: StoryWithAuthor): Promise<StoryWithAuthor> {
  return (await deps.stories.findByPublicId(story.publicId)) ?? story;
}
