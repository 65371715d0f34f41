import type { Database } from "./platform/db/database.js";
import { PeopleQueries } from "./people/people-queries.js";
import { UsersQueries } from "./people/users-queries.js";

// The seed's people (docs/product.md#author-profiles-and-subscriptions): display names and bios
// for the seed authors, and each one following the next two, so profiles, My Subscriptions and
// the home page's "From writers you follow" have something to show. Setting them again changes
// nothing: profile fields are overwritten with the same text, subscriptions are idempotent.

export const SEED_PROFILES: Record<string, { displayName: string; bio: string }> = {
  ada_quill: {
    displayName: "Ada Quill",
    bio: "Lighthouses, tides and the people who keep them. Writes at dawn.",
  },
  basil_thorn: {
    displayName: "Basil Thorn",
    bio: "Gothic gardens and polite ghosts. Tea first, then murder.",
  },
  cora_vale: {
    displayName: "Cora Vale",
    bio: "Small towns with big secrets; maps drawn in the margins.",
  },
  dmitri_fen: {
    displayName: "Dmitri Fen",
    bio: "Trains, snow and strangers with one-way tickets.",
  },
  elsie_moor: {
    displayName: "Elsie Moor",
    bio: "Folk tales retold for the night shift.",
  },
  felix_rook: {
    displayName: "Felix Rook",
    bio: "Heists, chess and clocks that run backwards.",
  },
};

/** How many of the following authors each seed author subscribes to. */
export const SEED_FOLLOWS_EACH = 2;

export async function seedPeople(
  db: Database,
  authors: ReadonlyArray<{ id: string; username: string }>,
): Promise<void> {
  const users = new UsersQueries(db);
  const people = new PeopleQueries(db);
  for (const author of authors) {
    const profile = SEED_PROFILES[author.username];
    if (profile) await users.updateProfile(author.id, profile);
  }
  for (const [index, author] of authors.entries()) {
    for (let step = 1; step <= SEED_FOLLOWS_EACH; step += 1) {
      const followed = authors[(index + step) % authors.length];
      if (followed && followed.id !== author.id) await people.subscribe(author.id, followed.id);
    }
  }
}
