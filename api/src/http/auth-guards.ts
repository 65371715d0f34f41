import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { UserRecord } from "../db/schema.js";
import type { UsersRepository } from "../db/users-repository.js";
import { findOrCreateUser } from "../domain/users/find-or-create-user.js";
import {
  IdentityUnavailableError,
  InvalidTokenError,
  type IdentityProvider,
} from "../identity/identity-provider.js";
import { ApiError, unauthenticated, unavailable } from "./api-error.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's profile once an auth guard ran; null for a visitor. */
    user: UserRecord | null;
  }
}

export interface AuthGuards {
  /** Route hook: a valid token is required; its user (created on first call) is on request.user. */
  requireUser: onRequestAsyncHookHandler;
  /** Route hook for public routes: visitors pass with user null, but a bad token is still 401. */
  optionalUser: onRequestAsyncHookHandler;
}

export const AUTHENTICATION_REQUIRED = "Authentication required.";
export const INVALID_TOKEN = "Invalid or expired token.";

/**
 * The api is the authority on identity (architecture §6): every route verifies the token itself.
 * Guards run on request, before the body is read, so an anonymous caller costs no parsing.
 */
export function createAuthGuards(identity: IdentityProvider, users: UsersRepository): AuthGuards {
  async function resolveUser(request: FastifyRequest, required: boolean): Promise<void> {
    const token = bearerToken(request.headers.authorization);
    if (token === null) {
      if (required) throw unauthenticated(AUTHENTICATION_REQUIRED);
      request.user = null;
      return;
    }
    if (token === "") throw unauthenticated(INVALID_TOKEN);
    try {
      request.user = await findOrCreateUser(users, await identity.verifyIdToken(token));
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        request.log.info({ reason: error.message }, "rejected an ID token");
        throw unauthenticated(INVALID_TOKEN);
      }
      if (error instanceof IdentityUnavailableError) {
        throw unavailable("Sign-in cannot be checked right now. Please try again.");
      }
      throw error;
    }
  }
  return {
    requireUser: (request) => resolveUser(request, true),
    optionalUser: (request) => resolveUser(request, false),
  };
}

/**
 * The token of an `Authorization: Bearer <token>` header; null when there is no header at all.
 * A header in any other form is a bad token (an empty string), not a missing one.
 */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined || header.trim() === "") return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? "";
}

/** The caller's row went away after the guard read it: deleted by a concurrent request. */
export function profileGone(): ApiError {
  return new ApiError(404, "NOT_FOUND", "Your profile no longer exists.");
}

/** The user a requireUser route runs for. */
export function signedInUser(request: FastifyRequest): UserRecord {
  if (request.user === null) throw unauthenticated(AUTHENTICATION_REQUIRED);
  return request.user;
}
