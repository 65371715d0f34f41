#!/usr/bin/env node
// `npm run schema:check` (part of `npm run lint` and `npm test`): fails on a breaking change of
// schema.graphql against schema.baseline.graphql. `npm run schema:accept` declares the changes by
// copying schema.graphql over the baseline; commit both (docs/graphql.md#stability).
import { copyFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { schemaChanges } from "./lib/schema-changes.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const current = path.join(root, "schema.graphql");
const baseline = path.join(root, "schema.baseline.graphql");

if (process.argv.includes("--accept")) {
  copyFileSync(current, baseline);
  console.log("schema.baseline.graphql now holds schema.graphql: commit both, and say in the");
  console.log("commit message what broke and what clients must do.");
  process.exit(0);
}

const { changes, breaking } = await schemaChanges(
  readFileSync(baseline, "utf8"),
  readFileSync(current, "utf8"),
);
if (breaking.length === 0) {
  console.log(
    `schema.graphql: no breaking change against schema.baseline.graphql (${changes.length} other change(s)).`,
  );
  process.exit(0);
}
console.error(`schema.graphql breaks ${breaking.length} thing(s) clients may use:`);
for (const change of breaking) console.error(`  - ${change.message}`);
console.error(
  "Deprecate first (@deprecated(reason: …)) and remove in a later release, or, if the break is " +
    "intended, declare it with `npm run schema:accept` (docs/graphql.md#stability).",
);
process.exit(1);
