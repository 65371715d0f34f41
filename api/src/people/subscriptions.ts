import { keysetCardPage, type CardPage } from "../community/card-pages.js";
import type { SubscriptionRecord, UserRecord } from "../platform/db/schema.js";
import { notFound } from "../platform/lib/errors.js";
import { readKeysetPage, type KeysetPage, type PageRequest } from "../platform/lib/keyset-page.js";
import type {
  AuthorProfile,
  PeopleQueries,
  Subscriber,
  SubscriptionWithAuthor,
} from "./people-queries.js";
import { assertNotSelf, SUBSCRIPTION_NOT_FOUND, USER_NOT_FOUND } from "./people-rules.js";

// Following authors (docs/product.md#author-profiles-and-subscriptions): a subscription is its
// subscriber's alone; the followed author's profile comes with it, counts as they are now.

/** A subscription and the followed author's profile as the subscriber sees it. */
export interface FollowedAuthor {
  subscription: SubscriptionRecord;
  author: AuthorProfile;
}

/** Follows an author; following twice answers the same subscription. */
export async function subscribeToAuthor(
  people: PeopleQueries,
  subscriber: UserRecord,
  authorId: string,
): Promise<FollowedAuthor> {
  assertNotSelf(subscriber.id, authorId);
  if ((await people.profileById(authorId, null)) === null) throw notFound(USER_NOT_FOUND);
  const subscription = await people.subscribe(subscriber.id, authorId);
  return { subscription, author: await followedAuthor(people, authorId, subscriber) };
}

/**
 * Stops following: only the subscriber may; anyone else's subscription does not exist for them.
 * Answers the subscription as it was.
 */
export async function unsubscribeFromAuthor(
  people: PeopleQueries,
  subscriber: UserRecord,
  subscriptionId: string,
): Promise<FollowedAuthor> {
  const subscription = await people.findSubscription(subscriptionId);
  if (subscription === null || subscription.subscriberId !== subscriber.id) {
    throw notFound(SUBSCRIPTION_NOT_FOUND);
  }
  if (!(await people.unsubscribe(subscription.id, subscriber.id))) {
    throw notFound(SUBSCRIPTION_NOT_FOUND);
  }
  return { subscription, author: await followedAuthor(people, subscription.authorId, subscriber) };
}

/** The authors the subscriber follows, most recently followed first. */
export async function listMySubscriptions(
  people: PeopleQueries,
  subscriber: UserRecord,
  page: PageRequest,
): Promise<KeysetPage<SubscriptionWithAuthor>> {
  const { rows, nextCursor } = await readKeysetPage("subscriptions", page, (limit, after) =>
    people.listSubscriptions(subscriber.id, limit, after),
  );
  return { rows: rows.map((row) => row.item), nextCursor };
}

/** The listed stories of the authors the subscriber follows, newest published first. */
export async function listSubscriptionFeed(
  people: PeopleQueries,
  subscriber: UserRecord,
  page: PageRequest,
): Promise<CardPage> {
  return keysetCardPage("feed", page, (limit, after) =>
    people.listFeed(subscriber.id, limit, after),
  );
}

/** The people who follow a user, most recent first; an unknown user is not found. */
export async function listSubscribers(
  people: PeopleQueries,
  authorId: string,
  page: PageRequest,
): Promise<KeysetPage<Subscriber>> {
  if ((await people.profileById(authorId, null)) === null) throw notFound(USER_NOT_FOUND);
  const { rows, nextCursor } = await readKeysetPage("subscribers", page, (limit, after) =>
    people.listSubscribers(authorId, limit, after),
  );
  return { rows: rows.map((row) => row.item), nextCursor };
}

async function followedAuthor(
  people: PeopleQueries,
  authorId: string,
  subscriber: UserRecord,
): Promise<AuthorProfile> {
  const author = await people.profileById(authorId, subscriber.id);
  if (author === null) throw notFound(USER_NOT_FOUND);
  return author;
}
