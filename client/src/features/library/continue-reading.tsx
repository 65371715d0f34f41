import { Link } from "react-router";
import { LibraryShelf } from "./library-shelf";
import { LIBRARY_MESSAGES } from "./messages";

/** How many stories the home page's shelf shows. */
export const CONTINUE_READING_CARDS = 4;

/**
 * The home page's "Continue reading" shelf for a signed-in reader, under Fresh Threads; when it is
 * empty, a line saying where the stories they start will show.
 */
export function ContinueReading() {
  return (
    <section className="home-section continue-reading" aria-labelledby="continue-reading-title">
      <h2 id="continue-reading-title">{LIBRARY_MESSAGES.continueReading}</h2>
      <LibraryShelf
        state="READING"
        first={CONTINUE_READING_CARDS}
        label={LIBRARY_MESSAGES.continueReading}
        empty={<p className="muted">{LIBRARY_MESSAGES.emptyReading}</p>}
      />
      <Link to="/my/library">{LIBRARY_MESSAGES.libraryTitle}</Link>
    </section>
  );
}
