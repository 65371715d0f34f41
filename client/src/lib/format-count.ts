// Counts are grouped by hand, not through Intl.NumberFormat, for the reason dates are
// (./format-date.ts, docs/decisions/081-less-main-thread-work-in-a-members-first-view.md).

/** A whole number with its thousands grouped, as en-US writes it: 12,345. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 ? `-${digits}` : digits;
}
