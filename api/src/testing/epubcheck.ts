import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// EPUBCheck, Debian's package (`apt-get install epubcheck`; .ci/run installs it), run on a book:
// its ERROR and FATAL messages, none when the book is valid.

const EPUBCHECK_JAR = "/usr/share/java/epubcheck.jar";
const run = promisify(execFile);

export interface EpubCheckMessage {
  severity: string;
  message: string;
  locations?: Array<{ path?: string; line?: number }>;
}

export async function epubcheckErrors(book: Uint8Array): Promise<EpubCheckMessage[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "epubcheck-"));
  try {
    const file = path.join(dir, "book.epub");
    const report = path.join(dir, "report.json");
    await writeFile(file, book);
    // It exits 1 when it finds errors: the report says which.
    await run("java", ["-jar", EPUBCHECK_JAR, file, "--json", report]).catch(() => undefined);
    const parsed = JSON.parse(await readFile(report, "utf8")) as { messages: EpubCheckMessage[] };
    return parsed.messages.filter((each) => each.severity === "ERROR" || each.severity === "FATAL");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
