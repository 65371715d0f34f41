import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { test, expect } from "../fixtures.js";
import { graphqlAs, publishStory } from "./graphql-helpers.js";
import { signUpThroughForm, uniqueEmail } from "./helpers.js";

// Download EPUB on the story page (docs/product.md#epub-downloads): the browser saves the book,
// and Debian's EPUBCheck (.ci/run installs it) finds no error in it.

const run = promisify(execFile);

/** EPUBCheck's ERROR and FATAL messages about the book at `file`. */
async function epubcheckErrors(file: string, dir: string): Promise<string[]> {
  const report = path.join(dir, "report.json");
  // It exits 1 when it finds errors: the report says which.
  await run("java", ["-jar", "/usr/share/java/epubcheck.jar", file, "--json", report]).catch(
    () => undefined,
  );
  const { messages } = JSON.parse(await readFile(report, "utf8")) as {
    messages: Array<{ severity: string; message: string }>;
  };
  return messages
    .filter((each) => each.severity === "ERROR" || each.severity === "FATAL")
    .map((each) => each.message);
}

test("a reader downloads a story as an EPUB with its discussion, and EPUBCheck passes it", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const title = `The Lantern Atlas ${Date.now().toString(36)}`;
  const story = await publishStory(baseURL!, emulatorHost, title);
  // The author's note on the first ten characters of the text: an endnote in the book.
  await graphqlAs(
    baseURL!,
    story.author,
    `mutation Note($input: AddCommentInput!) { addComment(input: $input) { id } }`,
    {
      input: {
        storyId: story.id,
        content: "Where the map begins.",
        location: { start: 0, end: 10 },
      },
    },
  );
  await signUpThroughForm(page, uniqueEmail("epubreader"));
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  const option = page.getByRole("checkbox", { name: "Include the discussion" });
  await option.check();
  const button = page.getByRole("button", { name: "Download EPUB" });
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  expect(download.suggestedFilename()).toBe(`${title.replace(/ /g, "-")}.epub`);

  const dir = await mkdtemp(path.join(tmpdir(), "storyloom-e2e-epub-"));
  try {
    const file = path.join(dir, "book.epub");
    await download.saveAs(file);
    const bytes = await readFile(file);
    expect(bytes.subarray(30, 58).toString()).toBe("mimetypeapplication/epub+zip");
    expect(bytes.includes("OEBPS/discussion.xhtml")).toBe(true);
    expect(await epubcheckErrors(file, dir)).toEqual([]);
    // The author's book holds the illustrator's chapter pictures too: EPUBCheck reads them all.
    const own = await fetch(new URL(`/epub/${story.publicId}?discussion=true`, baseURL), {
      headers: { authorization: `Bearer ${story.author.idToken}` },
    });
    expect(own.status).toBe(200);
    const ownFile = path.join(dir, "own.epub");
    const ownBytes = Buffer.from(await own.arrayBuffer());
    const pictures = new Set(ownBytes.toString("latin1").match(/OEBPS\/images\/[\w-]+\.svg/g));
    expect([...pictures]).toContain("OEBPS/images/picture-1.svg");
    await writeFile(ownFile, ownBytes);
    expect(await epubcheckErrors(ownFile, dir)).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await expect(button).toBeVisible();
});
