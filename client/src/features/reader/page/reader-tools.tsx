import type { ReactNode } from "react";
import { ReadAloudBar, ReadAloudButton } from "../read-aloud/read-aloud-controls";
import type { ReadAloud } from "../read-aloud/use-read-aloud";
import { ReadingSettingsMenu } from "../settings/reading-settings-menu";
import type { ReadingSettings } from "../settings/use-reading-settings";

/** What the reader bar's Read aloud needs: the first view only asks the reader to start it. */
export type ReadAloudTool = Pick<ReadAloud, "supported" | "start" | "stop"> & {
  status: ReadAloud["state"]["status"];
};

/**
 * The reader bar's tools on a story one can read: Read aloud (where the browser speaks), the "Aa"
 * menu, and the author's Manage.
 */
export function ReaderTools({
  readAloud,
  settings,
  manage,
}: {
  readAloud: ReadAloudTool;
  settings: ReadingSettings;
  manage?: ReactNode;
}) {
  return (
    <>
      {readAloud.supported ? (
        <ReadAloudButton
          status={readAloud.status}
          onStart={readAloud.start}
          onStop={readAloud.stop}
        />
      ) : null}
      <ReadingSettingsMenu settings={settings} />
      {manage}
    </>
  );
}

/** The reader's Read aloud as the reader bar's tools take it, and its controls while it reads. */
export function readAloudParts(readAloud: ReadAloud): { tool: ReadAloudTool; bar: ReactNode } {
  return {
    tool: { ...readAloud, status: readAloud.state.status },
    bar: (
      <ReadAloudBar
        status={readAloud.state.status}
        onPause={readAloud.pause}
        onResume={readAloud.resume}
        onPrevious={readAloud.previous}
        onNext={readAloud.next}
      />
    ),
  };
}
