import { performance } from "node:perf_hooks";
import { parse, specifiedRules, validate, type DocumentNode } from "graphql";
import { loadConfig } from "../config.js";
import { operationLimitsRules } from "../graphql/limits.js";
import { createSchema } from "../graphql/schema.js";

// What the operation limits cost on a hostile document, next to an ordinary one of the same size
// (docs/decisions/013): fragments that each spread the one before twice stand for 2^levels copies
// of a field, so a check that expands spreads costs 2^levels, and one that measures each fragment
// once costs what the text does. Prints medians and their ratio, all measured in this run.
// Not a test: `npm run bench` or `npx tsc -b bff && node bff/dist/bench/limits-bench.js [runs]`.

const RUNS = Number(process.argv[2] ?? 41);
const schema = createSchema();
const { limits } = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" });
const rules = [...specifiedRules, ...operationLimitsRules(limits)];

/** Fragments each spreading the one before twice: a few bytes per level, 2^levels fields. */
function doubling(levels: number): string {
  const fragments = [`fragment F0 on Query { stories { edges { node { id } } } }`];
  for (let level = 1; level <= levels; level += 1) {
    fragments.push(`fragment F${level} on Query { ...F${level - 1} ...F${level - 1} }`);
  }
  return `${fragments.join("\n")}\n{ ...F${levels} }`;
}

/** As many distinct fragments, each used once: the same size, nothing multiplied. */
function chained(levels: number): string {
  const fragments = [`fragment F0 on Query { stories { edges { node { id } } } }`];
  for (let level = 1; level <= levels; level += 1) {
    fragments.push(`fragment F${level} on Query { ...F${level - 1} }`);
  }
  return `${fragments.join("\n")}\n{ ...F${levels} }`;
}

function medianMs(document: DocumentNode): { ms: number; refused: boolean } {
  const times: number[] = [];
  let refused = false;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    refused = validate(schema, document, rules).length > 0;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] ?? Number.NaN, refused };
}

console.log(`GraphQL operation limits: median of ${RUNS} validations (specified rules + ours)`);
console.log("levels | bytes | hostile ms | ordinary ms | hostile/ordinary | refused");
// 400 levels is about 2,800 tokens: within the default GRAPHQL_MAX_TOKENS of 5,000.
for (const levels of [10, 22, 100, 400]) {
  const hostile = doubling(levels);
  const ordinary = chained(levels);
  const a = medianMs(parse(hostile, { maxTokens: 100_000 }));
  const b = medianMs(parse(ordinary, { maxTokens: 100_000 }));
  console.log(
    `${String(levels).padStart(6)} | ${String(hostile.length).padStart(5)} | ${a.ms.toFixed(2).padStart(10)} | ${b.ms.toFixed(2).padStart(11)} | ${(a.ms / b.ms).toFixed(2).padStart(16)} | ${a.refused ? "yes" : "no"}`,
  );
}
