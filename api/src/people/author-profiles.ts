import { keysetCardPage, type CardPage } from "../community/card-pages.js";
import type { UserRecord } from "../platform/db/schema.js";
import { notFound } from "../platform/lib/errors.js";
import type { PageRequest } from "../platform/lib/keyset-page.js";
import type { AuthorProfile, PeopleQueries } from "./people-queries.js";
import { USER_NOT_FOUND } from "./people-rules.js";

// A person's public profile and their listed stories (docs/product.md#author-profiles-and-subscriptions).

/** The profile of the person with this username (any case), with the viewer's subscription. */
export async function readAuthorProfile(
  people: PeopleQueries,
  viewer: UserRecord | null,
  username: string,
): Promise<AuthorProfile> {
  const profile = await people.profileByUsername(username, viewer?.id ?? null);
  if (profile === null) throw notFound(USER_NOT_FOUND);
  return profile;
}

/** A person's listed stories (completed, public, approved), newest published first. */
export async function listAuthorStories(
  people: PeopleQueries,
  viewer: UserRecord | null,
  username: string,
  page: PageRequest,
): Promise<CardPage> {
  const viewerId = viewer?.id ?? null;
  const author = await people.profileByUsername(username, null);
  if (author === null) throw notFound(USER_NOT_FOUND);
  return keysetCardPage("author", page, (limit, after) =>
    people.listAuthorStories(author.id, limit, after, viewerId),
  );
}
