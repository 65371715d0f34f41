// The schema's stability promise (docs/graphql.md#stability) as a check: schema.graphql against
// the last published schema, schema.baseline.graphql, with graphql-inspector. Additions and
// deprecations pass; a breaking change (a removed or retyped field, argument or enum value, a new
// required argument…) fails unless it is declared by accepting it into the baseline. Removing a
// field that the baseline already deprecates is the promised path, so it passes
// (docs/decisions/023-graphql-playground-and-other-clients.md).
import { createRequire } from "node:module";

// Both through require, so the schemas are built by the same graphql module that inspector uses
// (under vitest an import would give a second copy, which graphql refuses).
const require = createRequire(import.meta.url);
const { CriticalityLevel, diff, DiffRule } = require("@graphql-inspector/core");
const { buildSchema } = require("graphql");

/**
 * The changes from `baselineSdl` to `currentSdl`, the breaking ones apart.
 * @param {string} baselineSdl
 * @param {string} currentSdl
 */
export async function schemaChanges(baselineSdl, currentSdl) {
  const changes = await diff(buildSchema(baselineSdl), buildSchema(currentSdl), [
    DiffRule.suppressRemovalOfDeprecatedField,
  ]);
  return {
    changes,
    breaking: changes.filter((change) => change.criticality.level === CriticalityLevel.Breaking),
  };
}
