import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { fakeIdentity } from "../../testing/fake-identity.js";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database.js";
import { testSettings } from "../../testing/test-settings.js";

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    settings: testSettings(),
    db: database.handle.db,
    identity: fakeIdentity(),
  });
  app.get("/v1/test/crash", { schema: { hide: true } }, async () => {
    throw new Error("database password is hunter2");
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe("GET /v1/health", () => {
  it("answers ok when the database answers", async () => {
    const response = await app.inject({ method: "GET", url: "/v1/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });
});

describe("errors", () => {
  it("answers an unknown route with 404 in the error shape", async () => {
    const response = await app.inject({ method: "GET", url: "/v1/no-such-thing?token=secret" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      detail: "There is no GET /v1/no-such-thing.",
      code: "NOT_FOUND",
    });
  });

  it("answers an unexpected failure with a generic 500 naming the request id, never the cause", async () => {
    const response = await app.inject({ method: "GET", url: "/v1/test/crash" });
    expect(response.statusCode).toBe(500);
    const requestId = response.headers["x-request-id"];
    expect(requestId).toEqual(expect.any(String));
    expect(response.json()).toEqual({
      detail: `Something went wrong on our side (request ${requestId}). Please try again.`,
      code: "INTERNAL",
    });
    expect(response.body).not.toContain("hunter2");
  });

  it("refuses a body over 64 KiB with 413", async () => {
    const response = await app.inject({
      method: "PATCH",
      url: "/v1/auth/update-profile",
      headers: { authorization: "Bearer user:big-talker", "content-type": "application/json" },
      payload: JSON.stringify({ bio: "x".repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      detail: "The request body is larger than 64 KiB.",
      code: "PAYLOAD_TOO_LARGE",
    });
  });

  it("refuses a body that is not JSON with 415", async () => {
    const response = await app.inject({
      method: "PATCH",
      url: "/v1/auth/update-profile",
      headers: { authorization: "Bearer user:plain-texter", "content-type": "text/plain" },
      payload: "bio=hello",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("gives every response a request id of its own", async () => {
    const first = await app.inject({ method: "GET", url: "/v1/health" });
    const second = await app.inject({
      method: "GET",
      url: "/v1/health",
      headers: { "request-id": "chosen-by-client" },
    });
    expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
    expect(second.headers["x-request-id"]).not.toBe("chosen-by-client");
  });
});

describe("GET /v1/openapi.json", () => {
  it("serves the OpenAPI 3.1 document of every route, with operation ids and error bodies", async () => {
    const response = await app.inject({ method: "GET", url: "/v1/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual([
      "/v1/admin/ads",
      "/v1/admin/ads/{id}",
      "/v1/admin/affiliate-links",
      "/v1/admin/affiliate-links/{id}",
      "/v1/admin/categories",
      "/v1/admin/categories/{id}",
      "/v1/admin/comments/pending",
      "/v1/admin/comments/{id}/approve",
      "/v1/admin/comments/{id}/reject",
      "/v1/admin/purchases",
      "/v1/admin/purchases/{id}/events",
      "/v1/admin/purchases/{id}/refund",
      "/v1/admin/stories/pending",
      "/v1/admin/stories/{id}/approve",
      "/v1/admin/stories/{id}/price",
      "/v1/admin/stories/{id}/reject",
      "/v1/admin/tags/{id}",
      "/v1/admin/users/{id}/premium",
      "/v1/ads/next",
      "/v1/ads/offers/{nonce}/click",
      "/v1/ads/offers/{nonce}/view",
      "/v1/affiliates",
      "/v1/affiliates/{id}/track",
      "/v1/auth/accept-privacy-policy",
      "/v1/auth/accept-tos",
      "/v1/auth/age-verification",
      "/v1/auth/delete-account",
      "/v1/auth/me",
      "/v1/auth/update-profile",
      "/v1/bookmarks",
      "/v1/categories",
      "/v1/categories/{id}",
      "/v1/comments/comments/{id}",
      "/v1/comments/comments/{id}/report",
      "/v1/comments/stories/{id}/comments",
      "/v1/earnings/my",
      "/v1/health",
      "/v1/health/live",
      "/v1/health/ready",
      "/v1/limits/anonymous-turns",
      "/v1/limits/socket-slots",
      "/v1/limits/socket-slots/release",
      "/v1/limits/socket-slots/renew",
      "/v1/me/allowance",
      "/v1/me/library",
      "/v1/me/notification-preferences",
      "/v1/me/notifications",
      "/v1/me/notifications/read-all",
      "/v1/me/notifications/unread-count",
      "/v1/me/notifications/{id}/read",
      "/v1/me/push-subscriptions",
      "/v1/me/push-subscriptions/{id}",
      "/v1/me/story-states",
      "/v1/media/{id}",
      "/v1/notifications/unsubscribe",
      "/v1/payments/test-checkout/{session_id}",
      "/v1/payments/test-checkout/{session_id}/cancel",
      "/v1/payments/test-checkout/{session_id}/pay",
      "/v1/payments/webhook/{provider}",
      "/v1/premium/purchase",
      "/v1/purchases/my",
      "/v1/purchases/{id}",
      "/v1/push/public-key",
      "/v1/stories",
      "/v1/stories/generate/start",
      "/v1/stories/mine",
      "/v1/stories/search",
      "/v1/stories/trending",
      "/v1/stories/{id}",
      "/v1/stories/{id}/bookmark",
      "/v1/stories/{id}/category",
      "/v1/stories/{id}/changes-since-read",
      "/v1/stories/{id}/confirm",
      "/v1/stories/{id}/continue",
      "/v1/stories/{id}/discard",
      "/v1/stories/{id}/epub",
      "/v1/stories/{id}/next_chapter",
      "/v1/stories/{id}/next_chapter/confirm",
      "/v1/stories/{id}/price",
      "/v1/stories/{id}/progress",
      "/v1/stories/{id}/purchase",
      "/v1/stories/{id}/reading-state",
      "/v1/stories/{id}/regenerate_art",
      "/v1/stories/{id}/restart",
      "/v1/stories/{id}/revisions",
      "/v1/stories/{id}/rewrites",
      "/v1/stories/{id}/rewrites/{rewriteId}",
      "/v1/stories/{id}/rewrites/{rewriteId}/keep",
      "/v1/stories/{id}/share-link",
      "/v1/stories/{id}/versions",
      "/v1/stories/{id}/versions/{number}",
      "/v1/stories/{id}/versions/{number}/restore",
      "/v1/stories/{id}/watch-link",
      "/v1/subscriptions",
      "/v1/subscriptions/feed",
      "/v1/subscriptions/my",
      "/v1/subscriptions/users/{id}/subscribers",
      "/v1/subscriptions/{id}",
      "/v1/tags",
      "/v1/users",
      "/v1/users/by-username/{username}",
      "/v1/users/by-username/{username}/stories",
      "/v1/watch/{token}",
    ]);
    const me = document.paths["/v1/auth/me"].get;
    expect(me.operationId).toBe("getMyProfile");
    expect(me.security).toEqual([{ bearerAuth: [] }]);
    expect(me.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/UserProfile",
    });
    expect(me.responses["401"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/ApiError",
    });
    expect(document.components.schemas.ApiError.required).toEqual(["detail", "code"]);
    expect(
      document.paths["/v1/auth/delete-account"].delete.responses["204"].content,
    ).toBeUndefined();
  });
});

describe("when the database is down", () => {
  // A database and an app of its own: slow on a busy machine.
  it("health, and any request that needs it, answer 503 UNAVAILABLE with Retry-After", async () => {
    const broken = await createTestDatabase();
    const brokenApp = await buildApp({
      settings: testSettings(),
      db: broken.handle.db,
      identity: fakeIdentity(),
    });
    try {
      await broken.handle.close();
      // A list of stories would be a 500 if the database's failure were taken for a bug.
      for (const url of ["/v1/health", "/v1/stories"]) {
        const response = await brokenApp.inject({ method: "GET", url });
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({
          url,
          status: 503,
          body: {
            detail: "The database is not answering. Please try again in a few seconds.",
            code: "UNAVAILABLE",
          },
        });
        expect(response.headers["retry-after"]).toBe("5");
      }
    } finally {
      await brokenApp.close();
      await broken.dispose();
    }
  }, 60_000);
});
