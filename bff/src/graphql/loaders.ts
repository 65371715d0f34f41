// DataLoaders, made anew for every request (so nothing leaks between viewers): whatever the
// number of story cards on a page, their authors cost one upstream call.
import DataLoader from "dataloader";
import type { RestClient } from "../upstream/rest-client.js";
import { unwrap } from "./errors.js";
import type { RestCategory, RestPublicProfile } from "../upstream/rest-types.js";

/** The api's GET /v1/users takes at most 100 ids a call. */
export const MAX_USERS_PER_CALL = 100;

export interface Loaders {
  /** Public profiles by user id; null for an account that is gone. */
  users: DataLoader<string, RestPublicProfile | null>;
  /** Categories by id, all from one GET /v1/categories; null for one deleted meanwhile. */
  categories: DataLoader<string, RestCategory | null>;
}

export function createLoaders(rest: RestClient): Loaders {
  return {
    users: new DataLoader<string, RestPublicProfile | null>(
      async (ids) => {
        const { items } = await unwrap(
          rest.GET("/v1/users", { params: { query: { ids: ids.join(",") } } }),
        );
        const byId = new Map(items.map((profile) => [profile.id, profile]));
        return ids.map((id) => byId.get(id) ?? null);
      },
      { maxBatchSize: MAX_USERS_PER_CALL },
    ),
    categories: new DataLoader<string, RestCategory | null>(async (ids) => {
      const all = await unwrap(rest.GET("/v1/categories"));
      const byId = new Map(all.map((category) => [category.id, category]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}
