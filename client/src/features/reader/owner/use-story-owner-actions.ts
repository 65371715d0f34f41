import { useState } from "react";
import type { TimedMessage } from "../../../lib/use-timed-message";
import { MESSAGE_TIMEOUTS_MS } from "../messages";
import { discardActionFor } from "./discard-story-dialog";
import { useConfirmStory } from "./use-confirm-story";
import { useDiscardStory } from "./use-discard-story";
import { useRegenerateStoryImages } from "./use-regenerate-story-images";
import { useStoryVisibility } from "./use-story-visibility";

type ShowMessage = (message: TimedMessage | null, timeoutMs?: number) => void;

/**
 * What the author can do to their story from the reader (confirm, discard or cancel after asking,
 * regenerate the pictures, make it public or private), each outcome shown through `showMessage`.
 */
export function useStoryOwnerActions(
  story: { id: string; status: string; isPublic: boolean; imagesPending: boolean },
  showMessage: ShowMessage,
) {
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const { confirm, confirming } = useConfirmStory();
  const { discard, discarding } = useDiscardStory();
  const { regenerateImages, regeneratingImages } = useRegenerateStoryImages();
  const { setVisibility, updatingVisibility } = useStoryVisibility();
  const discardAction = discardActionFor(story.status);

  async function confirmStory() {
    const failure = await confirm(story.id);
    if (failure) showMessage({ tone: "error", text: failure }, MESSAGE_TIMEOUTS_MS.confirmError);
    else showMessage(null);
  }

  async function discardStory() {
    const failure = await discard(story.id, discardAction);
    setAskingToDiscard(false);
    showMessage(failure ? { tone: "error", text: failure } : null);
  }

  async function regenerateStoryImages() {
    const failure = await regenerateImages(story.id);
    showMessage(failure ? { tone: "error", text: failure } : null);
  }

  async function toggleVisibility() {
    const result = await setVisibility(story, !story.isPublic);
    showMessage(result, MESSAGE_TIMEOUTS_MS.visibility);
  }

  return {
    busy: confirming || discarding || regeneratingImages || updatingVisibility,
    discarding,
    // Busy from the press until the new pictures are there (the reader reloads the story).
    regeneratingImages: regeneratingImages || story.imagesPending,
    discardAction,
    askingToDiscard,
    askToDiscard: () => setAskingToDiscard(true),
    keepStory: () => setAskingToDiscard(false),
    confirmStory: () => void confirmStory(),
    discardStory: () => void discardStory(),
    regenerateImages: () => void regenerateStoryImages(),
    toggleVisibility: () => void toggleVisibility(),
  };
}

export type StoryOwnerActions = ReturnType<typeof useStoryOwnerActions>;
