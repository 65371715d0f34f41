import { Type, type Static } from "typebox";
import { REST_ERROR_CODES } from "@storyloom/common";
import type { RouteOptions } from "fastify";

const API_ERROR_ID = "ApiError";

/** The error body of every route, a shared component of the OpenAPI document. */
export const ApiErrorSchema = Type.Object(
  {
    detail: Type.String({ description: "A sentence for people; may be shown to the user." }),
    code: Type.Enum([...REST_ERROR_CODES], { description: "What went wrong, for programs." }),
    field: Type.Optional(
      Type.String({ description: "The request field at fault (VALIDATION_FAILED), dotted." }),
    ),
    status: Type.Optional(
      Type.String({ description: "The story's current status (INVALID_TRANSITION)." }),
    ),
  },
  { $id: API_ERROR_ID, additionalProperties: false },
);
export type ApiErrorJson = Static<typeof ApiErrorSchema>;

const errorRef = Type.Unsafe<ApiErrorJson>(Type.Ref(API_ERROR_ID));

const ERROR_DESCRIPTIONS = {
  400: "Malformed request: a body that is not JSON, an address that is not valid (VALIDATION_FAILED).",
  401: "No token, or an invalid or expired one (UNAUTHENTICATED).",
  403: "Not allowed (FORBIDDEN).",
  404: "Not found, or not visible to this caller (NOT_FOUND).",
  409: "Conflicts with the current state (USERNAME_TAKEN, INVALID_TRANSITION, NOT_SHAREABLE, CATEGORY_NAME_TAKEN, CATEGORY_IN_USE, NOT_PRICEABLE, NOT_FOR_SALE).",
  413: "Body larger than the limit (PAYLOAD_TOO_LARGE).",
  414: "A path parameter far longer than any id (VALIDATION_FAILED).",
  415: "Body is not JSON (UNSUPPORTED_MEDIA_TYPE).",
  422: "A field is not valid (VALIDATION_FAILED, with field).",
  429: "Too many requests (RATE_LIMITED).",
  500: "Unexpected failure (INTERNAL); the detail carries the request id.",
  503: "A dependency is down (UNAVAILABLE).",
} as const;
export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/**
 * Response schemas for the listed error statuses plus 500 and 503, which any route may answer.
 * Routes name their errors so the generated REST client types know every body they may get.
 */
export function errorResponses<Status extends ErrorStatus>(...statuses: Status[]) {
  const all = [...new Set<ErrorStatus>([...statuses, 500, 503])];
  return Object.fromEntries(
    all.map((status) => [
      status,
      Type.Unsafe<ApiErrorJson>({ ...errorRef, description: ERROR_DESCRIPTIONS[status] }),
    ]),
  ) as Record<Status | 500 | 503, typeof errorRef>;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * onRoute hook: adds to a route's documented errors those the edge answers before the route runs
 * (docs/decisions/015-input-validation-at-the-edge.md). Any body may be malformed (400), too
 * large (413) or not JSON (415); path parameters may not be a valid address (400), be far too
 * long (414) or break their schema (422), as may query strings and bodies.
 */
export function documentRequestErrors(route: RouteOptions): void {
  const schema = route.schema;
  if (schema === undefined || schema.hide) return;
  const statuses = new Set<ErrorStatus>();
  if ([route.method].flat().some((method) => BODY_METHODS.has(method))) {
    for (const status of [400, 413, 415] as const) statuses.add(status);
  }
  if (schema.params) for (const status of [400, 414, 422] as const) statuses.add(status);
  if (schema.querystring || schema.body) statuses.add(422);
  if (statuses.size === 0) return;
  route.schema = {
    ...schema,
    response: { ...errorResponses(...statuses), ...(schema.response as object | undefined) },
  };
}
