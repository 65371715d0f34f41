import { describe, expect, it, vi } from "vitest";
import { firstDataDocuments } from "../__generated__/first-data-documents";
import { createApolloClient } from "./create-apollo-client";
import { FIRST_DATA_ELEMENT_ID, readInlinedFirstData, type InlinedAnswer } from "./first-data";

// A page's first data as the bff inlines it (docs/decisions/020-page-html-previews-and-first-data.md).

const story = (n: number) => ({
  __typename: "Story",
  id: `U3Rvcnk6${n}`,
  publicId: `story${n}`,
  title: `Story ${n}`,
  description: "A lighthouse keeper rides out a storm.",
  preview: "A keeper and a storm.",
  headerImageUrl: `/media/cover${n}`,
  createdAt: "2026-11-23T10:00:00.000Z",
  tags: ["sea"],
  price: null,
  newChapter: false,
  author: { __typename: "User", id: "VXNlcjox", username: "mara" },
});

const freshThreads: InlinedAnswer = {
  operationName: "FreshThreads",
  variables: { first: 9 },
  data: {
    stories: {
      __typename: "StoryConnection",
      edges: [1, 2].map((n) => ({ __typename: "StoryEdge", node: story(n) })),
    },
  },
};

function pageWith(json: string): Pick<Document, "getElementById"> {
  const page = document.implementation.createHTMLDocument();
  const element = page.createElement("script");
  element.type = "application/json";
  element.id = FIRST_DATA_ELEMENT_ID;
  element.textContent = json;
  page.body.append(element);
  return page;
}

function networkAnswer() {
  return vi.fn<typeof fetch>(
    async () =>
      new Response(
        JSON.stringify({ data: { stories: { __typename: "StoryConnection", edges: [] } } }),
        {
          headers: { "content-type": "application/json" },
        },
      ),
  );
}

/** A real Apollo Client for the browser's page, with `firstData` as the page's inlined answers. */
function apolloWith(
  firstData: InlinedAnswer[],
  fetchImpl: typeof fetch,
  token: string | null = null,
) {
  return createApolloClient({
    getIdToken: async () => token,
    fetch: fetchImpl,
    wsUrl: "ws://localhost/graphql",
    firstData,
  });
}

describe("the page's first data", () => {
  it("is read from the element the bff writes, keeping only the client's first-data operations", () => {
    const other = { operationName: "MyStories", variables: {}, data: { myStories: null } };
    const page = pageWith(JSON.stringify({ results: [freshThreads, other, { junk: true }] }));
    expect(readInlinedFirstData(page)).toEqual([freshThreads]);
    expect(readInlinedFirstData(pageWith("{not json"))).toEqual([]);
    expect(readInlinedFirstData(document)).toEqual([]);
  });

  it("is in the cache before anything renders, and a visitor's first request for it asks no server", async () => {
    const fetchMock = networkAnswer();
    const apollo = apolloWith([freshThreads], fetchMock, null);
    expect(apollo.visitorDataInCache).toBe(true);
    const query = firstDataDocuments.FreshThreads;
    const cached = apollo.client.readQuery({ query, variables: { first: 9 } });
    expect(cached?.stories?.edges.map((edge) => edge.node.id)).toEqual(["U3Rvcnk61", "U3Rvcnk62"]);

    // What the home page's cache-and-network query sends: answered from the page, once.
    const first = await apollo.client.query({
      query,
      variables: { first: 9 },
      fetchPolicy: "network-only",
    });
    expect(first.data?.stories?.edges).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
    await apollo.client.query({ query, variables: { first: 9 }, fetchPolicy: "network-only" });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("never answers a signed-in reader's request", async () => {
    const fetchMock = networkAnswer();
    const apollo = apolloWith([freshThreads], fetchMock, "id-token-1");
    const answer = await apollo.client.query({
      query: firstDataDocuments.FreshThreads,
      variables: { first: 9 },
      fetchPolicy: "network-only",
    });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(answer.data?.stories?.edges).toEqual([]);
  });

  it("does not answer a request with other variables", async () => {
    const fetchMock = networkAnswer();
    const apollo = apolloWith([freshThreads], fetchMock, null);
    await apollo.client.query({
      query: firstDataDocuments.FreshThreads,
      variables: { first: 3 },
      fetchPolicy: "network-only",
    });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("leaves the cache empty when the page came without it", () => {
    const apollo = apolloWith([], networkAnswer(), null);
    expect(apollo.visitorDataInCache).toBe(false);
  });
});
