import { type StoryContent } from "@storyloom/common";
import { eq } from "drizzle-orm";
import { nanoid } from "nanoid";
import type { Database } from "../platform/db/database.js";
import { purchases, stories, users, type PurchaseStatus } from "../platform/db/schema.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import { previewOf } from "../stories/story-text-rules.js";
import { SAMPLE_PICTURE, storyIn, type TestPerson } from "./story-fixtures.js";
import type { TestApi } from "./test-api.js";

// Test-only setup for who may read what (docs/decisions/030): premium and purchases are written
// straight to the database, as the payments' webhook and admin grants would leave them.

/** Words that appear only in a priced story's locked part: a test looks for them in answers. */
export const LOCKED_WORDS = "the-cellar-door-was-never-locked";
export const FREE_WORDS = "The tide brought a green bottle to the rocks.";

/** Two chapters: the first is the free part; the second holds LOCKED_WORDS. */
export const PRICED_CONTENT: StoryContent = {
  chapters: [
    { title: "The Bottle", paragraphs: [FREE_WORDS, "Inside lay a map."] },
    {
      title: "The Cellar",
      paragraphs: [`Under the lighthouse, ${LOCKED_WORDS}, and the keeper knew why.`, "The end."],
    },
  ],
};

export interface ListedStory {
  publicId: string;
  id: string;
  /** The illustration after the free part's last paragraph. */
  freePictureId: string;
  /** The illustration inside the locked chapter. */
  lockedPictureId: string;
  coverId: string;
}

/**
 * A completed, public, approved (listed) story of `owner` with PRICED_CONTENT, its cover and two
 * illustrations (one in each chapter); priced at `priceCents` through the product's route.
 */
export async function listedStory(
  api: TestApi,
  owner: TestPerson,
  priceCents: number | null,
): Promise<ListedStory> {
  const db = api.database.db;
  const publicId = await storyIn(api, owner, "completed", { isPublic: true });
  const queries = new StoriesQueries(db);
  const story = await queries.findByPublicId(publicId);
  if (story === null) throw new Error("no story");
  await db
    .update(stories)
    .set({ content: PRICED_CONTENT, preview: previewOf(PRICED_CONTENT), publishedAt: new Date() })
    .where(eq(stories.id, story.id));
  const picture = (chapterIndex: number, paragraphIndex: number) =>
    queries.insertMedia({
      storyId: story.id,
      generation: story.generation,
      role: "chapter",
      chapterIndex,
      paragraphIndex,
      altText: `Picture of chapter ${chapterIndex + 1}`,
      caption: null,
      contentType: "image/svg+xml",
      bytes: SAMPLE_PICTURE,
    });
  const free = await picture(0, 1);
  const locked = await picture(1, 0);
  const media = await queries.listMedia(story.id, story.generation);
  const cover = media.find((item) => item.role === "cover");
  if (!cover) throw new Error("no cover");
  if (priceCents !== null) {
    const priced = await api.app.inject({
      method: "PATCH",
      url: `/v1/stories/${publicId}/price`,
      headers: owner.headers,
      payload: { price_cents: priceCents },
    });
    if (priced.statusCode !== 200) throw new Error(`pricing failed: ${priced.body}`);
  }
  return {
    publicId,
    id: story.id,
    freePictureId: free.id,
    lockedPictureId: locked.id,
    coverId: cover.id,
  };
}

/** Premium until tomorrow (or not premium with null). */
export async function setPremium(db: Database, person: TestPerson, premium: boolean) {
  const premiumUntil = premium ? new Date(Date.now() + 24 * 60 * 60 * 1000) : null;
  await db.update(users).set({ premiumUntil }).where(eq(users.id, person.id));
}

/** A purchase of the story by `buyer` in `status` (paid: they bought it). */
export async function recordPurchase(
  db: Database,
  buyer: TestPerson,
  story: { id: string; authorId?: string },
  status: PurchaseStatus,
): Promise<string> {
  const id = nanoid(16);
  await db.insert(purchases).values({
    id,
    userId: buyer.id,
    kind: "story",
    storyId: story.id,
    storyTitle: "The Lantern Keeper",
    amountCents: 199,
    currency: "usd",
    status,
    provider: "local",
    ...(status === "paid" ? { paidAt: new Date() } : {}),
    ...(status === "refunded" ? { paidAt: new Date(), refundedAt: new Date() } : {}),
  });
  return id;
}
