import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { graphql } from "../../../__generated__";
import { READER_MESSAGES } from "../messages";

export const ShareWatchLinkMutation = graphql(`
  mutation ShareWatchLink($id: ID!) {
    shareWatchLink(id: $id) {
      token
      path
    }
  }
`);

export const RevokeWatchLinkMutation = graphql(`
  mutation RevokeWatchLink($id: ID!) {
    revokeWatchLink(id: $id)
  }
`);

/**
 * Share watch-live link (docs/product.md#watch-live-links): the owner's link where anyone watches
 * the text arrive, copied to the clipboard (shown to copy by hand when the browser refuses); once
 * shared, Turn off link ends it for every watcher (a new share is a new address).
 */
export function ShareWatchLink({ storyId }: { storyId: string }) {
  const [share, { loading }] = useMutation(ShareWatchLinkMutation);
  const [revoke, { loading: revoking }] = useMutation(RevokeWatchLinkMutation);
  const [outcome, setOutcome] = useState<{ text: string; url: string | null } | null>(null);

  async function onShare() {
    try {
      const { data } = await share({ variables: { id: storyId } });
      const path = data?.shareWatchLink.path;
      if (!path) throw new Error("no link");
      const url = `${window.location.origin}${path}`;
      try {
        await navigator.clipboard.writeText(url);
        setOutcome({ text: READER_MESSAGES.watchLinkCopied, url });
      } catch {
        setOutcome({ text: READER_MESSAGES.watchLinkCopyByHand, url });
      }
    } catch {
      setOutcome({ text: READER_MESSAGES.watchLinkFailed, url: null });
    }
  }

  async function onTurnOff() {
    try {
      await revoke({ variables: { id: storyId } });
      setOutcome({ text: READER_MESSAGES.watchLinkOff, url: null });
    } catch {
      // The link still works: it stays shown, with the control to try again.
      setOutcome((shown) => ({
        text: READER_MESSAGES.watchLinkOffFailed,
        url: shown?.url ?? null,
      }));
    }
  }

  return (
    <div className="generating-view__share">
      <button
        type="button"
        className="button button--secondary"
        disabled={loading}
        onClick={onShare}
      >
        Share watch-live link
      </button>
      {outcome?.url ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={revoking}
          onClick={onTurnOff}
        >
          Turn off link
        </button>
      ) : null}
      {outcome ? (
        <p role="status">
          {outcome.text} {outcome.url ? <code>{outcome.url}</code> : null}
        </p>
      ) : null}
    </div>
  );
}
