// A completed public story, written by the api's worker and published as its author would.
import { graphql } from "./stack.js";

async function call(bffUrl: string, query: string, token: string, variables = {}) {
  const body = await graphql(bffUrl, query, { token, variables });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as Record<string, Record<string, string>>;
}

/** Publishes a story by the author with this token; resolves to its publicId. */
export async function publishStory(bffUrl: string, token: string, title: string): Promise<string> {
  const started = await call(
    bffUrl,
    `mutation($input: StartStoryGenerationInput!) { startStoryGeneration(input: $input) { id publicId } }`,
    token,
    { input: { title, outline: "A keeper and a storm." } },
  );
  const { id, publicId } = started.startStoryGeneration!;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { story } = await call(
      bffUrl,
      "query($id: ID!) { story(publicId: $id) { status } }",
      token,
      { id: publicId },
    );
    if (story!.status === "READY_FOR_REVIEW") break;
    if (Date.now() > deadline) throw new Error(`story still ${story!.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await call(bffUrl, "mutation($id: ID!) { confirmStory(id: $id) { status } }", token, { id });
  await call(
    bffUrl,
    "mutation($id: ID!) { setStoryVisibility(id: $id, isPublic: true) { isPublic } }",
    token,
    { id },
  );
  return publicId!;
}
