/** The path without the query string: queries may carry tokens (the live channel's ?token=). */
export function pathOf(url: string): string {
  const queryStart = url.indexOf("?");
  return queryStart === -1 ? url : url.slice(0, queryStart);
}
