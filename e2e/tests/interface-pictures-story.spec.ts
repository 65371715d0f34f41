// Reference pictures of a story's screens (issue 29): the story page, the generation view and the
// comments panel, at a phone's and a desktop's width, light, beside interface-pictures.spec.ts's
// home and explore. A change made on purpose updates them (`npx playwright test interface-pictures
// --update-snapshots`, then commit the new pictures).
//
// Deterministic as those are: a real published story's page, whose inlined first data is replaced
// with a fixed story (fixed text, author, dates and counts; no pictures: the page draws its
// fallback), a fixed clock, the app's own fonts, animations off (toHaveScreenshot's default), and
// GraphQL refused but for the comments the panel asks, answered with fixed ones. The live channel
// is answered by the test: it accepts the connection and pushes nothing, so the generation view
// shows the fixed story's progress and chapters.
import type { Page } from "@playwright/test";
import { test, expect } from "../fixtures.js";
import { publishStory, type PublishedStory } from "./graphql-helpers.js";
import { openComments } from "./helpers.js";

const NOW = new Date("2026-06-01T12:00:00Z");
const at = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString();

const CHAPTERS = [
  {
    title: "The Low Tide",
    paragraphs: [
      "The tide went out further than anyone in the village could remember, and on the wet sand lay a map no one had drawn.",
      "Ines found it at dawn, weighted at its corners by four white stones, its ink still wet as if the sea had only just finished writing.",
      "She rolled it carefully and carried it up the cliff path to the lighthouse, where her grandfather had kept the lamp for forty years.",
    ],
  },
  {
    title: "Forty Years of Light",
    paragraphs: [
      "Her grandfather unrolled the map on the kitchen table and was quiet for a long time.",
      "Every rock on it was one he knew, and every one was drawn a little to the left of where it stood, as if the whole coast had moved in the night.",
    ],
  },
  {
    title: "The Other Shore",
    paragraphs: [
      "They took the boat out at the next low tide, following the map instead of the stars.",
    ],
  },
];

const WORDS = CHAPTERS.flatMap((chapter) => chapter.paragraphs)
  .join(" ")
  .split(/\s+/).length;

type Answer = { operationName: string; data: Record<string, unknown> };
type Story = Record<string, unknown>;

/** The real story's answer with everything that varies from run to run fixed. */
function fixedStory(real: Story, publicId: string): Story {
  const story: Story = { ...real };
  // Any date the page may print (created, revised, continued): fixed.
  for (const [key, value] of Object.entries(story)) {
    if (key.endsWith("At") && typeof value === "string") story[key] = at(3);
  }
  return {
    ...story,
    publicId,
    title: "The Lighthouse Keeper's Map",
    description: "A keeper, a tide and a map no one drew.",
    status: "COMPLETED",
    progress: 100,
    statusMessage: null,
    error: null,
    isPublic: true,
    viewerIsAuthor: false,
    viewerHasBookmarked: false,
    bookmarkCount: 3,
    commentCount: 3,
    createdAt: at(3),
    wordCount: WORDS,
    imagesPending: false,
    author: { __typename: "User", id: "User:mara", username: "mara_writes" },
    price: null,
    headerImageUrl: null,
    images: [],
    tags: ["sea", "mystery"],
    category: null,
    content: {
      __typename: "StoryContent",
      chapters: CHAPTERS.map((chapter) => ({ __typename: "Chapter", locked: false, ...chapter })),
    },
  };
}

/** The same story while its writer is on its second chapter, as its author sees it. */
function generatingStory(real: Story, publicId: string): Story {
  const story = fixedStory(real, publicId);
  return {
    ...story,
    status: "GENERATING",
    viewerIsAuthor: true,
    isPublic: false,
    progress: 45,
    statusMessage: "Writing chapter 2 of 3...",
    wordCount: null,
    bookmarkCount: 0,
    commentCount: 0,
    content: {
      __typename: "StoryContent",
      chapters: [
        { __typename: "Chapter", locked: false, ...CHAPTERS[0]! },
        {
          __typename: "Chapter",
          locked: false,
          title: CHAPTERS[1]!.title,
          paragraphs: [CHAPTERS[1]!.paragraphs[0]!],
        },
      ],
    },
  };
}

function comment(
  id: string,
  username: string,
  content: string,
  daysAgo: number,
  extra: Record<string, unknown> = {},
) {
  return {
    __typename: "Comment",
    id: `Comment:${id}`,
    content,
    createdAt: at(daysAgo),
    parentId: null,
    moderationStatus: "APPROVED",
    flaggedCount: 0,
    isInline: false,
    location: null,
    quote: null,
    isOrphaned: false,
    isByStoryAuthor: false,
    shapedStory: false,
    viewerCanDelete: false,
    viewerCanReport: false,
    storyPublicId: "fixed",
    author: { __typename: "User", id: `User:${username}`, username, avatarUrl: null },
    replies: [],
    ...extra,
  };
}

/** The panel's answer: a note on a passage, a comment and the author's reply to it. */
function fixedComments(storyId: unknown) {
  const passage = CHAPTERS[0]!.paragraphs[0]!;
  const quote = "a map no one had drawn";
  const start = passage.indexOf(quote);
  return {
    story: {
      __typename: "Story",
      id: storyId,
      commentCount: 3,
      comments: [
        comment("note", "tomas", "This line is the whole story in eight words.", 2, {
          isInline: true,
          location: { __typename: "CommentLocation", start, end: start + quote.length },
          quote,
        }),
        comment("general", "quill", "The grandfather's silence did more than any dialogue.", 1, {
          replies: [
            comment("reply", "mara_writes", "Thank you! He was the first character I had.", 0.5, {
              parentId: "Comment:general",
              isByStoryAuthor: true,
            }),
          ],
        }),
      ],
    },
  };
}

const FIRST_DATA =
  /(<script type="application\/json" id="storyloom-first-data">)([\s\S]*?)(<\/script>)/;

/**
 * Opens the real story's page at this size with its inlined story replaced by `fix(real)`, GraphQL
 * refused but for StoryComments (fixed comments), and a live channel that accepts and stays quiet.
 */
async function openStory(
  page: Page,
  publicId: string,
  size: { width: number; height: number },
  fix: (real: Story, publicId: string) => Story,
) {
  await page.clock.setFixedTime(NOW);
  await page.setViewportSize(size);
  let storyId: unknown = null;
  await page.routeWebSocket(/\/graphql/, (socket) => {
    socket.onMessage((message) => {
      const { type } = JSON.parse(String(message)) as { type: string };
      if (type === "connection_init") socket.send(JSON.stringify({ type: "connection_ack" }));
      if (type === "ping") socket.send(JSON.stringify({ type: "pong" }));
    });
  });
  await page.route("**/graphql", async (route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (body?.operationName !== "StoryComments") return route.abort();
    await route.fulfill({ json: { data: fixedComments(storyId) } });
  });
  await page.route(
    (url) => url.pathname === `/stories/${publicId}`,
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(FIRST_DATA, (_, open, json, close) => {
        const parsed = JSON.parse(json) as { results: Answer[] };
        for (const answer of parsed.results) {
          const real = answer.data.story as Story | null | undefined;
          if (answer.operationName === "StoryReader" && real) {
            answer.data.story = fix(real, publicId);
            storyId = real.id;
          }
        }
        return `${open}${JSON.stringify(parsed)}${close}`;
      });
      const headers = { ...response.headers() };
      delete headers["content-encoding"];
      delete headers["content-length"];
      await route.fulfill({ status: response.status(), headers, body: html });
    },
  );
  await page.goto(`/stories/${publicId}`);
}

/**
 * The first thing each picture waits for: a story being written is drawn once Apollo Client has
 * loaded, which a busy machine takes a while to do.
 */
const DRAWN = { timeout: 60_000 };

/** Fonts loaded: nothing left that changes between two runs (the caret is hidden by default). */
async function still(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

let story: PublishedStory;

test.beforeAll(async () => {
  story = await publishStory(
    process.env.STORYLOOM_BASE_URL!,
    process.env.FIREBASE_AUTH_EMULATOR_HOST!,
    "A story for its reference pictures",
  );
});

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
});

const DEVICES = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const;

for (const [device, size] of DEVICES) {
  test(`a story page at a ${device}'s width looks as its reference picture`, async ({ page }) => {
    await openStory(page, story.publicId, size, fixedStory);
    await expect(page.getByRole("heading", { level: 1, name: /Lighthouse Keeper/ })).toBeVisible(
      DRAWN,
    );
    await expect(page.getByText(CHAPTERS[0]!.paragraphs[0]!)).toBeVisible();
    await still(page);
    await expect(page).toHaveScreenshot(`story-${device}.png`, { maxDiffPixelRatio: 0.01 });
  });

  test(`the generation view at a ${device}'s width looks as its reference picture`, async ({
    page,
  }) => {
    await openStory(page, story.publicId, size, generatingStory);
    await expect(page.getByRole("heading", { name: "Generating Story..." })).toBeVisible(DRAWN);
    await expect(page.getByText("Progress: 45%")).toBeVisible();
    await expect(page.getByText(CHAPTERS[1]!.paragraphs[0]!)).toBeVisible();
    await still(page);
    await expect(page).toHaveScreenshot(`generation-${device}.png`, { maxDiffPixelRatio: 0.01 });
  });

  test(`the comments panel at a ${device}'s width looks as its reference picture`, async ({
    page,
  }) => {
    await openStory(page, story.publicId, size, fixedStory);
    await expect(page.getByText(CHAPTERS[0]!.paragraphs[0]!)).toBeVisible(DRAWN);
    const panel = await openComments(page);
    await expect(panel.getByText("Thank you! He was the first character I had.")).toBeVisible();
    await still(page);
    await expect(page).toHaveScreenshot(`comments-${device}.png`, { maxDiffPixelRatio: 0.01 });
  });
}
