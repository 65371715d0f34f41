// The comments feature's public face: what the reader mounts (its first view's parts are in
// components.ts).
export { StoryDiscussion } from "./story-discussion";
export { StoryDiscussionFragment } from "./story-comments-query";
export type { StoryAnnotations } from "./annotated-paragraph";
