// The Drizzle view of the tables, one module per group; the SQL files in migrations/ are what
// creates them. Importers take every table from here.
export * from "./schema-core.js";
export * from "./schema-payments.js";
export * from "./schema-ads.js";
export * from "./schema-rewrites.js";
export * from "./schema-limits.js";
