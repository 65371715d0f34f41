/** The studio's words (docs/product.md#the-writers-studio). */
export const STUDIO_MESSAGES = {
  edit: "Edit story",
  history: "History",
  save: "Save changes",
  saving: "Saving...",
  cancel: "Cancel",
  saved: "Changes saved.",
  saveFailed: "Could not save your changes.",
  titleRequired: "Title is required.",
  emptyChapter: "A chapter needs some text.",
  versionsHeading: "Versions",
  versionsLoading: "Loading versions...",
  versionsFailed: "Could not load the versions.",
  noVersions: "No versions yet.",
  showChanges: "Show changes",
  hideChanges: "Hide changes",
  restore: "Restore this version",
  restoreFailed: "Could not restore the version.",
  current: "Current",
  added: "Added:",
  removed: "Removed:",
  rewrite: "Rewrite",
  rewriteHeading: "Rewrite a passage",
  rewriteSelect: "Select some text to rewrite.",
  rewriteSelected: "Selected passage",
  acrossChapters: "The selected passage must lie inside one chapter.",
  rewriteInstruction: "Instruction",
  ownWordsLabel: "Your instruction",
  rewriteStart: "Rewrite",
  rewriteStarting: "Starting...",
  rewriteFailed: "Could not rewrite the passage.",
  writing: "Writing alternatives...",
  alternatives: "Alternatives",
  original: "Original",
  keepThis: "Keep this one",
  keepOriginal: "Keep the original",
  keeping: "Keeping...",
  kept: "Passage rewritten.",
  originalKept: "The original was kept.",
  keepFailed: "Could not keep the rewrite.",
  pastRewrites: "Past rewrites",
  noRewrites: "No rewrites yet.",
  close: "Close",
  notesHeading: "Revise from readers' notes",
  noNotes: "No readers' notes on passages yet.",
  reviseFromNotes: "Revise from notes",
  continueStory: "Continue the story",
  directionLabel: "Direction (optional)",
  directionHint: "A line on what happens next. Leave it empty and the writer carries on.",
  writeNextChapter: "Write the next chapter",
  continueStarting: "Starting...",
  continueFailed: "Could not ask for the next chapter.",
  writingChapter: "Writing the next chapter...",
  chapterReady: "The next chapter is written. Read it, then publish or discard it.",
  chapterFailed: "Could not write the next chapter.",
  nextChapterHeading: "Next chapter",
  publishChapter: "Publish chapter",
  publishing: "Publishing...",
  publishFailed: "Could not publish the chapter.",
  chapterPublished: "Chapter published.",
  discardChapter: "Discard chapter",
  discarding: "Discarding...",
  discardFailed: "Could not discard the chapter.",
  chapterDiscarded: "Chapter discarded.",
  tryAgain: "Try again",
  newChapter: "New chapter",
} as const;

/** The longest line of direction for a next chapter (the api's limit). */
export const DIRECTION_MAX = 500;

/** The instructions a rewrite offers, in the product's words (docs/product.md#rewrite-a-passage). */
export const REWRITE_INSTRUCTION_LABELS: Record<string, string> = {
  SHORTER: "Shorter",
  LONGER: "Longer",
  MORE_DIALOGUE: "More dialogue",
  DARKER: "Darker",
  LIGHTER: "Lighter",
  CUSTOM: "Own words",
  NOTES: "Readers' notes",
};

export const alternativeLabel = (index: number) => `Alternative ${index + 1}`;
export const keptAlternativeLabel = (index: number) => `Kept alternative ${index + 1}`;

/** How the history names what made a version. */
export const VERSION_CAUSE_LABELS: Record<string, string> = {
  WRITTEN: "Written",
  REGENERATED: "Regenerated",
  CONFIRMED: "Confirmed with edits",
  EDITED: "Edited",
  REWRITTEN: "Passage rewritten",
  RESTORED: "Restored",
  CHAPTER_ADDED: "New chapter",
};

export const restoredMessage = (number: number) => `Version ${number} restored.`;
export const revisedLabel = (date: string) => `Revised ${date}`;
