import type { Browser, Page } from "@playwright/test";
import { signInWithPassword } from "../../scripts/lib/auth-emulator-client.mjs";
import { test, expect } from "../fixtures.js";
import { graphqlAs, publishStoryAs } from "./graphql-helpers.js";
import { PASSWORD, signUpThroughForm, uniqueEmail } from "./helpers.js";

// A priced story as its readers meet it (docs/product.md#prices-and-access): an author prices it
// through the reader; a signed-in reader and a visitor see the free part and the offer, and
// nothing that left the server for them (page HTML, GraphQL, pictures, WebSocket frames) holds the
// locked text or an illustration's address; the author still reads everything.

interface Chapter {
  title: string;
  paragraphs: string[];
  locked: boolean;
}
interface StoryText {
  story: {
    content: { chapters: Chapter[] };
    images: Array<{ id: string; role: string; url: string; altText: string }>;
  };
}
const STORY_TEXT = `query Text($publicId: ID!) {
  story(publicId: $publicId) {
    content { chapters { title paragraphs locked } }
    images { id role url altText }
  }
}`;

/**
 * A run of plain words from a paragraph, long enough to be its own: what to look for in bodies,
 * however they escape quotes or markup.
 */
function signatureOf(paragraph: string): string | null {
  const runs = paragraph.match(/[A-Za-z0-9 ,.]{24,}/g) ?? [];
  const longest = runs.sort((a, b) => b.length - a.length)[0];
  return longest ? longest.trim().slice(0, 60) : null;
}

/** Every body the page receives: responses (HTML, scripts, GraphQL, pictures) and socket frames. */
function recordTraffic(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    bodies.push(
      response
        .body()
        .then((body) => body.toString("utf8"))
        .catch(() => ""),
    );
  });
  page.on("websocket", (socket) => {
    socket.on("framereceived", ({ payload }) => {
      bodies.push(
        Promise.resolve(typeof payload === "string" ? payload : payload.toString("utf8")),
      );
    });
  });
  return async () => (await Promise.all(bodies)).join("\n");
}

async function readAs(
  browser: Browser,
  path: string,
  who: "visitor" | "reader",
  check: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    if (who === "reader") await signUpThroughForm(page, uniqueEmail("reader"));
    const traffic = recordTraffic(page);
    await page.goto(path);
    await check(page);
    await page.waitForLoadState("networkidle");
    return await traffic();
  } finally {
    await context.close();
  }
}

test("a priced story's readers without access get its free part and the offer, and nothing more leaves the server", async ({
  page,
  browser,
  baseURL,
  emulatorHost,
}) => {
  const email = uniqueEmail("author");
  await signUpThroughForm(page, email);
  const author = await signInWithPassword(emulatorHost, email, PASSWORD);
  const story = await publishStoryAs(
    baseURL!,
    author,
    `The Toll Bridge ${Date.now().toString(36)}`,
  );
  const path = `/stories/${story.publicId}`;

  // The author prices it in the reader.
  await page.goto(path);
  await page.getByRole("button", { name: "Manage" }).click();
  await page.getByRole("combobox", { name: "Price" }).selectOption({ label: "$1.99" });
  await expect(page.getByText("Story is now priced at $1.99.")).toBeVisible();

  // What is locked: the author's text past what a visitor gets.
  const whole = await graphqlAs<StoryText>(baseURL!, author, STORY_TEXT, {
    publicId: story.publicId,
  });
  const free = await graphqlAs<StoryText>(baseURL!, null, STORY_TEXT, { publicId: story.publicId });
  expect(free.story.content.chapters.some((chapter) => chapter.locked)).toBe(true);
  const locked = whole.story.content.chapters.flatMap((chapter, index) =>
    chapter.paragraphs.slice(free.story.content.chapters[index]?.paragraphs.length ?? 0),
  );
  const lockedSignatures = locked.map(signatureOf).filter((text): text is string => text !== null);
  expect(lockedSignatures.length).toBeGreaterThan(0);
  const illustrations = whole.story.images.filter((image) => image.role === "CHAPTER");
  expect(illustrations.length).toBeGreaterThan(0);
  const firstFree = free.story.content.chapters[0]!.paragraphs[0]!;
  const lockedTitle = whole.story.content.chapters.find(
    (_chapter, index) => free.story.content.chapters[index]?.paragraphs.length === 0,
  )?.title;

  for (const who of ["reader", "visitor"] as const) {
    const traffic = await readAs(browser, path, who, async (reader) => {
      await expect(reader.getByText(firstFree)).toBeVisible();
      const offer = reader.getByRole("complementary", { name: "Keep reading" });
      await expect(offer).toContainText("The rest of this story is $1.99.");
      if (lockedTitle) {
        await expect(
          reader.getByRole("heading", { level: 2, name: `${lockedTitle} (locked)` }),
        ).toBeVisible();
      }
    });
    expect(traffic, `${who}: the free part arrived`).toContain(signatureOf(firstFree) ?? "");
    for (const signature of lockedSignatures) {
      expect(traffic.includes(signature), `${who} received locked text: ${signature}`).toBe(false);
    }
    for (const image of illustrations) {
      expect(traffic.includes(image.id), `${who} received an illustration: ${image.id}`).toBe(
        false,
      );
    }
  }

  // The author still reads everything, with no offer, and the illustrations load in the page by
  // their signed addresses (an <img> sends no token).
  await page.reload();
  await expect(page.getByText(locked.at(-1)!)).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Keep reading" })).toHaveCount(0);
  const picture = page.getByRole("img", { name: illustrations[0]!.altText }).first();
  // The page may draw the text again as its live view takes over: scroll to whichever picture is
  // there, and read that one.
  await expect(async () => {
    await picture.scrollIntoViewIfNeeded({ timeout: 2_000 });
    const width = await picture.evaluate((element) => (element as HTMLImageElement).naturalWidth);
    expect(width).toBeGreaterThan(0);
  }).toPass();
});
