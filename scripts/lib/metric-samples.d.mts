export function sampleOf(
  text: string,
  name: string,
  labels?: Record<string, string>,
): number | undefined;
export function scrape(url: string): Promise<string>;
