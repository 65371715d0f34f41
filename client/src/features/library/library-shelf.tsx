import { useMutation, useQuery } from "@apollo/client/react";
import type { ReactNode } from "react";
import type { ReadingState } from "../../__generated__/graphql";
import { Alert } from "../../components/alert";
import { StoryCard, StoryGrid, StoryGridSkeleton } from "../stories";
import { MyLibraryQuery, SetReadingStateMutation } from "./library-queries";
import { LIBRARY_MESSAGES } from "./messages";
import "./library.css";

interface LibraryShelfProps {
  state: ReadingState;
  /** How many stories to show. */
  first: number;
  label: string;
  /** Shown when the shelf is empty. */
  empty: ReactNode;
}

/**
 * One shelf of the viewer's library as story cards, "New since you read" on revised ones, and
 * "Mark as finished" on the Reading and Later shelves (the story moves to Finished).
 */
export function LibraryShelf({ state, first, label, empty }: LibraryShelfProps) {
  const { data, loading, error } = useQuery(MyLibraryQuery, {
    variables: { state, first },
    fetchPolicy: "cache-and-network",
  });
  const [setState, { loading: saving }] = useMutation(SetReadingStateMutation, {
    refetchQueries: [MyLibraryQuery],
  });
  if (error && !data) return <Alert tone="error">{LIBRARY_MESSAGES.loadFailed}</Alert>;
  if (!data) return loading ? <StoryGridSkeleton count={2} variant="compact" /> : null;
  const edges = data.myLibrary.edges;
  if (edges.length === 0) return <>{empty}</>;
  return (
    <StoryGrid label={label} variant="compact">
      {edges.map(({ node }) => (
        <li key={node.story.id} className="library__item">
          {node.newSinceRead ? (
            <span className="library__new">{LIBRARY_MESSAGES.newSinceRead}</span>
          ) : null}
          <StoryCard story={node.story} variant="compact" />
          {state === "FINISHED" ? null : (
            <button
              type="button"
              className="button button--ghost library__finish"
              disabled={saving}
              onClick={() =>
                void setState({ variables: { storyId: node.story.id, state: "FINISHED" } })
              }
            >
              {LIBRARY_MESSAGES.markFinished}
            </button>
          )}
        </li>
      ))}
    </StoryGrid>
  );
}
