import { lazy, Suspense, type ReactNode } from "react";
import type { FragmentType } from "../../__generated__";
import type { StudioToolsFragment } from "./studio-fragment";

// The owner's tools load with their own chunk, for owners only: a visitor's first view carries
// none of the editor's code (docs/decisions/055-studio-editor.md).
const StudioToolsPanel = lazy(() =>
  import("./studio-tools").then((module) => ({ default: module.StudioTools })),
);

interface StudioToolsProps {
  story: FragmentType<typeof StudioToolsFragment>;
  /** Story.viewerIsAuthor: only the owner gets the tools. */
  owner: boolean;
  /** The story's text as the reader shows it; the editor takes its place while editing. */
  children: ReactNode;
}

/** The writer's studio around the story's text: for its owner, Edit story and History. */
export function StudioTools({ story, owner, children }: StudioToolsProps) {
  if (!owner) return <>{children}</>;
  return (
    <Suspense fallback={children}>
      <StudioToolsPanel story={story}>{children}</StudioToolsPanel>
    </Suspense>
  );
}
