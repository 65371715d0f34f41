import JSZip from "jszip";
import { bookTextFiles, type BookInput } from "./epub-book-rules.js";

// The book as an EPUB file (OCF): a zip whose first entry is `mimetype`, stored uncompressed and
// without extra fields, so a reading system recognises it from its first bytes; the rest deflated.

export const EPUB_MEDIA_TYPE = "application/epub+zip";

/** A picture's bytes, at its path under OEBPS/. */
export interface BookImage {
  file: string;
  bytes: Uint8Array;
}

/** The EPUB's bytes. The zip's dates are fixed, so the same book gives the same bytes. */
export async function packageBook(input: BookInput, images: readonly BookImage[]): Promise<Buffer> {
  const zip = new JSZip();
  const date = new Date(Date.UTC(2000, 0, 1));
  // Files only: no entries for their folders.
  const options = { date, createFolders: false };
  zip.file("mimetype", EPUB_MEDIA_TYPE, { ...options, compression: "STORE" });
  for (const file of bookTextFiles(input)) zip.file(file.path, file.text, options);
  for (const image of images) zip.file(`OEBPS/${image.file}`, image.bytes, options);
  return zip.generateAsync({
    type: "nodebuffer",
    compression: "DEFLATE",
    compressionOptions: { level: 6 },
    platform: "UNIX",
  });
}
