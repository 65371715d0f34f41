import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../__generated__";
import { serverMessageOf } from "../../lib/graphql-error-message";
import { STUDIO_MESSAGES } from "./messages";

export const EditStoryMutation = graphql(`
  mutation EditStory($id: ID!, $input: EditStoryInput!) {
    editStory(id: $id, input: $input) {
      id
      ...StudioStoryFields
      versions {
        ...VersionEntry
      }
    }
  }
`);

export interface EditedStory {
  title: string;
  chapters: Array<{ title: string; paragraphs: string[] }>;
}

/** Save changes: the new text replaces the old in the cache; resolves to an error message or null. */
export function useEditStory() {
  const [mutate, { loading }] = useMutation(EditStoryMutation);
  const save = useCallback(
    async (storyId: string, edited: EditedStory): Promise<string | null> => {
      try {
        await mutate({
          variables: {
            id: storyId,
            input: { title: edited.title, content: { chapters: edited.chapters } },
          },
        });
        return null;
      } catch (error) {
        return serverMessageOf(error) ?? STUDIO_MESSAGES.saveFailed;
      }
    },
    [mutate],
  );
  return { save, saving: loading };
}
