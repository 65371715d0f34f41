import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { UserRecord } from "../platform/db/schema.js";
import type {} from "../platform/http/request-user.js";
import type { UsersQueries } from "./users-queries.js";
import { AUTHENTICATION_REQUIRED, createAuthenticator } from "./authenticate.js";
import type { ViewerProfiles } from "./viewer-profiles.js";
import type { IdentityProvider } from "../platform/identity/identity-provider.js";
import { bearerToken } from "../platform/lib/bearer-token.js";
import { unauthenticated } from "../platform/lib/errors.js";

export interface AuthGuards {
  /** Route hook: a valid token is required; its user (created on first call) is on request.user. */
  requireUser: onRequestAsyncHookHandler;
  /** Route hook for public routes: visitors pass with user null, but a bad token is still 401. */
  optionalUser: onRequestAsyncHookHandler;
}

/**
 * Every route verifies the caller's token itself. Guards run on request, before the body is
 * read, so an anonymous caller costs no parsing.
 */
export function createAuthGuards(
  identity: IdentityProvider,
  users: UsersQueries,
  adminEmails: readonly string[] = [],
  profiles?: ViewerProfiles,
): AuthGuards {
  const authenticator = createAuthenticator(identity, users, adminEmails, profiles);
  async function resolveUser(request: FastifyRequest, required: boolean): Promise<void> {
    request.user = await authenticator.userOf(
      bearerToken(request.headers.authorization),
      required,
      (reason) => request.log.info({ reason }, "rejected an ID token"),
    );
  }
  return {
    requireUser: (request) => resolveUser(request, true),
    optionalUser: (request) => resolveUser(request, false),
  };
}

/** The user a requireUser route runs for. */
export function signedInUser(request: FastifyRequest): UserRecord {
  if (request.user === null) throw unauthenticated(AUTHENTICATION_REQUIRED);
  return request.user;
}
