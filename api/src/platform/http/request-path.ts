/**
 * The path without the query string: queries may carry tokens (the live channel's ?token=). A
 * watch-live link's token is its path's secret (decision 069): it is logged as `…`.
 */
export function pathOf(url: string): string {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  return path.replace(/^(\/v1\/watch\/)[^/]+/, "$1…");
}
