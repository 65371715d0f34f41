// Arranging through the public GraphQL API what a test needs but does not test (a published story
// by another author), so the browser spends its time on the behaviour under test.
import { signUp, type EmulatorSession } from "../../scripts/lib/auth-emulator-client.mjs";
import { expect } from "../fixtures.js";
import { uniqueEmail } from "./helpers.js";

interface GraphQLResponse<T> {
  data?: T;
  errors?: Array<{ message: string }>;
}

export async function graphqlAs<T>(
  baseURL: string,
  session: EmulatorSession | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await fetch(new URL("/graphql", baseURL), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(session ? { authorization: `Bearer ${session.idToken}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as GraphQLResponse<T>;
  if (body.errors?.length || !body.data) {
    throw new Error(`GraphQL failed: ${JSON.stringify(body.errors ?? body)}`);
  }
  return body.data;
}

export interface PublishedStory {
  /** The global id, which mutations take. */
  id: string;
  /** The story's address (/stories/<publicId>), which queries take. */
  publicId: string;
  title: string;
  author: EmulatorSession;
}

const OUTLINE =
  "Mara, a young cartographer, maps a drowned city to find her missing brother Tomas.";

/** A new author writes a story with the offline writer, confirms it and makes it public. */
export async function publishStory(
  baseURL: string,
  emulatorHost: string,
  title: string,
  outline = OUTLINE,
  tags: string[] = ["fantasy"],
): Promise<PublishedStory> {
  const author = await signUp(emulatorHost, uniqueEmail("author"));
  // The profile (and its username) exists once the api has seen the user.
  await graphqlAs(baseURL, author, "query { viewer { id } }");
  return publishStoryAs(baseURL, author, title, outline, tags);
}

/** `author` (whose profile exists) writes a story, confirms it and makes it public. */
export async function publishStoryAs(
  baseURL: string,
  author: EmulatorSession,
  title: string,
  outline = OUTLINE,
  tags: string[] = ["fantasy"],
): Promise<PublishedStory> {
  const started = await graphqlAs<{ startStoryGeneration: { id: string; publicId: string } }>(
    baseURL,
    author,
    `mutation Start($input: StartStoryGenerationInput!) {
      startStoryGeneration(input: $input) { id publicId }
    }`,
    { input: { title, outline, tags, themeKeywords: ["tides"] } },
  );
  const { id, publicId } = started.startStoryGeneration;
  await expect
    .poll(
      async () => {
        const { story } = await graphqlAs<{ story: { status: string } | null }>(
          baseURL,
          author,
          "query Status($publicId: ID!) { story(publicId: $publicId) { status } }",
          { publicId },
        );
        return story?.status;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe("READY_FOR_REVIEW");
  await graphqlAs(
    baseURL,
    author,
    "mutation Confirm($id: ID!) { confirmStory(id: $id) { status } }",
    {
      id,
    },
  );
  await graphqlAs(
    baseURL,
    author,
    `mutation Publish($id: ID!) {
      setStoryVisibility(id: $id, isPublic: true) { isPublic }
    }`,
    { id },
  );
  return { id, publicId, title, author };
}

/** The story's author prices it (99, 199, 299 or 499 cents), as the reader's Price menu does. */
export async function priceStory(baseURL: string, story: PublishedStory, priceCents: number) {
  await graphqlAs(
    baseURL,
    story.author,
    `mutation Price($id: ID!, $cents: Int) { setStoryPrice(storyId: $id, priceCents: $cents) { story { id } } }`,
    { id: story.id, cents: priceCents },
  );
}
