// Dates are written by hand, not through Intl: a page's first Intl formatter starts ICU's date
// or number data, 18–43 ms of the main thread in one piece on this machine's Chromium (several
// times that on a phone), which every card's date paid during the first view
// (docs/decisions/081-less-main-thread-work-in-a-members-first-view.md; counts: ./format-count.ts).
// The app's one language is US English, so its dates read as Intl's en-US medium date
// ("Nov 28, 2026") for every reader.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The date's month, day and year as "Nov 28, 2026"; the raw text if it does not parse. */
function written(iso: string, utc: boolean): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const [year, month, day] = utc
    ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()]
    : [date.getFullYear(), date.getMonth(), date.getDate()];
  return `${MONTHS[month]} ${day}, ${year}`;
}

/** A DateTime scalar (ISO-8601 string) as a short date in the reader's zone. */
export function formatDate(iso: string): string {
  return written(iso, false);
}

/** A date by its UTC day, the same for every reader (a purchase, a premium period's end). */
export function formatUtcDate(iso: string): string {
  return written(iso, true);
}
