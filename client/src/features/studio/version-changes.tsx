import { useQuery } from "@apollo/client/react";
import { STUDIO_MESSAGES } from "./messages";
import { StoryVersionChangesQuery } from "./version-queries";

/** What a version changed from the one before, word by word: added words marked, removed struck. */
export function VersionChanges({ publicId, number }: { publicId: string; number: number }) {
  const { data, loading } = useQuery(StoryVersionChangesQuery, { variables: { publicId, number } });
  const changes = data?.story?.version?.changes;
  if (!changes) return loading ? <p role="status">{STUDIO_MESSAGES.versionsLoading}</p> : null;
  return (
    <div className="studio-diff" aria-label={`Changes in version ${number}`} role="region">
      {changes.map((change, index) => {
        // Screen readers do not announce <ins> and <del>: the words say which is which.
        if (change.kind === "ADDED") {
          return (
            <ins key={index}>
              <span className="visually-hidden">{STUDIO_MESSAGES.added} </span>
              {change.text}
            </ins>
          );
        }
        if (change.kind === "REMOVED") {
          return (
            <del key={index}>
              <span className="visually-hidden">{STUDIO_MESSAGES.removed} </span>
              {change.text}
            </del>
          );
        }
        return <span key={index}>{change.text}</span>;
      })}
    </div>
  );
}
