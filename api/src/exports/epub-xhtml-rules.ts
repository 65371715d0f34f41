// The XHTML of an EPUB 3 book (docs/decisions/060-epub-downloads.md): every piece of user content
// (titles, text, captions, comments, names) goes in as escaped text, never as markup, and loses
// the characters XML 1.0 cannot carry, so no story breaks the book or runs anything in a reader.

/** Characters XML 1.0 forbids: C0 controls but tab, newline and return; U+FFFE, U+FFFF. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** A surrogate half without its other half is no character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** User text as XML character data or an attribute value (quotes escaped too). */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, "")
    .replace(LONE_SURROGATE, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Text that must not be empty in the book (a heading, a link): the fallback when it is. */
export function shownText(value: string | null | undefined, fallback: string): string {
  const text = (value ?? "").replace(NOT_XML, "").trim();
  return text === "" ? fallback : text;
}

/** A whole XHTML content document around `body` (already markup). */
export function xhtmlDocument(title: string, body: string, language: string): string {
  const lang = xmlText(language);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${lang}" lang="${lang}">
<head>
<meta charset="UTF-8"/>
<title>${xmlText(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

/** Where a passage note's reference sits in a paragraph: after the passage it quotes. */
export interface NoteMark {
  /** Offset in the paragraph (UTF-16 code units, as the canonical text counts). */
  at: number;
  /** The note's number in the book (1, 2, …). */
  number: number;
}

/** The id of a note's reference in the text, and of the endnote itself. */
export const noteRefId = (number: number) => `note-ref-${number}`;
export const noteId = (number: number) => `note-${number}`;

/**
 * A paragraph's text with each note's reference (a superscript link to its endnote, with the id
 * the endnote links back to) placed after the passage it quotes.
 */
export function paragraphWithNotes(
  text: string,
  marks: readonly NoteMark[],
  discussionFile: string,
): string {
  const sorted = [...marks].sort((a, b) => a.at - b.at || a.number - b.number);
  let html = "";
  let from = 0;
  for (const mark of sorted) {
    const at = Math.min(Math.max(mark.at, from), text.length);
    html += xmlText(text.slice(from, at));
    html += `<a class="noteref" epub:type="noteref" id="${noteRefId(mark.number)}" href="${discussionFile}#${noteId(mark.number)}">${mark.number}</a>`;
    from = at;
  }
  return html + xmlText(text.slice(from));
}

/** The style sheet every document links: plain, so a reader's own settings win. */
export const STYLE_SHEET = `body { margin: 0 5%; line-height: 1.5; }
h1, h2 { line-height: 1.2; }
.byline, .meta { font-style: italic; }
figure { margin: 1em 0; text-align: center; }
figure img { max-width: 100%; height: auto; }
a.noteref { font-size: 0.75em; vertical-align: super; line-height: 0; text-decoration: none; }
blockquote { margin: 0.5em 1.5em; font-style: italic; }
.locked { border-top: 1px solid; padding-top: 1em; }
ol.replies { list-style: none; padding-left: 1.5em; }
`;
