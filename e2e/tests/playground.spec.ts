// The GraphQL playground at /graphql (docs/decisions/023-graphql-playground-and-other-clients.md):
// GraphiQL from our own bundle under the site's Content-Security-Policy, public queries for a
// visitor, the web app's session for a signed-in developer, subscriptions over graphql-ws; and a
// page on another origin calling /graphql, with CSRF prevention still on.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { test, expect } from "../fixtures.js";
import { signUpThroughForm, uniqueEmail } from "./helpers.js";

/** Every CSP violation of the page, and every request that left for another host. */
async function watchPage(page: Page, baseURL: string) {
  const violations: string[] = [];
  const foreignRequests: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  const site = new URL(baseURL).host;
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (["http:", "https:", "ws:", "wss:"].includes(url.protocol) && url.host !== site) {
      foreignRequests.push(request.url());
    }
  });
  return { violations, foreignRequests };
}

/**
 * The whole text of GraphiQL's result pane. CodeMirror 5 puts only the lines in view into the
 * page, so the text comes from its editor, not from the DOM.
 */
function responseText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const pane = document.querySelector(".graphiql-response .CodeMirror") as unknown as {
      CodeMirror: { getValue(): string };
    } | null;
    return pane ? pane.CodeMirror.getValue() : "";
  });
}

/** Waits until the result pane holds `text`. */
async function expectResponse(page: Page, text: string, timeout?: number) {
  await expect.poll(() => responseText(page), { timeout }).toContain(text);
}

/** The text of GraphiQL's query editor (CodeMirror 5, read from the editor as responseText does). */
function queryText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const editor = document.querySelector(".graphiql-query-editor .CodeMirror") as unknown as {
      CodeMirror: { getValue(): string };
    } | null;
    return editor ? editor.CodeMirror.getValue() : "";
  });
}

/** Switches to the example tab `name` and waits until its operation is the one in the editor. */
async function openTab(page: Page, name: string) {
  await page
    .getByRole("tablist", { name: "Select active operation" })
    // The active tab's name includes its close button's.
    .getByRole("tab", { name: new RegExp(`^${name}( Close Tab)?$`) })
    .click();
  await expect
    .poll(() => queryText(page))
    .toMatch(new RegExp(`\\b(query|mutation|subscription) ${name}\\b`));
}

async function run(page: Page) {
  await page.getByRole("button", { name: "Execute query (Ctrl-Enter)" }).click();
}

/**
 * Types an operation and its variables into the active tab's editors, as a developer would, and
 * waits until the query editor holds it. (The signed-in test writes its operations instead of
 * switching tabs: GraphiQL 4 now and then leaves its editors on the first tab after a tab click
 * right after start-up, docs/decisions/023-graphql-playground-and-other-clients.md.)
 */
async function writeOperation(page: Page, query: string, variables: object = {}) {
  // The editors appear once GraphiQL has loaded CodeMirror: written as soon as both are there.
  await expect
    .poll(() =>
      page.evaluate(
        ([queryText, variablesText]) => {
          const editor = (selector: string) =>
            document.querySelector(selector) as unknown as {
              CodeMirror: { setValue(value: string): void };
            } | null;
          const queryEditor = editor(".graphiql-query-editor .CodeMirror");
          const variablesEditor = editor(".graphiql-editor-tool .CodeMirror");
          if (!queryEditor || !variablesEditor) return false;
          queryEditor.CodeMirror.setValue(queryText);
          variablesEditor.CodeMirror.setValue(variablesText);
          return true;
        },
        [query, JSON.stringify(variables)] as const,
      ),
    )
    .toBe(true);
  await expect.poll(() => queryText(page)).toBe(query);
}

test("a visitor opens /graphql and gets the bundled playground: its docs, its explorer and a public query, with no CSP violation and nothing from another host", async ({
  page,
  baseURL,
}) => {
  const watched = await watchPage(page, baseURL!);
  const answer = await page.goto("/graphql");
  expect(answer?.headers()["content-security-policy"]).toMatch(/script-src 'self'[^;]*;/);
  expect(answer?.headers()["content-security-policy"]).not.toContain("unsafe");
  await expect(page.getByTestId("playground-session")).toHaveText(/Visitor: public queries only\./);

  // The home feeds are the first example, open when the playground starts.
  await openTab(page, "HomeFeeds");
  await run(page);
  await expectResponse(page, '"trending"');
  const feeds = JSON.parse(await responseText(page));
  expect(feeds.errors).toBeUndefined();
  expect(Array.isArray(feeds.data.fresh.edges)).toBe(true);
  expect(Array.isArray(feeds.data.trending)).toBe(true);

  // The docs pane shows the schema's descriptions.
  await page.getByRole("button", { name: "Show Documentation Explorer" }).click();
  await page.locator(".graphiql-doc-explorer").getByRole("link", { name: "Query" }).click();
  await expect(page.locator(".graphiql-doc-explorer")).toContainText(
    "The signed-in user's profile (created on first use), or null for a visitor.",
  );

  // The explorer lists the root fields to build a query from.
  await page.getByRole("button", { name: "Show GraphiQL Explorer" }).click();
  await expect(page.locator(".graphiql-explorer-root")).toContainText("trendingStories");

  expect(watched.violations).toEqual([]);
  expect(watched.foreignRequests).toEqual([]);
});

test("signed in through the app, the playground runs viewer as that person, starts a story and watches its subscription deliver events to the end", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const watched = await watchPage(page, baseURL!);
  const email = uniqueEmail("playground");
  await signUpThroughForm(page, email);

  await page.goto("/graphql");
  await expect(page.getByTestId("playground-session")).toHaveText(`Signed in as ${email}`);
  await writeOperation(page, "query Viewer { viewer { username email } }");
  await run(page);
  await expectResponse(page, `"email": "${email}"`);

  await writeOperation(
    page,
    "mutation StartStoryGeneration($input: StartStoryGenerationInput!) { startStoryGeneration(input: $input) { publicId status } }",
    {
      input: {
        title: "The Playground Cat",
        outline: "A cat learns to run queries.",
        tags: ["cozy"],
        desiredLength: "SHORT",
        nastinessLevel: "LIGHT",
      },
    },
  );
  await run(page);
  await expectResponse(page, '"status": "GENERATING"');
  const started = await responseText(page);
  const publicId = /"publicId":\s*"([^"]+)"/.exec(started)?.[1];
  expect(publicId).toBeTruthy();

  await writeOperation(
    page,
    "subscription StoryGeneration($publicId: ID!) { storyGeneration(publicId: $publicId) { seq status progress } }",
    { publicId },
  );
  // Every update the server pushes over graphql-ws, watched from the socket's first frame.
  const updates: string[] = [];
  page.on("websocket", (socket) => {
    if (!socket.url().endsWith("/graphql")) return;
    socket.on("framereceived", ({ payload }) => {
      if (typeof payload === "string" && payload.includes('"storyGeneration"')) {
        updates.push(payload);
      }
    });
  });
  await run(page);
  // The result pane shows each update as it comes, ending with the story ready for review.
  await expectResponse(page, '"status": "READY_FOR_REVIEW"', 90_000);
  await expectResponse(page, '"progress": 100');
  expect(updates.length).toBeGreaterThan(0);
  expect(watched.violations).toEqual([]);
});

test("a page on another origin calls /graphql with fetch and reads the answer; a simple cross-origin POST is still refused by CSRF prevention", async ({
  page,
  baseURL,
}) => {
  // A second local origin: the same host on another port.
  const other = http.createServer((_req, res) => {
    res.setHeader("content-type", "text/html");
    res.end("<!doctype html><title>Another client</title><p>another origin</p>");
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  try {
    const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    await page.goto(otherOrigin);
    const endpoint = new URL("/graphql", baseURL).href;

    const json = await page.evaluate(async (url) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ stories(first: 1) { pageInfo { hasNextPage } } }" }),
      });
      return { status: response.status, body: await response.json() };
    }, endpoint);
    expect(json.status).toBe(200);
    expect(json.body).toEqual({
      data: { stories: { pageInfo: { hasNextPage: expect.any(Boolean) } } },
    });

    // With a token, as another client sends it: the preflight lets Authorization through.
    const withToken = await page.evaluate(async (url) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer not-a-token" },
        body: JSON.stringify({ query: "{ viewer { id } }" }),
      });
      return response.json();
    }, endpoint);
    expect(JSON.stringify(withToken)).toContain("UNAUTHENTICATED");

    // A form-like POST needs no preflight; Apollo's CSRF prevention refuses to run it.
    const simple = await page.evaluate(async (url) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify({ query: "{ viewer { id } }" }),
      });
      return { status: response.status, text: await response.text() };
    }, endpoint);
    expect(simple.status).toBe(400);
    expect(simple.text).toContain("CSRF");
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});
