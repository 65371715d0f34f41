// Issue 29 row 4 and issue 26's Read aloud, in Chromium: a story's text on a phone's first screen
// for a visitor and for its author, every reading setting in the reader bar's "Aa" menu, the
// author's tools in a Manage sheet a keyboard works, and Read aloud following the voice.
import type { Page } from "@playwright/test";
import { signInWithPassword } from "../../scripts/lib/auth-emulator-client.mjs";
import { test, expect } from "../fixtures.js";
import { publishStory, publishStoryAs } from "./graphql-helpers.js";
import { PASSWORD, signUpThroughForm, uniqueEmail } from "./helpers.js";

const PHONE = { width: 390, height: 844 };
/** The first paragraph's top, at most: on the first screen, with a line or two of it in sight. */
const FIRST_SCREEN = 800;
const suffix = () => Date.now().toString(36);

/** The top of the story's first paragraph, in px from the top of the page as it opens. */
async function firstParagraphTop(page: Page): Promise<number> {
  const paragraph = page.locator(".story-text__chapter p").first();
  await expect(paragraph).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // The cover's box is drawn before its picture arrives; wait for the page to have its pictures.
  await page.waitForLoadState("load");
  return paragraph.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
}

test("on a 390×844 phone the story's first paragraph is on the first screen, for a visitor and for its author", async ({
  page,
  browser,
  baseURL,
  emulatorHost,
}) => {
  const email = uniqueEmail("phone-author");
  await signUpThroughForm(page, email);
  const author = await signInWithPassword(emulatorHost, email, PASSWORD);
  const story = await publishStoryAs(baseURL!, author, `The Pocket Harbour ${suffix()}`);

  const visitor = await browser.newContext({ viewport: PHONE });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/stories/${story.publicId}`);
  expect(await firstParagraphTop(visitorPage)).toBeLessThanOrEqual(FIRST_SCREEN);
  await visitor.close();

  await page.setViewportSize(PHONE);
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("button", { name: "Manage" })).toBeVisible();
  expect(await firstParagraphTop(page)).toBeLessThanOrEqual(FIRST_SCREEN);
  // Nothing of the author's tools in the reading column.
  await expect(page.getByRole("button", { name: "Delete Story" })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Reader font" })).toHaveCount(0);
});

test("the Aa menu changes the text's font and size, and the page remembers them", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Tall Print ${suffix()}`);
  await page.setViewportSize(PHONE);
  await page.goto(`/stories/${story.publicId}`);
  const paragraph = page.locator(".story-text__chapter p").first();
  const sizeOf = () => paragraph.evaluate((element) => getComputedStyle(element).fontSize);
  const fontOf = () => paragraph.evaluate((element) => getComputedStyle(element).fontFamily);
  await expect(paragraph).toBeVisible();
  const before = parseFloat(await sizeOf());

  const aa = page.getByRole("button", { name: "Reading settings" });
  await aa.click();
  const menu = page.getByRole("group", { name: "Reading settings" });
  await menu.getByRole("combobox", { name: "Font" }).selectOption("Merriweather");
  await menu.getByRole("radio", { name: "Extra large" }).check();
  await expect.poll(async () => parseFloat(await sizeOf())).toBeGreaterThan(before);
  expect(await fontOf()).toContain("Merriweather");
  // The menu stays on the screen, under the bar.
  const box = (await menu.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(aa).toBeFocused();

  await page.reload();
  await expect(paragraph).toBeVisible();
  await expect.poll(async () => parseFloat(await sizeOf())).toBeGreaterThan(before);
  expect(await fontOf()).toContain("Merriweather");
  await page.getByRole("button", { name: "Reading settings" }).click();
  await expect(page.getByRole("radio", { name: "Extra large" })).toBeChecked();
});

test("the author's Manage sheet from the keyboard: it opens on Enter, keeps Tab inside, acts, and Escape gives the focus back", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const email = uniqueEmail("manager");
  await signUpThroughForm(page, email);
  const author = await signInWithPassword(emulatorHost, email, PASSWORD);
  const story = await publishStoryAs(baseURL!, author, `The Keyed Lock ${suffix()}`);
  await page.setViewportSize(PHONE);
  await page.goto(`/stories/${story.publicId}`);

  const manage = page.getByRole("button", { name: "Manage" });
  await manage.focus();
  await page.keyboard.press("Enter");
  const sheet = page.getByRole("dialog", { name: "Manage story" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("button", { name: "Make Private" })).toBeVisible();
  // Tab goes round the sheet's controls, never out of it.
  for (let step = 0; step < 10; step++) {
    await page.keyboard.press("Tab");
    expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await sheet.getByRole("button", { name: "Make Private" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Story is now private.")).toBeVisible();
  await expect(sheet.getByRole("button", { name: "Make Public" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(manage).toBeFocused();
});

/**
 * A speech synthesis standing in for the browser's (Debian's Chromium may have no voice): it
 * keeps what it is asked to say and fires `end` on the sentence being spoken when the test says.
 */
function installSpeechShim() {
  type Shimmed = EventTarget & { text: string };
  const spoken: Shimmed[] = [];
  let paused = false;
  class Utterance extends EventTarget {
    lang = "";
    constructor(public text: string) {
      super();
    }
  }
  const synthesis = {
    get speaking() {
      return spoken.length > 0;
    },
    get paused() {
      return paused;
    },
    speak(utterance: Shimmed) {
      spoken.push(utterance);
    },
    cancel() {
      const current = spoken.splice(0);
      for (const utterance of current) {
        utterance.dispatchEvent(Object.assign(new Event("error"), { error: "interrupted" }));
      }
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
    },
    getVoices: () => [],
  };
  Object.defineProperty(window, "speechSynthesis", { value: synthesis, configurable: true });
  Object.defineProperty(window, "SpeechSynthesisUtterance", {
    value: Utterance,
    configurable: true,
  });
  Object.assign(window, {
    speechShim: {
      /** The sentence being spoken ends. */
      finish() {
        spoken.shift()?.dispatchEvent(new Event("end"));
      },
      get paused() {
        return paused;
      },
      get saying() {
        return spoken[0]?.text ?? null;
      },
    },
  });
}

interface SpeechShim {
  finish(): void;
  paused: boolean;
  saying: string | null;
}

const highlighted = (page: Page) =>
  page.evaluate(() => {
    const highlight = (CSS.highlights as unknown as Map<string, Highlight>).get("read-aloud");
    return highlight
      ? Array.from(highlight as unknown as Iterable<Range>)
          .map((range) => range.toString())
          .join("")
      : null;
  });
const saying = (page: Page) =>
  page.evaluate(() => (window as unknown as { speechShim: SpeechShim }).speechShim.saying);

test("Read aloud speaks the story sentence by sentence, highlighting each, and pauses, resumes and skips by paragraph", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Spoken Tide ${suffix()}`);
  await page.addInitScript(installSpeechShim);
  await page.setViewportSize(PHONE);
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Read aloud" }).click();
  // The visitor's first view hands over to the reader, which starts at the title.
  await expect.poll(() => saying(page)).toBe(story.title);
  expect(await highlighted(page)).toBe(story.title);
  const bar = page.getByRole("group", { name: "Read aloud" });
  await expect(bar).toBeVisible();

  // The title ends: the first chapter's title, then its first paragraph's first sentence.
  const finish = () =>
    page.evaluate(() => (window as unknown as { speechShim: SpeechShim }).speechShim.finish());
  await finish();
  const chapterTitle = await page.locator(".story-text__chapter > h2").first().textContent();
  await expect.poll(() => highlighted(page)).toBe(chapterTitle);
  await finish();
  const first = page.locator(".story-text__chapter p").first();
  const firstText = (await first.textContent())!;
  const firstSentence = await saying(page);
  expect(firstSentence).not.toBeNull();
  expect(firstText.startsWith(firstSentence!)).toBe(true);
  await expect.poll(() => highlighted(page)).toBe(firstSentence);
  await expect(first).toHaveAttribute("data-read-aloud", "current");
  // The next sentence, on the voice's end.
  await finish();
  const secondSentence = await saying(page);
  expect(secondSentence).not.toBe(firstSentence);
  await expect.poll(() => highlighted(page)).toBe(secondSentence);

  // Pause and resume the voice.
  await bar.getByRole("button", { name: "Pause" }).click();
  expect(
    await page.evaluate(() => (window as unknown as { speechShim: SpeechShim }).speechShim.paused),
  ).toBe(true);
  await bar.getByRole("button", { name: "Resume" }).click();
  expect(
    await page.evaluate(() => (window as unknown as { speechShim: SpeechShim }).speechShim.paused),
  ).toBe(false);

  // Next paragraph, then back.
  await bar.getByRole("button", { name: "Next paragraph" }).click();
  const second = page.locator(".story-text__chapter p").nth(1);
  await expect(second).toHaveAttribute("data-read-aloud", "current");
  const secondParagraph = (await second.textContent())!;
  expect(secondParagraph.startsWith((await saying(page))!)).toBe(true);
  await expect.poll(() => highlighted(page)).toBe(await saying(page));
  await bar.getByRole("button", { name: "Previous paragraph" }).click();
  await expect(first).toHaveAttribute("data-read-aloud", "current");
  await expect.poll(() => saying(page)).toBe(firstSentence);

  // Stop: nothing is highlighted, the bar goes.
  await page.getByRole("button", { name: "Stop reading" }).click();
  await expect(bar).toBeHidden();
  expect(await highlighted(page)).toBeNull();
});

test("Read aloud is not offered where the browser cannot speak", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Quiet Page ${suffix()}`);
  await page.addInitScript(() => {
    delete (window as { speechSynthesis?: unknown }).speechSynthesis;
    Object.defineProperty(window, "speechSynthesis", { value: undefined });
  });
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("button", { name: "Reading settings" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Read aloud" })).toHaveCount(0);
});
