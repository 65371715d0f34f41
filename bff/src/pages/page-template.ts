// The app's HTML (the client build's index.html) with what the bff adds per page: a title, a
// description, link-preview tags, a preload of the first cover and the first data
// (docs/decisions/020-page-html-previews-and-first-data.md). Every value is escaped here; nothing
// added is an executable script, so the CSP's hash of the theme script still covers all.

/** Text or an attribute value as HTML: the five characters that could end either. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * JSON for a `<script type="application/json">`: `<` (and `>`, `&`) as \u escapes, so no user text
 * can close the element or open a comment; U+2028 and U+2029 as escapes too. JSON.parse reads
 * them back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export interface PageParts {
  /** The tab's title (already "<page> · Storyloom"); the build's when absent. */
  title?: string;
  /** The meta description; the build's when absent. */
  description?: string;
  /** Tags for the head, already escaped (right after the title, before the scripts). */
  head?: string[];
  /**
   * Tags for the end of the head, already escaped: after the build's own scripts and styles, so
   * the browser asks for those first (they block the first paint; the page's code comes beside).
   */
  headEnd?: string[];
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/i;

/**
 * A page in two parts: `start` (the head and the body up to its end) goes out at once, so the
 * browser fetches the scripts and styles while the first data is awaited; `end(elements)` adds
 * elements at the end of the body and closes the page. The module scripts run only once the whole
 * page has arrived, so the data is there before them.
 */
export interface RenderedPage {
  start: string;
  end(elements?: string[]): string;
}

export interface PageTemplate {
  /** The build's HTML as it is. */
  plain: string;
  render(parts: PageParts): RenderedPage;
}

/**
 * Splits the build's index.html once, at start-up, where the parts go: after its <title> (else
 * before </head>), and before </body> (else at the end).
 */
export function pageTemplate(indexHtml: string): PageTemplate {
  const titleMatch = TITLE.exec(indexHtml);
  const headEnd = indexHtml.search(/<\/head>/i);
  const titleAt = titleMatch ? titleMatch.index : headEnd >= 0 ? headEnd : 0;
  const buildTitle = titleMatch ? titleMatch[0] : "";
  const beforeTitle = indexHtml.slice(0, titleAt);
  const afterTitle = indexHtml.slice(titleAt + buildTitle.length);
  const closing = afterTitle.lastIndexOf("</body>");
  const bodyEnd = closing >= 0 ? closing : afterTitle.length;
  const headClosing = afterTitle.slice(0, bodyEnd).search(/<\/head>/i);
  const headEndAt = headClosing >= 0 ? headClosing : 0;
  return {
    plain: indexHtml,
    render({ title, description, head = [], headEnd = [] }) {
      const before =
        description === undefined
          ? beforeTitle
          : beforeTitle.replace(
              DESCRIPTION,
              `<meta name="description" content="${escapeHtml(description)}" />`,
            );
      const titleTag = title === undefined ? buildTitle : `<title>${escapeHtml(title)}</title>`;
      return {
        start: [
          before,
          titleTag,
          ...head.map((tag) => `\n    ${tag}`),
          afterTitle.slice(0, headEndAt),
          ...headEnd.map((tag) => `  ${tag}\n  `),
          afterTitle.slice(headEndAt, bodyEnd),
        ].join(""),
        end: (elements = []) =>
          [...elements.map((element) => `  ${element}\n  `), afterTitle.slice(bodyEnd)].join(""),
      };
    },
  };
}
