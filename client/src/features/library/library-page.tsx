import { Link, useSearchParams } from "react-router";
import type { ReadingState } from "../../__generated__/graphql";
import { useDocumentTitle } from "../../lib/use-document-title";
import { LibraryShelf } from "./library-shelf";
import { LIBRARY_MESSAGES } from "./messages";
import "./library.css";

/** The shelves, in the tabs' order, with their names and empty messages. */
const SHELVES: ReadonlyArray<{ state: ReadingState; param: string; label: string; empty: string }> =
  [
    { state: "READING", param: "reading", label: "Reading", empty: LIBRARY_MESSAGES.emptyReading },
    {
      state: "FINISHED",
      param: "finished",
      label: "Finished",
      empty: LIBRARY_MESSAGES.emptyFinished,
    },
    { state: "LATER", param: "later", label: "Later", empty: LIBRARY_MESSAGES.emptyLater },
  ];

/** How many stories a shelf shows. */
export const LIBRARY_SHELF_SIZE = 24;

/** /my/library: the viewer's shelves, one at a time (?shelf=reading|finished|later). */
export function LibraryPage() {
  useDocumentTitle(LIBRARY_MESSAGES.libraryTitle);
  const [params] = useSearchParams();
  const shelf = SHELVES.find((candidate) => candidate.param === params.get("shelf")) ?? SHELVES[0]!;
  return (
    <section className="page library">
      <h1>{LIBRARY_MESSAGES.libraryTitle}</h1>
      <nav className="library__tabs" aria-label="Shelves">
        {SHELVES.map((candidate) => (
          <Link
            key={candidate.param}
            to={`/my/library?shelf=${candidate.param}`}
            className={`button ${candidate === shelf ? "button--primary" : "button--ghost"}`}
            aria-current={candidate === shelf ? "page" : undefined}
          >
            {candidate.label}
          </Link>
        ))}
      </nav>
      <LibraryShelf
        key={shelf.state}
        state={shelf.state}
        first={LIBRARY_SHELF_SIZE}
        label={`${shelf.label} stories`}
        empty={<p className="muted">{shelf.empty}</p>}
      />
    </section>
  );
}
