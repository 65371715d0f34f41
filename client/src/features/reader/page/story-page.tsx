import type { FragmentType } from "../../../__generated__";
import { useEffect, useState } from "react";
import { useLocation, useParams } from "react-router";
import { readStoryReaderRouteState } from "../../../lib/story-reader-route-state";
import { useOfflineCopy } from "../../offline/components";
import { OfflineStoryView } from "./offline-story-view";
import { StoryReader, type StoryReaderFragment } from "./story-reader";
import "./story-page.css";

/** /stories/:storyId, the story reader: keyed by the story's public id. */
export function StoryPage() {
  const { storyId = "" } = useParams();
  const location = useLocation();
  const { initialStory, animateOnEnter } = readStoryReaderRouteState(location.state, storyId);
  const entered = useEnterAnimation(animateOnEnter);
  // Offline, a story this reader saved is read from its copy (docs/product.md#offline-reading).
  const offlineCopy = useOfflineCopy(storyId);
  if (offlineCopy) {
    return (
      <div className="story-page story-page--entered">
        <OfflineStoryView key={storyId} saved={offlineCopy} />
      </div>
    );
  }
  return (
    <div className={entered ? "story-page story-page--entered" : "story-page"}>
      <StoryReader
        key={storyId}
        publicId={storyId}
        // Checked to be a Story with this public id; its fields are the reader fragment's, as the
        // mutation that produced it selected them.
        initialStory={initialStory as FragmentType<typeof StoryReaderFragment> | null}
      />
    </div>
  );
}

/** The enter animation starts 50 ms after the page mounts. */
function useEnterAnimation(animate: boolean): boolean {
  const [entered, setEntered] = useState(!animate);
  useEffect(() => {
    if (!animate) return;
    const timer = setTimeout(() => setEntered(true), 50);
    return () => clearTimeout(timer);
  }, [animate]);
  return entered;
}
