import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from "fastify";
import { Type, type Static, type TSchema } from "typebox";
import type { Database } from "../platform/db/database.js";
import { assertAdsAdmin } from "./ad-rules.js";
import { adminRecords } from "./admin-records.js";
import {
  AdBodies,
  AdminAdSchema,
  AdminAffiliateLinkSchema,
  AffiliateLinkBodies,
  Deleted,
  IdParams,
  toAdminAdJson,
  toAdminAffiliateLinkJson,
  toDeletedJson,
} from "./ads-schemas.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";

// Admins manage house ads and affiliate links (docs/decisions/032): the same routes for both —
// list, create, (get,) edit, delete — each record answered with its counted and raw figures.
// Admins only: 401 for visitors, 403 for everyone else.

export interface AdminAdRoutesOptions {
  db: Database;
  guards: AuthGuards;
}

/** An operation of the OpenAPI document: its id and what it does. */
interface Operation {
  operationId: string;
  summary: string;
}

/** The admins' routes of one kind of record. */
interface AdminRecordRoutes<
  Json extends TSchema,
  Row,
  Create extends TSchema,
  Update extends TSchema,
> {
  /** Where its records are listed, under /v1; one record is at `${path}/:id`. */
  path: string;
  /** What the path parameter names. */
  idDescription: string;
  /** A record as admins see it, and the mapping onto it. */
  json: Json;
  toJson(row: Row): Static<Json>;
  /** The bodies of a new record and of an edit. */
  bodies: { create: Create; update: Update };
  /** Each route's operation; without `get`, the kind has no route reading one record. */
  operations: Record<"list" | "create" | "update" | "delete", Operation> & { get?: Operation };
}

/** A kind's routes, their types inferred from its schemas and mapping. */
const adminRecordRoutes = <
  Json extends TSchema,
  Row,
  Create extends TSchema,
  Update extends TSchema,
>(
  routes: AdminRecordRoutes<Json, Row, Create, Update>,
) => routes;

/** An admin's use cases on one kind of record (admin-records.ts), on the bodies validated. */
interface RecordUseCases<Row, Create, Update> {
  list: () => Promise<Row[]>;
  get: (id: string) => Promise<Row>;
  create: (body: Create) => Promise<Row>;
  update: (id: string, body: Update) => Promise<Row>;
  delete: (id: string) => Promise<void>;
}

const AD_ROUTES = adminRecordRoutes({
  path: "/admin/ads",
  idDescription: "The ad's id",
  json: AdminAdSchema,
  toJson: toAdminAdJson,
  bodies: AdBodies,
  operations: {
    list: {
      operationId: "listAds",
      summary: "Admins: every ad (the newest 200), newest first, with counted and raw figures.",
    },
    create: { operationId: "createAd", summary: "Admins: a new ad in a placement." },
    update: {
      operationId: "updateAd",
      summary: "Admins: edits, pauses or resumes, schedules or reweighs an ad.",
    },
    delete: {
      operationId: "deleteAd",
      summary: "Admins: deletes an ad with its offers and figures.",
    },
  },
});

const AFFILIATE_LINK_ROUTES = adminRecordRoutes({
  path: "/admin/affiliate-links",
  idDescription: "The affiliate link's id",
  json: AdminAffiliateLinkSchema,
  toJson: toAdminAffiliateLinkJson,
  bodies: AffiliateLinkBodies,
  operations: {
    list: {
      operationId: "listAdminAffiliateLinks",
      summary:
        "Admins: every affiliate link (the newest 200), newest first, with counted and raw clicks.",
    },
    create: {
      operationId: "createAffiliateLink",
      summary: "Admins: a new affiliate link, active unless said otherwise.",
    },
    get: {
      operationId: "getAffiliateLink",
      summary: "Admins: one affiliate link with counted and raw clicks.",
    },
    update: {
      operationId: "updateAffiliateLink",
      summary: "Admins: edits an affiliate link, or turns it off or on.",
    },
    delete: {
      operationId: "deleteAffiliateLink",
      summary: "Admins: deletes an affiliate link with its clicks.",
    },
  },
});

export const adminAdRoutes: FastifyPluginAsyncTypebox<AdminAdRoutesOptions> = async (
  app,
  options,
) => {
  // 401 for visitors before the body is read, 403 for anyone but an admin.
  const adminsOnly = {
    onRequest: options.guards.requireUser,
    preValidation: async (request: FastifyRequest) => assertAdsAdmin(signedInUser(request)),
  };
  const records = adminRecords(options.db);
  registerRecordRoutes(app, adminsOnly, AD_ROUTES, records.ads);
  registerRecordRoutes(app, adminsOnly, AFFILIATE_LINK_ROUTES, records.affiliateLinks);
};

/**
 * One kind's routes, in the order the OpenAPI document lists them. The kind's schemas validate
 * the id and the body before a handler runs; their types, which fastify's type provider cannot
 * follow through a generic schema, are the schemas' own.
 */
function registerRecordRoutes<
  Json extends TSchema,
  Row,
  Create extends TSchema,
  Update extends TSchema,
>(
  app: FastifyInstance,
  adminsOnly: RouteShorthandOptions,
  routes: AdminRecordRoutes<Json, Row, Create, Update>,
  records: RecordUseCases<Row, Static<Create>, Static<Update>>,
) {
  const { path, operations, toJson } = routes;
  const tags = ["admin", "ads"];
  const security = bearerSecurity;
  const params = IdParams(routes.idDescription);
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.get(
    path,
    {
      ...adminsOnly,
      schema: {
        ...operations.list,
        tags,
        security,
        response: { 200: Type.Array(routes.json), ...errorResponses(401, 403) },
      },
    },
    async () => (await records.list()).map(toJson),
  );

  app.post(
    path,
    {
      ...adminsOnly,
      schema: {
        ...operations.create,
        tags,
        security,
        body: routes.bodies.create,
        response: { 201: routes.json, ...errorResponses(400, 401, 403, 415, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(toJson(await records.create(request.body as Static<Create>))),
  );

  if (operations.get) {
    app.get(
      `${path}/:id`,
      {
        ...adminsOnly,
        schema: {
          ...operations.get,
          tags,
          security,
          params,
          response: { 200: routes.json, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => toJson(await records.get(idOf(request))),
    );
  }

  app.patch(
    `${path}/:id`,
    {
      ...adminsOnly,
      schema: {
        ...operations.update,
        tags,
        security,
        params,
        body: routes.bodies.update,
        response: { 200: routes.json, ...errorResponses(400, 401, 403, 404, 415, 422) },
      },
    },
    async (request) => toJson(await records.update(idOf(request), request.body as Static<Update>)),
  );

  app.delete(
    `${path}/:id`,
    {
      ...adminsOnly,
      schema: {
        ...operations.delete,
        tags,
        security,
        params,
        response: { 200: Deleted, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await records.delete(idOf(request));
      return toDeletedJson(idOf(request));
    },
  );
}
