import { useEffect, useMemo } from "react";
import { Link } from "react-router";
import type { FragmentType } from "../../../__generated__";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useOfflineReadingPlace } from "../../library/components";
import { OFFLINE_MESSAGES, withLocalPictures, type SavedStory } from "../../offline/components";
import { StoryText } from "../text/story-text";
import type { StoryTextFragment } from "../text/story-text-fragment";

/**
 * A story read offline: the copy this reader saved on this device (docs/product.md#offline-reading),
 * its pictures from the saved bytes, under a banner saying so. Text only: comments, ads and the
 * author's tools need the network. The reader's place is kept as they scroll and sent on return.
 */
export function OfflineStoryView({ saved }: { saved: SavedStory }) {
  useDocumentTitle(saved.title);
  const urls = useMemo(
    () =>
      new Map(
        Object.entries(saved.pictures).map(([url, picture]) => [
          url,
          URL.createObjectURL(new Blob([picture.bytes], { type: picture.type })),
        ]),
      ),
    [saved],
  );
  useEffect(() => () => urls.forEach((objectUrl) => URL.revokeObjectURL(objectUrl)), [urls]);
  useOfflineReadingPlace(saved.story.storyId, saved.uid, saved.story.text.content ?? null);
  const text = withLocalPictures(saved.story.text, (url) => urls.get(url));
  return (
    <div className="story-reader">
      <p className="offline-banner" role="status">
        {OFFLINE_MESSAGES.banner} <Link to="/my/offline">{OFFLINE_MESSAGES.pageTitle}</Link>
      </p>
      <StoryText story={text as unknown as FragmentType<typeof StoryTextFragment>} />
    </div>
  );
}
