// Dates and counts are written by hand, not through Intl: a page's first Intl formatter starts
// ICU's date or number data, 18–43 ms of the main thread in one piece on this machine's Chromium
// (several times that on a phone), which every card's date paid during the first view
// (docs/decisions/081-less-main-thread-work-in-a-members-first-view.md). The app's one language
// is US English, so its dates read as Intl's en-US medium date ("Nov 28, 2026") for every reader.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

interface DateOptions {
  /** The date in UTC (a period's day, the same for every reader) instead of the reader's zone. */
  utc?: boolean;
}

/** A DateTime scalar (ISO-8601 string) as a short date; the raw text if it does not parse. */
export function formatDate(iso: string, { utc = false }: DateOptions = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const [year, month, day] = utc
    ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()]
    : [date.getFullYear(), date.getMonth(), date.getDate()];
  return `${MONTHS[month]} ${day}, ${year}`;
}

/** A date by its UTC day, the same for every reader (a purchase, a premium period's end). */
export function formatUtcDate(iso: string): string {
  return formatDate(iso, { utc: true });
}

/** A whole number with its thousands grouped, as en-US writes it: 12,345. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 ? `-${digits}` : digits;
}
