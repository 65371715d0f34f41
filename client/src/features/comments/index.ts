// The comments feature's public face: what the reader mounts.
export { AnnotatedParagraph, type StoryAnnotations } from "./annotated-paragraph";
export { StoryDiscussion } from "./story-discussion";
export { StoryDiscussionFragment } from "./story-comments-query";
