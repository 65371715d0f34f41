// POST /v1/limits/anonymous-turns: the visitor cache's answers, counted against the caller's
// per-address limit at the api (docs/decisions/037-bff-visitor-cache.md).
import type { ClientHeaders, RestConnection } from "./rest-client.js";

/** The api's answer to counting turns. */
export type TurnsAnswer =
  | { counted: true; limit: number; remaining: number; resetSeconds: number }
  | { counted: false; retryAfter: number };

/** Counts `turns` for the address `client` names; throws when the api could not answer. */
export type CountTurns = (client: ClientHeaders, turns: number) => Promise<TurnsAnswer>;

/** Counts turns for the address the client headers name; throws when the api did not answer. */
export function countAnonymousTurns(rest: RestConnection): CountTurns {
  return async (client, turns) => {
    const { data, response } = await rest
      .forAuthorization(null, client)
      .POST("/v1/limits/anonymous-turns", { body: { turns } });
    if (data) return { counted: true, ...data };
    if (response.status === 429) {
      const retryAfter = Number(response.headers.get("retry-after"));
      return {
        counted: false,
        retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : 60,
      };
    }
    throw new Error(`the api answered ${response.status} to counting turns`);
  };
}
