// The comments feature's parts that a page draws before Apollo Client has loaded (a story page's
// first view, docs/decisions/038-first-views-without-apollo.md): nothing here imports Apollo or a
// document.
export { AnnotatedParagraph, type StoryAnnotations } from "./annotated-paragraph";
export { CommentsLauncher, requestCommentsOpen } from "./comments-launcher";
