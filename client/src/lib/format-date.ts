const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** A DateTime scalar (ISO-8601 string) as a short local date; the raw text if it does not parse. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}
