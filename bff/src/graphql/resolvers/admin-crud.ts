// The admins' resolvers over one of the api's admin collections (house ads, affiliate links:
// docs/decisions/032-house-ads-and-affiliate-links.md): list, read one, create, update and delete,
// each a REST call whose shapes come from the collection's own routes in the OpenAPI document.
import type { paths } from "../../upstream/api-types.js";
import type { RestResult } from "../../upstream/rest-client.js";
import type { GraphQLContext } from "../context.js";
import { unwrap, unwrapOrNull } from "../errors.js";
import { decodeGlobalId, type GlobalIdType } from "../global-id.js";

/** The api's admin collections: `<collection>` lists and creates, `<collection>/{id}` the rest. */
type AdminCollection = "/v1/admin/ads" | "/v1/admin/affiliate-links";

type JsonOf<T> = T extends { content: { "application/json": infer Json } } ? Json : never;
/** One item of the collection, as its list answers it. */
type RestItem<C extends AdminCollection> = JsonOf<paths[C]["get"]["responses"][200]>[number];
/** What creating one takes. */
type CreateBody<C extends AdminCollection> = JsonOf<NonNullable<paths[C]["post"]["requestBody"]>>;
/** What changing one takes. */
type UpdateBody<C extends AdminCollection> = JsonOf<
  NonNullable<paths[`${C}/{id}`]["patch"]["requestBody"]>
>;

/**
 * The few calls made here, by a path known only as one of the collections: the client's typing
 * needs a literal path, and the shapes are those of the collection's routes (the types above).
 */
interface CollectionCalls {
  GET(path: string, init?: object): Promise<RestResult<unknown>>;
  POST(path: string, init: object): Promise<RestResult<unknown>>;
  PATCH(path: string, init: object): Promise<RestResult<unknown>>;
  DELETE(path: string, init: object): Promise<RestResult<unknown>>;
}

export interface AdminCollectionMapping<C extends AdminCollection, Admin, Create, Update> {
  collection: C;
  /** The type of the items' global ids, which the resolvers take as `id`. */
  idType: GlobalIdType;
  fromRest(item: RestItem<C>): Admin;
  createBody(input: Create): CreateBody<C>;
  updateBody(input: Update): UpdateBody<C>;
}

/** Resolvers of the collection for Query and Mutation fields, whatever the fields' names. */
export function adminCrud<C extends AdminCollection, Admin, Create, Update>(
  mapping: AdminCollectionMapping<C, Admin, Create, Update>,
) {
  const { collection, idType, fromRest } = mapping;
  const calls = ({ rest }: GraphQLContext) => rest as unknown as CollectionCalls;
  /** The item's api id, from its global id (bad input naming `id` otherwise). */
  const itemPath = (id: string) => ({ params: { path: { id: decodeGlobalId(idType, id, "id") } } });
  const one = async (call: Promise<RestResult<unknown>>) =>
    fromRest((await unwrap(call)) as RestItem<C>);

  return {
    list: async (_parent: unknown, _args: unknown, context: GraphQLContext): Promise<Admin[]> =>
      ((await unwrap(calls(context).GET(collection))) as RestItem<C>[]).map(fromRest),
    /** Null when there is none with this id. */
    find: async (
      _parent: unknown,
      { id }: { id: string },
      context: GraphQLContext,
    ): Promise<Admin | null> => {
      const item = await unwrapOrNull(calls(context).GET(`${collection}/{id}`, itemPath(id)));
      return item === null ? null : fromRest(item as RestItem<C>);
    },
    create: (_parent: unknown, { input }: { input: Create }, context: GraphQLContext) =>
      one(calls(context).POST(collection, { body: mapping.createBody(input) })),
    update: (
      _parent: unknown,
      { id, input }: { id: string; input: Update },
      context: GraphQLContext,
    ) =>
      one(
        calls(context).PATCH(`${collection}/{id}`, {
          ...itemPath(id),
          body: mapping.updateBody(input),
        }),
      ),
    remove: async (_parent: unknown, { id }: { id: string }, context: GraphQLContext) => {
      await unwrap(calls(context).DELETE(`${collection}/{id}`, itemPath(id)));
      return { id, deleted: true };
    },
  };
}
