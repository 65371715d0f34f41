import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../../__generated__";
import { READER_MESSAGES } from "../messages";

export const RegenerateStoryImagesMutation = graphql(`
  mutation RegenerateStoryImages($id: ID!) {
    regenerateStoryImages(id: $id) {
      id
      updatedAt
      imagesPending
    }
  }
`);

/** New pictures for a ready_for_review or completed story; null or "Failed to regenerate images." */
export function useRegenerateStoryImages() {
  const [mutate, { loading }] = useMutation(RegenerateStoryImagesMutation);
  const regenerateImages = useCallback(
    async (id: string): Promise<string | null> => {
      try {
        await mutate({ variables: { id } });
        return null;
      } catch (error) {
        console.warn("Regenerating images failed", error);
        return READER_MESSAGES.regenerateImagesFailed;
      }
    },
    [mutate],
  );
  return { regenerateImages, regeneratingImages: loading };
}
