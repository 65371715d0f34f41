import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdsQueries } from "./ads/ads-queries.js";
import { SEED_ADS, SEED_AFFILIATE_LINKS, seedAds } from "./seed-ads.js";
import { createTestDatabase, type TestDatabase } from "./testing/test-database.js";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.dispose());

describe("the seed's ads and affiliate links", () => {
  it("adds a running ad for each placement and an active affiliate link, once", async () => {
    await seedAds(database.handle.db);
    await seedAds(database.handle.db);
    const queries = new AdsQueries(database.handle.db);
    const now = new Date();
    expect((await queries.runningAds("home", now)).map((ad) => ad.title)).toEqual([
      SEED_ADS[0]!.title,
    ]);
    expect((await queries.runningAds("reader", now)).map((ad) => ad.title)).toEqual([
      SEED_ADS[1]!.title,
    ]);
    expect((await queries.activeLinks(10)).map((link) => link.label)).toEqual(
      SEED_AFFILIATE_LINKS.map((link) => link.label),
    );
  });
});
