// The GraphQL schema's SDL at GET /graphql/schema.graphql (docs/graphql.md), for the tools of
// other clients (code generators, linters, IDEs), which would otherwise need introspection, off
// in production. The same schema the server runs, printed once; every type and field described.
import express, { type Router } from "express";
import { printSchema, type GraphQLSchema } from "graphql";

export const SCHEMA_SDL_PATH = "/graphql/schema.graphql";

export function schemaSdl(schema: GraphQLSchema): Router {
  const router = express.Router();
  const sdl = `${printSchema(schema)}\n`;
  router.get(SCHEMA_SDL_PATH, (_req, res) => {
    res.setHeader("cache-control", "no-cache");
    res.type("text/plain; charset=utf-8").send(sdl);
  });
  return router;
}
