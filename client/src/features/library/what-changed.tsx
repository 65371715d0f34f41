import { useQuery } from "@apollo/client/react";
import { ChangesSinceReadQuery } from "./library-queries";
import { LIBRARY_MESSAGES } from "./messages";

/** What changed since the reader last read the story, word by word: added marked, removed struck. */
export function WhatChanged({ storyId }: { storyId: string }) {
  const { data, loading } = useQuery(ChangesSinceReadQuery, { variables: { storyId } });
  const changes = data?.changesSinceRead?.changes;
  if (!changes) return loading ? <p role="status">{LIBRARY_MESSAGES.changesLoading}</p> : null;
  return (
    <div className="library-diff" aria-label="What changed since you read" role="region">
      {changes.map((change, index) => {
        // Screen readers do not announce <ins> and <del>: the words say which is which.
        if (change.kind === "ADDED") {
          return (
            <ins key={index}>
              <span className="visually-hidden">{LIBRARY_MESSAGES.added} </span>
              {change.text}
            </ins>
          );
        }
        if (change.kind === "REMOVED") {
          return (
            <del key={index}>
              <span className="visually-hidden">{LIBRARY_MESSAGES.removed} </span>
              {change.text}
            </del>
          );
        }
        return <span key={index}>{change.text}</span>;
      })}
    </div>
  );
}
