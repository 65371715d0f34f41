import type { UserRecord } from "../db/schema.js";

// Who calls, on every request: the platform's limits read it (a visitor is counted per address),
// and people's auth guards set it (people/auth-guards.ts). Declared here, beneath both, so the
// platform needs no capability to know the request's shape.

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's profile once an auth guard ran; null for a visitor. */
    user: UserRecord | null;
  }
}
