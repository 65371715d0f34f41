// The members' mixed load (members-bench.ts): many signed-in members at once through the bff, each
// reading (the home page's two sections, a story page), bookmarking and unbookmarking, commenting
// and starting a story with the offline writer, as the client sends them, each member from an
// address of its own. Every answer but a 200 without GraphQL errors counts as an error.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./stack.js";

/** One signed-in member of the load. */
export interface LoadMember {
  token: string;
  /** The member's own client address (X-Forwarded-For, which the bff believes from loopback). */
  address: string;
}

export interface LoadOutcome {
  requests: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  /** Each member's first request (its token checked with the identity service once): p99. */
  firstP99Ms: number;
  /** Per action: requests, errors and p99. */
  actions: Record<string, { requests: number; errors: number; p99Ms: number }>;
  /** The first few errors, to say what failed. */
  examples: string[];
}

/** A member's actions, turn by turn: mostly reading, as people do. */
const TURNS = ["home", "story", "home", "bookmark", "story", "home", "comment", "start"] as const;
type Action = (typeof TURNS)[number];
/** Under the api's per-person limits (10 comments a minute, 10 story starts in 10 minutes). */
const MAX_COMMENTS = 2;
const MAX_STARTS = 1;

const BOOKMARK = `mutation Bookmark($id: ID!) { bookmarkStory(id: $id) { id viewerHasBookmarked bookmarkCount } }`;
const UNBOOKMARK = `mutation Unbookmark($id: ID!) { unbookmarkStory(id: $id) { id viewerHasBookmarked bookmarkCount } }`;
const COMMENT = `mutation Comment($input: AddCommentInput!) { addComment(input: $input) { id } }`;
const START = `mutation Start($input: StartStoryGenerationInput!) { startStoryGeneration(input: $input) { publicId } }`;

async function firstDataDocuments(): Promise<Map<string, string>> {
  const generated = path.join(root, "bff/dist/__generated__/first-data-documents.js");
  const { FIRST_DATA_DOCUMENTS } = (await import(pathToFileURL(generated).href)) as {
    FIRST_DATA_DOCUMENTS: Record<string, Array<{ operationName: string; query: string }>>;
  };
  return new Map(
    Object.values(FIRST_DATA_DOCUMENTS)
      .flat()
      .map(({ operationName, query }) => [operationName, query]),
  );
}

/** A story's global id (bff/src/graphql/global-id.ts): mutations take it. */
const storyGlobalId = (publicId: string) => Buffer.from(`Story:${publicId}`).toString("base64url");

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

/**
 * Every member in `members` acts in turn for `seconds`, each waiting `thinkMs` (±50 %) between
 * two actions, as a person reading would; all members at once, each starting at a random moment of
 * the first `arrivalMs`, as people do.
 *
 * Before that, each member signs in: their first request (the home page, arriving at a random moment
 * of the first `arrivalMs`) is where the api checks their new token with the identity service
 * (Firebase; here its emulator, a JVM on the same two cores) and remembers it until it expires
 * (decision 040). It is measured apart (`firstP99Ms`): the load is of members already signed in,
 * as a site's members are for the hour their token lasts.
 */
export async function mixedMembersLoad(
  bffUrl: string,
  members: readonly LoadMember[],
  storyIds: readonly string[],
  options: { seconds: number; thinkMs: number; homeCards: number; arrivalMs: number },
): Promise<LoadOutcome> {
  const documents = await firstDataDocuments();
  const latencies: Record<Action, number[]> = {
    home: [],
    story: [],
    bookmark: [],
    comment: [],
    start: [],
  };
  const errors: Record<Action, number> = { home: 0, story: 0, bookmark: 0, comment: 0, start: 0 };
  const firstRequests: number[] = [];
  const examples: string[] = [];

  async function send(
    member: LoadMember,
    action: Action,
    body: Record<string, unknown>,
    measured = true,
  ): Promise<number> {
    const began = performance.now();
    let failure: string | null = null;
    try {
      const response = await fetch(`${bffUrl}/graphql`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${member.token}`,
          "x-forwarded-for": member.address,
        },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      const answer = JSON.parse(text) as { errors?: unknown };
      if (response.status !== 200 || answer.errors !== undefined) {
        failure = `${action}: ${response.status} ${text.slice(0, 200)}`;
      }
    } catch (error) {
      failure = `${action}: ${(error as Error).message}`;
    }
    const took = performance.now() - began;
    if (measured) latencies[action].push(took);
    if (failure) {
      errors[action] += 1;
      if (examples.length < 5) examples.push(failure);
    }
    return took;
  }

  async function actAs(member: LoadMember, index: number) {
    let turn = index % TURNS.length;
    const done = { comments: 0, starts: 0, bookmarked: new Set<string>() };
    const story = () => storyIds[Math.floor(Math.random() * storyIds.length)] ?? "";
    const home = { first: options.homeCards };
    await new Promise((resolve) => setTimeout(resolve, Math.random() * options.arrivalMs));
    while (Date.now() < deadline) {
      let action: Action = TURNS[turn % TURNS.length] ?? "home";
      turn += 1;
      if (action === "comment" && done.comments >= MAX_COMMENTS) action = "story";
      if (action === "start" && done.starts >= MAX_STARTS) action = "home";
      const id = story();
      if (action === "home") {
        const operationName = turn % 2 === 0 ? "FreshThreads" : "TrendingNow";
        await send(member, action, {
          operationName,
          query: documents.get(operationName),
          variables: home,
        });
      } else if (action === "story") {
        const query = documents.get("StoryReader");
        await send(member, action, {
          operationName: "StoryReader",
          query,
          variables: { publicId: id },
        });
      } else if (action === "bookmark") {
        const had = done.bookmarked.has(id);
        if (had) done.bookmarked.delete(id);
        else done.bookmarked.add(id);
        await send(member, action, {
          query: had ? UNBOOKMARK : BOOKMARK,
          variables: { id: storyGlobalId(id) },
        });
      } else if (action === "comment") {
        done.comments += 1;
        const input = { storyId: storyGlobalId(id), content: `A member's note ${done.comments}.` };
        await send(member, action, { query: COMMENT, variables: { input } });
      } else {
        done.starts += 1;
        const input = { title: `Bench ${index}`, outline: "A lighthouse keeper and a storm." };
        await send(member, action, { query: START, variables: { input } });
      }
      const think = options.thinkMs * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, think));
    }
  }

  const signIn = async (member: LoadMember) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * options.arrivalMs));
    const query = documents.get("FreshThreads");
    const variables = { first: options.homeCards };
    firstRequests.push(
      await send(member, "home", { operationName: "FreshThreads", query, variables }, false),
    );
  };
  await Promise.all(members.map(signIn));
  const deadline = Date.now() + options.seconds * 1000;
  await Promise.all(members.map((member, index) => actAs(member, index)));
  const all = Object.values(latencies)
    .flat()
    .sort((a, b) => a - b);
  const actions = Object.fromEntries(
    (Object.keys(latencies) as Action[]).map((action) => {
      const sorted = [...latencies[action]].sort((a, b) => a - b);
      return [
        action,
        { requests: sorted.length, errors: errors[action], p99Ms: percentile(sorted, 0.99) },
      ];
    }),
  );
  return {
    requests: all.length,
    errors: Object.values(errors).reduce((sum, count) => sum + count, 0),
    p50Ms: percentile(all, 0.5),
    p99Ms: percentile(all, 0.99),
    firstP99Ms: percentile(
      [...firstRequests].sort((a, b) => a - b),
      0.99,
    ),
    actions,
    examples,
  };
}
