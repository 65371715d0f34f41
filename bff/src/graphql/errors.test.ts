import { describe, expect, it } from "vitest";
import { graphQLErrorFromRest } from "./errors.js";

describe("the api's errors as GraphQL errors", () => {
  it.each([
    [400, "VALIDATION_FAILED", "BAD_USER_INPUT"],
    [401, "UNAUTHENTICATED", "UNAUTHENTICATED"],
    [403, "FORBIDDEN", "FORBIDDEN"],
    [404, "NOT_FOUND", "NOT_FOUND"],
    [409, "INVALID_TRANSITION", "CONFLICT"],
    [413, "PAYLOAD_TOO_LARGE", "BAD_USER_INPUT"],
    [414, "VALIDATION_FAILED", "BAD_USER_INPUT"],
    [415, "UNSUPPORTED_MEDIA_TYPE", "BAD_USER_INPUT"],
    [422, "VALIDATION_FAILED", "BAD_USER_INPUT"],
    [429, "RATE_LIMITED", "RATE_LIMITED"],
  ] as const)("a %i %s is %s, with the api's words", (status, reason, code) => {
    const error = graphQLErrorFromRest(status, { detail: "The api's words.", code: reason });
    expect(error.message).toBe("The api's words.");
    expect(error.extensions).toMatchObject({ code, status, reason });
  });

  it("any other 4xx is the caller's bad input, not the service's trouble", () => {
    expect(graphQLErrorFromRest(431, undefined).extensions.code).toBe("BAD_USER_INPUT");
  });

  it.each([500, 502, 503])("a %i is UPSTREAM_UNAVAILABLE, without the api's details", (status) => {
    const error = graphQLErrorFromRest(status, { detail: "request abc failed", code: "INTERNAL" });
    expect(error.extensions.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toBe("The service is unavailable; try again later.");
  });
});
