// The comments feature's public face: what the reader mounts (its first view's parts are in
// components.ts).
export { StoryDiscussion } from "./story-discussion";
export { StoryDiscussionFragment } from "./story-comments-query";
export type { StoryAnnotations } from "./annotated-paragraph";
// The attribute each paragraph carries with its start in the canonical text (the library finds
// the reader's place by it); the studio's rewrite maps a selection, and its revision from readers'
// notes reads the notes.
export { inlineRangeFromSelection, PARAGRAPH_START_ATTRIBUTE } from "./selection-range";
export { CommentFieldsFragment, StoryCommentsQuery } from "./story-comments-query";
