import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../__generated__";
import type {
  StartStoryGenerationInput,
  StartStoryGenerationMutation as StartStoryGenerationData,
} from "../../__generated__/graphql";
import { errorCodeOf } from "../../apollo/error-codes";
import { serverMessageOf } from "../../lib/graphql-error-message";
import { GENERATION_MESSAGES } from "./messages";

// The reader's own fragment: the new story is handed to it as its initial data, so it can render
// before its query answers.
export const StartStoryGenerationMutation = graphql(`
  mutation StartStoryGeneration($input: StartStoryGenerationInput!) {
    startStoryGeneration(input: $input) {
      id
      publicId
      ...StoryReader_story
    }
  }
`);

export type StartedStory = StartStoryGenerationData["startStoryGeneration"];

export type StartResult = { ok: true; story: StartedStory } | { ok: false; message: string };

/** Starts a generation; on failure, says why, in the server's words when it gave some. */
export function useStartStoryGeneration() {
  const [mutate, { loading }] = useMutation(StartStoryGenerationMutation, {
    // The viewer's list gained a story: My Stories loads afresh when it is next shown.
    update(cache) {
      cache.evict({ fieldName: "myStories" });
      cache.gc();
    },
  });

  const start = useCallback(
    async (input: StartStoryGenerationInput): Promise<StartResult> => {
      try {
        const { data } = await mutate({ variables: { input } });
        if (!data) return { ok: false, message: GENERATION_MESSAGES.startFailed };
        return { ok: true, story: data.startStoryGeneration };
      } catch (error) {
        if (errorCodeOf(error) === "UNAUTHENTICATED") {
          return { ok: false, message: GENERATION_MESSAGES.mustBeLoggedIn };
        }
        // RATE_LIMITED, BAD_USER_INPUT (with its field) and the rest carry the api's words.
        return { ok: false, message: serverMessageOf(error) ?? GENERATION_MESSAGES.startFailed };
      }
    },
    [mutate],
  );

  return { start, starting: loading };
}
