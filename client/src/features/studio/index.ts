// The writer's studio: the owner's tools on their story's page (editor, versions), and what
// readers see of revisions. The tools' code loads only for the story's owner.
export { StudioTools } from "./studio-gate";
export { RevisedNote } from "./revised-note";
