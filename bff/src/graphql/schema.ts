// The executable schema: the root schema.graphql (the public contract) and the typed resolvers.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { makeExecutableSchema } from "@graphql-tools/schema";
import { checkArgumentsOfEveryField } from "./arguments.js";
import { resolvers } from "./resolvers/index.js";

const schemaFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../schema.graphql",
);

export function createSchema() {
  return checkArgumentsOfEveryField(
    makeExecutableSchema({ typeDefs: readFileSync(schemaFile, "utf8"), resolvers }),
  );
}
