import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { ApiErrorJson } from "./error-schema.js";

/**
 * The longest path parameter the router hands to a route. Ids are at most 64 characters; up to
 * this length the route's schema refuses a longer one naming the parameter (422), beyond it the
 * router refuses the address itself (414).
 */
export const MAX_PATH_PARAMETER_LENGTH = 500;

/**
 * The router's own refusals (an address whose %-escapes are not UTF-8 text, a path parameter
 * longer than the router takes) in the api's error shape, so they carry a documented code like
 * every other answer (docs/decisions/004-rest-errors-and-graphql-codes.md).
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const send = (status: number, body: ApiErrorJson) =>
    reply.status(status).type("application/json; charset=utf-8").send(body);
  switch (error.code) {
    case "FST_ERR_BAD_URL":
      send(400, {
        detail: "The address is not valid: a %-escape in its path is not UTF-8 text.",
        code: "VALIDATION_FAILED",
        field: "path",
      });
      return;
    case "FST_ERR_MAX_PARAM_LENGTH":
      send(414, {
        detail: `The address is too long: a part of its path is longer than ${MAX_PATH_PARAMETER_LENGTH} characters.`,
        code: "VALIDATION_FAILED",
        field: "path",
      });
      return;
    default:
      request.log.error({ err: error }, "unexpected router error");
      send(500, {
        detail: `Something went wrong on our side (request ${request.id}). Please try again.`,
        code: "INTERNAL",
      });
  }
}
