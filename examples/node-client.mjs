#!/usr/bin/env node
// A small Storyloom GraphQL client, as another app would write one (docs/graphql.md): it signs in
// to the Firebase Auth emulator, lists the newest stories, starts a story and follows its
// subscription over graphql-ws until the story is ready for review. ESM, no build step.
//
//   STORYLOOM_URL=http://127.0.0.1:4000 FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 node node-client.mjs
//
// EXAMPLE_EMAIL / EXAMPLE_PASSWORD sign in to an existing account; without them a new one is made.
import { createClient } from "graphql-ws";
import WebSocket from "ws";

const baseUrl = process.env.STORYLOOM_URL ?? "http://127.0.0.1:4000";
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099";
// The emulator takes any key; a real project needs its web API key (FIREBASE_API_KEY).
const apiKey = process.env.FIREBASE_API_KEY ?? "demo-api-key";

/** Signs in (or up) with e-mail and password over Firebase Auth's REST API; answers an ID token. */
async function idToken() {
  const email = process.env.EXAMPLE_EMAIL ?? `example-${Date.now().toString(36)}@example.com`;
  const password = process.env.EXAMPLE_PASSWORD ?? "correct-horse-1";
  const method = process.env.EXAMPLE_EMAIL ? "signInWithPassword" : "signUp";
  const response = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${apiKey}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = await response.json();
  if (!response.ok) throw new Error(`sign-in failed: ${body.error?.message ?? response.status}`);
  console.log(`signed in as ${body.email}`);
  return body.idToken;
}

/** One GraphQL operation over HTTP; throws with the error codes when the answer has errors. */
async function graphql(token, query, variables = {}) {
  const response = await fetch(new URL("/graphql", baseUrl), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors?.length) {
    const codes = body.errors.map((error) => `${error.extensions?.code}: ${error.message}`);
    throw new Error(`GraphQL errors: ${codes.join("; ")}`);
  }
  return body.data;
}

/** Writing is over at these statuses; the subscription stays open, so the client leaves. */
const DONE = new Set(["READY_FOR_REVIEW", "ERROR", "DISCARDED"]);

/** Follows storyGeneration until the story stops being written; answers the last update. */
function followGeneration(token, publicId) {
  const socketUrl = new URL("/graphql", baseUrl);
  socketUrl.protocol = socketUrl.protocol === "https:" ? "wss:" : "ws:";
  const client = createClient({
    url: socketUrl.href,
    webSocketImpl: WebSocket,
    // The token goes in connection_init; a bad one closes the socket with 4403.
    connectionParams: { authorization: `Bearer ${token}` },
  });
  return new Promise((resolve, reject) => {
    let last = null;
    const unsubscribe = client.subscribe(
      {
        query: `subscription Follow($publicId: ID!) {
          storyGeneration(publicId: $publicId) { seq status progress message }
        }`,
        variables: { publicId },
      },
      {
        next: ({ data, errors }) => {
          if (errors?.length) {
            reject(new Error(errors.map((error) => error.extensions?.code).join(", ")));
            return;
          }
          last = data.storyGeneration;
          console.log(`update ${last.seq}: ${last.status} ${last.progress}%`);
          if (DONE.has(last.status)) {
            unsubscribe();
            void client.dispose();
            resolve(last);
          }
        },
        error: (error) => {
          void client.dispose();
          // A close event carries graphql-ws's close code: 4403 for a bad token (docs/graphql.md).
          reject(error instanceof Error ? error : new Error(`socket closed: ${error.code}`));
        },
        complete: () => {
          void client.dispose();
          resolve(last);
        },
      },
    );
  });
}

const token = await idToken();

const { viewer } = await graphql(token, "query Viewer { viewer { username } }");
console.log(`viewer: ${viewer.username}`);

const { stories } = await graphql(
  null,
  `
    query Newest {
      stories(sort: NEWEST, first: 5) {
        edges {
          node {
            publicId
            title
          }
        }
      }
    }
  `,
);
console.log(`newest stories: ${stories.edges.length}`);
for (const { node } of stories.edges) console.log(`  ${node.publicId}  ${node.title}`);

const { startStoryGeneration: story } = await graphql(
  token,
  `
    mutation Start($input: StartStoryGenerationInput!) {
      startStoryGeneration(input: $input) {
        publicId
        status
      }
    }
  `,
  {
    input: {
      title: "The Clockmaker's Apprentice",
      outline: "An apprentice repairs the town clock before the winter festival.",
      tags: ["cozy"],
      desiredLength: "SHORT",
    },
  },
);
console.log(`started ${story.publicId}: ${story.status}`);

const last = await followGeneration(token, story.publicId);
console.log(`finished: ${last?.status}`);
process.exit(last?.status === "READY_FOR_REVIEW" ? 0 : 1);
