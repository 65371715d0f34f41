import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import {
  signInWithGoogle,
  signUp,
  uniqueEmail,
} from "../../../../scripts/lib/auth-emulator-client.mjs";
import { globalId } from "../global-id.js";
import { startCountingProxy, type CountingProxy } from "../../testing/counting-proxy.js";
import { publishStory } from "../../testing/publish-story.js";
import {
  graphqlCalls,
  startApi,
  startBff,
  type ApiProcess,
  type Bff,
  type Data,
} from "../../testing/stack.js";

// Categories, tags, /explore's filters and search through the BFF (docs/decisions/024), against
// a real api process behind a counting proxy.

const ADMIN_EMAIL = "discovery-admin@example.com";
let api: ApiProcess;
let bff: Bff;
let proxy: CountingProxy;
let admin: string;
const authors: string[] = [];
/** Global ids of the two categories, and the stories' publicIds. */
let fables = "";
let ghosts = "";
const published: string[] = [];

const { call, failure } = graphqlCalls(() => bff.url);

const CREATE = `mutation($input: CreateCategoryInput!) {
  createCategory(input: $input) { id publicId name slug description storyCount }
}`;
const SET_CATEGORY = `mutation($id: ID!, $categoryId: ID) {
  setStoryCategory(id: $id, categoryId: $categoryId) { categoryName category { id name } }
}`;

beforeAll(async () => {
  api = await startApi({ STORY_WRITER_PACE_MS: "0", ADMIN_EMAILS: ADMIN_EMAIL });
  proxy = await startCountingProxy(api.url);
  bff = await startBff(proxy.url);
  const host = inject("authEmulatorHost");
  admin = (
    await signInWithGoogle(host, { sub: `admin-${Date.now()}`, email: ADMIN_EMAIL, name: "Admin" })
  ).idToken;
  await call("{ viewer { id } }", admin);
  for (const name of ["ann", "bob"]) {
    const { idToken } = await signUp(host, uniqueEmail(name));
    await call("{ viewer { id } }", idToken);
    authors.push(idToken);
  }
  fables = (await call(CREATE, admin, { input: { name: "Fables", description: "Beasts talk." } }))
    .createCategory.id;
  ghosts = (await call(CREATE, admin, { input: { name: "Ghost stories" } })).createCategory.id;
  const titles = ["The Fox and the Lantern", "A Ghost in the Lighthouse", "The Owl's Lantern"];
  for (const [index, title] of titles.entries()) {
    const publicId = await publishStory(bff.url, authors[index % 2]!, title);
    await call(SET_CATEGORY, authors[index % 2], {
      id: globalId("Story", publicId),
      categoryId: index === 1 ? ghosts : fables,
    });
    published.push(publicId);
  }
}, 120_000);

afterAll(async () => {
  await bff?.server.stop();
  await proxy?.close();
  await api?.stop();
});

beforeEach(() => proxy.reset());

describe("categories", () => {
  it("are listed with counts, one by its publicId, and made by admins only", async () => {
    const { categories } = await call("{ categories { id publicId name slug storyCount } }");
    expect(categories).toEqual([
      { id: fables, publicId: expect.any(String), name: "Fables", slug: "fables", storyCount: 2 },
      {
        id: ghosts,
        publicId: expect.any(String),
        name: "Ghost stories",
        slug: "ghost-stories",
        storyCount: 1,
      },
    ]);
    const { category } = await call(
      "query($id: ID!) { category(publicId: $id) { name description } }",
      undefined,
      { id: categories[0].publicId },
    );
    expect(category).toEqual({ name: "Fables", description: "Beasts talk." });
    expect((await call('{ category(publicId: "nosuchcategory") { name } }')).category).toBeNull();
    expect(await failure(CREATE, authors[0], { input: { name: "Poems" } })).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await failure(CREATE, admin, { input: { name: "fables" } })).toMatchObject({
      code: "CONFLICT",
      reason: "CATEGORY_NAME_TAKEN",
    });
  });

  it("of a page of cards cost one upstream call per resource kind", async () => {
    const { stories } = await call(
      `{ stories(first: 9) { edges { node { publicId categoryName
        category { id name storyCount } author { username avatarUrl } } } } }`,
    );
    const cards = stories.edges.map((edge: Data) => edge.node);
    expect(cards.map((card: Data) => card.category.name)).toEqual([
      "Fables",
      "Ghost stories",
      "Fables",
    ]);
    expect(cards.every((card: Data) => card.categoryName === card.category.name)).toBe(true);
    expect([...proxy.calls].sort()).toEqual([
      "GET /v1/categories",
      "GET /v1/stories",
      "GET /v1/users",
    ]);
  });

  it("cannot be deleted while in use, unless its stories move", async () => {
    const gone = await call(CREATE, admin, { input: { name: "Shelf" } });
    const remove = `mutation($id: ID!, $moveTo: ID) { deleteCategory(id: $id, moveTo: $moveTo) { id deleted } }`;
    expect(await failure(remove, admin, { id: ghosts })).toMatchObject({
      code: "CONFLICT",
      reason: "CATEGORY_IN_USE",
    });
    expect(await failure(remove, admin, { id: "not-a-global-id" })).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "id",
    });
    expect(
      (await call(remove, admin, { id: ghosts, moveTo: gone.createCategory.id })).deleteCategory,
    ).toEqual({ id: ghosts, deleted: true });
    const { story } = await call(
      "query($id: ID!) { story(publicId: $id) { categoryName category { name } } }",
      undefined,
      { id: published[1] },
    );
    expect(story).toEqual({ categoryName: "Shelf", category: { name: "Shelf" } });
  });
});

describe("explore and search", () => {
  it("filter stories by category and tags", async () => {
    const { categories } = await call("{ categories { publicId name } }");
    const fablesId = categories.find((c: Data) => c.name === "Fables").publicId;
    const query = `query($filters: StoryFilters) {
      stories(first: 9, filters: $filters) { edges { node { publicId } } }
    }`;
    const ids = async (filters: Data) =>
      (await call(query, undefined, { filters })).stories.edges.map((e: Data) => e.node.publicId);
    expect(await ids({ category: fablesId })).toEqual([published[2], published[0]]);
    expect(await ids({ category: fablesId, length: "SHORT", nastiness: "LIGHT" })).toHaveLength(2);
    expect(await ids({ length: "LONG" })).toEqual([]);
    expect(await ids({ excludeTags: [" "] })).toHaveLength(3);
  });

  it("answers highlighted matches on each edge", async () => {
    const { searchStories } = await call(
      `{ searchStories(query: "lantern", first: 1) {
        edges { node { title } highlight { title { text match } snippet { text match } } }
        pageInfo { hasNextPage }
      } }`,
    );
    expect(searchStories.edges).toHaveLength(1);
    const [edge] = searchStories.edges;
    expect(edge.highlight.title).toContainEqual({ text: "Lantern", match: true });
    expect(edge.highlight.title.map((piece: Data) => piece.text).join("")).toBe(edge.node.title);
    expect(searchStories.pageInfo.hasNextPage).toBe(true);
    expect(proxy.calls).toEqual(["GET /v1/stories/search"]);
    // Elsewhere an edge has no highlight.
    const { stories } = await call(
      "{ stories(first: 1) { edges { highlight { title { text } } } } }",
    );
    expect(stories.edges[0].highlight).toBeNull();
  });

  it("lists tags, and lets an admin remove one", async () => {
    const { tags } = await call("{ tags(first: 10) { id name storyCount } }");
    expect(Array.isArray(tags)).toBe(true);
    expect(await failure("{ tags(first: 0) { id } }")).toMatchObject({ code: "BAD_USER_INPUT" });
    expect(await failure('mutation { deleteTag(id: "..") { id } }', admin)).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "id",
    });
    expect(await failure('mutation { deleteTag(id: "nosuchtag") { id } }', admin)).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(
      await failure('mutation { deleteTag(id: "nosuchtag") { id } }', authors[0]),
    ).toMatchObject({ code: "FORBIDDEN" });
  });
});
