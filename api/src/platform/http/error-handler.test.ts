import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import {
  conflict,
  forbidden,
  invalid,
  notFound,
  rateLimited,
  unauthenticated,
  unavailable,
  type Failure,
} from "../lib/errors.js";
import { installErrorHandling } from "./error-handler.js";

async function answerTo(failure: Failure) {
  const app = Fastify();
  installErrorHandling(app, 1024);
  app.get("/fails", async () => {
    throw failure;
  });
  const response = await app.inject({ method: "GET", url: "/fails" });
  await app.close();
  return response;
}

describe("the HTTP edge", () => {
  it.each([
    [invalid("title", "Title is required."), 422],
    [unauthenticated("Authentication required."), 401],
    [forbidden("Only the author can change this story."), 403],
    [notFound("Story not found."), 404],
    [conflict("INVALID_TRANSITION", "Cannot confirm a story that is generating."), 409],
    [rateLimited("Slow down.", 30), 429],
    [unavailable("The database is not answering."), 503],
  ])("answers %s with %i and the api's error body", async (failure, status) => {
    const response = await answerTo(failure);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ detail: failure.detail, code: failure.code });
  });

  it("names the field at fault, the story's status and when to retry", async () => {
    expect((await answerTo(invalid("tags.2", "Too long."))).json()).toEqual({
      detail: "Too long.",
      code: "VALIDATION_FAILED",
      field: "tags.2",
    });
    const refused = conflict("INVALID_TRANSITION", "No.", { status: "generating" });
    expect((await answerTo(refused)).json()).toEqual({
      detail: "No.",
      code: "INVALID_TRANSITION",
      status: "generating",
    });
    expect((await answerTo(rateLimited("Slow down.", 42))).headers["retry-after"]).toBe("42");
  });
});
