// Reading Prometheus's text exposition in tests: one sample's value by name and labels.

/**
 * The value of the sample `name` whose labels include `labels` (others may be present), summed
 * over every such sample; undefined when there is none.
 * @param {string} text
 * @param {string} name
 * @param {Record<string, string>} [labels]
 */
export function sampleOf(text, name, labels = {}) {
  let total;
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [
        key,
        value,
      ]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      total = (total ?? 0) + Number(match[3]);
    }
  }
  return total;
}

/**
 * GET `url` (a /metrics address); its text.
 * @param {string} url
 */
export async function scrape(url) {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}
