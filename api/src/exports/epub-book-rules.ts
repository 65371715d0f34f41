import type { ReadableChapter } from "../stories/access-rules.js";
import { discussionBody, marksOf, type BookDiscussion } from "./epub-discussion-rules.js";
import {
  paragraphWithNotes,
  shownText,
  STYLE_SHEET,
  xhtmlDocument,
  xmlText,
} from "./epub-xhtml-rules.js";

// An EPUB 3 book's files from a story as one reader may read it (docs/decisions/060): a title page
// (cover, title, author, description, tags, the link back), one document per chapter with its
// pictures and note references, and the discussion's endnotes when asked for. Pictures are given
// as files already named; the zip is made by epub-package.ts.

/** EPUB 3's core image types a reading system must show, and their file endings. */
export const BOOK_IMAGE_TYPES: Readonly<Record<string, string>> = {
  "image/svg+xml": "svg",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
};

/** A picture in the book: its file under OEBPS/ and where it goes. */
export interface BookPicture {
  file: string;
  mediaType: string;
  altText: string | null;
  caption: string | null;
  /** null: the cover. */
  chapterIndex: number | null;
  /** null: at the end of its chapter. */
  paragraphIndex: number | null;
}

export interface BookInput {
  /** Stable for a story across versions (dc:identifier). */
  identifier: string;
  title: string;
  author: string | null;
  description: string | null;
  tags: readonly string[];
  category: string | null;
  /** The story's page on the site. */
  link: string;
  language: string;
  /** dcterms:modified: when the story last changed. */
  modified: Date;
  chapters: readonly ReadableChapter[];
  pictures: readonly BookPicture[];
  /** What a reader of the free part is told where the text stops; null: they have it all. */
  lockedNotice: string | null;
  discussion: BookDiscussion | null;
}

/** A text file of the book, its path in the zip. */
export interface BookTextFile {
  path: string;
  text: string;
}

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;

export const chapterFile = (index: number) => `chapter-${index + 1}.xhtml`;
const DISCUSSION_FILE = "discussion.xhtml";

const chapterTitle = (chapter: ReadableChapter, index: number) =>
  shownText(chapter.title, `Chapter ${index + 1}`);

function figure(picture: BookPicture): string {
  const caption =
    picture.caption === null || picture.caption.trim() === ""
      ? ""
      : `\n<figcaption>${xmlText(picture.caption)}</figcaption>`;
  return `<figure>\n<img src="${picture.file}" alt="${xmlText(picture.altText ?? "")}"/>${caption}\n</figure>`;
}

function titlePage(input: BookInput): string {
  const cover = input.pictures.find((picture) => picture.chapterIndex === null);
  const parts = [
    cover === undefined ? "" : figure({ ...cover, caption: null }),
    `<h1>${xmlText(shownText(input.title, "Untitled"))}</h1>`,
    `<p class="byline">by ${xmlText(input.author ?? "Anonymous")}</p>`,
    input.description ? `<p>${xmlText(input.description)}</p>` : "",
    input.category ? `<p class="meta">Category: ${xmlText(input.category)}</p>` : "",
    input.tags.length > 0 ? `<p class="meta">Tags: ${xmlText(input.tags.join(", "))}</p>` : "",
    `<p>Read it and talk about it on Storyloom: <a href="${xmlText(input.link)}">${xmlText(input.link)}</a></p>`,
  ];
  return parts.filter((part) => part !== "").join("\n");
}

function chapterBody(input: BookInput, chapter: ReadableChapter, index: number): string {
  const notes = input.discussion?.notes ?? [];
  const pictures = input.pictures.filter((picture) => picture.chapterIndex === index);
  const lines = [
    `<section epub:type="chapter">`,
    `<h1>${xmlText(chapterTitle(chapter, index))}</h1>`,
  ];
  chapter.paragraphs.forEach((paragraph, paragraphIndex) => {
    const marks = marksOf(notes, index, paragraphIndex);
    lines.push(`<p>${paragraphWithNotes(paragraph, marks, DISCUSSION_FILE)}</p>`);
    for (const picture of pictures.filter((each) => each.paragraphIndex === paragraphIndex)) {
      lines.push(figure(picture));
    }
  });
  for (const picture of pictures.filter((each) => each.paragraphIndex === null)) {
    lines.push(figure(picture));
  }
  if (chapter.locked && input.lockedNotice !== null) {
    lines.push(
      `<p class="locked">${xmlText(input.lockedNotice)} <a href="${xmlText(input.link)}">${xmlText(input.link)}</a></p>`,
    );
  }
  lines.push(`</section>`);
  return lines.join("\n");
}

/** An OPF date: CCYY-MM-DDThh:mm:ssZ, no fraction. */
const opfDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

function packageDocument(input: BookInput, documents: readonly string[]): string {
  const cover = input.pictures.find((picture) => picture.chapterIndex === null);
  const subjects = [...(input.category ? [input.category] : []), ...input.tags];
  const metadata = [
    `<dc:identifier id="book-id">${xmlText(input.identifier)}</dc:identifier>`,
    `<dc:title>${xmlText(shownText(input.title, "Untitled"))}</dc:title>`,
    `<dc:creator>${xmlText(input.author ?? "Anonymous")}</dc:creator>`,
    `<dc:language>${xmlText(input.language)}</dc:language>`,
    `<dc:publisher>Storyloom</dc:publisher>`,
    `<dc:source>${xmlText(input.link)}</dc:source>`,
    ...(input.description
      ? [`<dc:description>${xmlText(input.description)}</dc:description>`]
      : []),
    ...subjects.map((subject) => `<dc:subject>${xmlText(subject)}</dc:subject>`),
    `<meta property="dcterms:modified">${opfDate(input.modified)}</meta>`,
  ];
  const items = [
    `<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>`,
    `<item id="style" href="style.css" media-type="text/css"/>`,
    ...documents.map(
      (file, index) =>
        `<item id="doc-${index + 1}" href="${file}" media-type="application/xhtml+xml"/>`,
    ),
    ...input.pictures.map(
      (picture, index) =>
        `<item id="img-${index + 1}" href="${picture.file}" media-type="${picture.mediaType}"${picture === cover ? ` properties="cover-image"` : ""}/>`,
    ),
  ];
  const spine = documents.map((_, index) => `<itemref idref="doc-${index + 1}"/>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${xmlText(input.language)}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
${metadata.join("\n")}
</metadata>
<manifest>
${items.join("\n")}
</manifest>
<spine>
${spine.join("\n")}
</spine>
</package>
`;
}

function navigation(input: BookInput): string {
  const entries = [
    `<li><a href="title.xhtml">${xmlText(shownText(input.title, "Untitled"))}</a></li>`,
    ...input.chapters.map(
      (chapter, index) =>
        `<li><a href="${chapterFile(index)}">${xmlText(chapterTitle(chapter, index))}</a></li>`,
    ),
    ...(input.discussion === null
      ? []
      : [`<li><a href="${DISCUSSION_FILE}">The discussion</a></li>`]),
  ];
  const body = `<nav epub:type="toc" id="toc">
<h1>Contents</h1>
<ol>
${entries.join("\n")}
</ol>
</nav>`;
  return xhtmlDocument("Contents", body, input.language);
}

/** Every text file of the book (the pictures' bytes go beside them, named as `pictures` say). */
export function bookTextFiles(input: BookInput): BookTextFile[] {
  const doc = (title: string, body: string) => xhtmlDocument(title, body, input.language);
  const files: BookTextFile[] = [
    { path: "META-INF/container.xml", text: CONTAINER },
    { path: "OEBPS/style.css", text: STYLE_SHEET },
    { path: "OEBPS/nav.xhtml", text: navigation(input) },
    { path: "OEBPS/title.xhtml", text: doc(shownText(input.title, "Untitled"), titlePage(input)) },
  ];
  input.chapters.forEach((chapter, index) => {
    files.push({
      path: `OEBPS/${chapterFile(index)}`,
      text: doc(chapterTitle(chapter, index), chapterBody(input, chapter, index)),
    });
  });
  if (input.discussion !== null) {
    files.push({
      path: `OEBPS/${DISCUSSION_FILE}`,
      text: doc("The discussion", discussionBody(input.discussion, chapterFile)),
    });
  }
  const documents = files
    .filter((file) => file.path.endsWith(".xhtml") && file.path !== "OEBPS/nav.xhtml")
    .map((file) => file.path.slice("OEBPS/".length));
  files.push({ path: "OEBPS/content.opf", text: packageDocument(input, documents) });
  return files;
}
