import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { getFragmentData } from "../../__generated__";
import { Alert } from "../../components/alert";
import { formatDate } from "../../lib/format-date";
import { useTimedMessage } from "../../lib/use-timed-message";
import { STUDIO_MESSAGES, VERSION_CAUSE_LABELS } from "./messages";
import { useRestoreVersion } from "./use-restore-version";
import { VersionChanges } from "./version-changes";
import { StoryVersionsQuery, VERSION_ENTRY_FIELDS } from "./version-queries";

interface VersionHistoryProps {
  storyId: string;
  publicId: string;
}

/** The owner's history of the story's text: each version, what it changed, and Restore. */
export function VersionHistory({ storyId, publicId }: VersionHistoryProps) {
  const { data, loading, error } = useQuery(StoryVersionsQuery, { variables: { publicId } });
  const { restore, restoring } = useRestoreVersion();
  const [open, setOpen] = useState<number | null>(null);
  const [message, showMessage] = useTimedMessage();
  const versions = getFragmentData(VERSION_ENTRY_FIELDS, data?.story?.versions ?? []);

  let list;
  if (loading && versions.length === 0)
    list = <p role="status">{STUDIO_MESSAGES.versionsLoading}</p>;
  else if (error) list = <Alert tone="error">{STUDIO_MESSAGES.versionsFailed}</Alert>;
  else if (versions.length === 0) list = <p>{STUDIO_MESSAGES.noVersions}</p>;
  else {
    list = (
      <ol className="studio-versions" reversed>
        {versions.map((version, index) => {
          const cause = VERSION_CAUSE_LABELS[version.cause] ?? version.cause;
          const from = version.restoredFrom ? ` (version ${version.restoredFrom})` : "";
          const expanded = open === version.number;
          return (
            <li
              key={version.id}
              className="studio-version"
              aria-label={`Version ${version.number}`}
            >
              <p className="studio-version__head">
                <strong>Version {version.number}</strong> · {cause}
                {from} · <time dateTime={version.createdAt}>{formatDate(version.createdAt)}</time>
                {index === 0 ? (
                  <span className="studio-version__current">{STUDIO_MESSAGES.current}</span>
                ) : null}
              </p>
              <div className="studio-version__actions">
                <button
                  type="button"
                  aria-expanded={expanded}
                  onClick={() => setOpen(expanded ? null : version.number)}
                >
                  {expanded ? STUDIO_MESSAGES.hideChanges : STUDIO_MESSAGES.showChanges}
                </button>
                {index === 0 ? null : (
                  <button
                    type="button"
                    disabled={restoring}
                    onClick={async () => showMessage(await restore(storyId, version.number))}
                  >
                    {STUDIO_MESSAGES.restore}
                  </button>
                )}
              </div>
              {expanded ? <VersionChanges publicId={publicId} number={version.number} /> : null}
            </li>
          );
        })}
      </ol>
    );
  }

  return (
    <section className="studio-history" aria-labelledby="studio-history-heading">
      <h2 id="studio-history-heading">{STUDIO_MESSAGES.versionsHeading}</h2>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {list}
    </section>
  );
}
