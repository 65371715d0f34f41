#!/usr/bin/env node
// `npm run docs:config`: writes docs/configuration.md from the configuration schemas as built
// (api/dist/config/api-config.js, bff/dist/config.js: run `npm run build` first), the variables no
// schema declares (scripts/lib/environment-variables.mjs) and docker/compose.yml, so a variable
// cannot go undocumented. scripts/docs.test.mjs fails when the file differs from what this writes.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as prettier from "prettier";
import { parse } from "yaml";
import {
  API_LIBRARY_VARIABLES,
  COMPOSE_VARIABLES,
  START_VARIABLES,
  TEST_VARIABLES,
} from "../lib/environment-variables.mjs";
import * as template from "./configuration-template.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Where the document is written, from the repository's root. */
export const CONFIGURATION_DOCUMENT = "docs/configuration.md";

/**
 * @typedef {{ name: string, description: string, default?: string | number, unset?: string }} Row
 */

async function importBuilt(relative) {
  const file = path.join(root, relative);
  if (!existsSync(file)) throw new Error(`${relative} is missing: run npm run build first`);
  return import(pathToFileURL(file).href);
}

/** A `{ NAME: { description, default?, unset? } }` declaration as rows. */
function declared(variables) {
  return Object.entries(variables).map(([name, variable]) => ({ name, ...variable }));
}

/** The api's and the bff's schemas as documented, split into the groups the page shows. */
async function schemaRows() {
  const { describeEnv } = await import("@storyloom/common/env");
  const api = await importBuilt("api/dist/config/api-config.js");
  const { GenerationEnvProperties } = await importBuilt("api/dist/config/generation-config.js");
  const { MediaEnvProperties } = await importBuilt("api/dist/config/media-config.js");
  const { PaymentsEnvProperties } = await importBuilt("api/dist/config/payments-config.js");
  const bff = await importBuilt("bff/dist/config.js");
  const apiRows = describeEnv(api.ApiEnvSchema);
  const bffRows = describeEnv(bff.BffEnvSchema);
  const named = (properties) => (row) => Object.hasOwn(properties, row.name);
  const grouped = [GenerationEnvProperties, MediaEnvProperties, PaymentsEnvProperties];
  const isWebSocket = (row) => row.name.startsWith("WS_");
  return {
    api: [
      ...apiRows.filter((row) => !grouped.some((group) => named(group)(row))),
      ...declared(API_LIBRARY_VARIABLES),
    ],
    storyWriter: apiRows.filter(named(GenerationEnvProperties)),
    pictures: apiRows.filter(named(MediaEnvProperties)),
    payments: apiRows.filter(named(PaymentsEnvProperties)),
    bff: bffRows.filter((row) => !isWebSocket(row)),
    webSockets: bffRows.filter(isWebSocket),
    schemaNames: new Set([...apiRows, ...bffRows].map((row) => row.name)),
  };
}

const COMPOSE_REFERENCE = /\$\{([A-Z][A-Z0-9_]*)(?::([-?])([^}]*))?\}/g;

/**
 * docker/compose.yml's variables in the order it names them: its own (described in
 * environment-variables.mjs), then the schemas' it passes on, each with compose's default.
 */
function composeRows(schemaNames) {
  const text = readFileSync(path.join(root, "docker/compose.yml"), "utf8");
  /** @type {Map<string, { required: boolean, fallback?: string, services: Set<string> }>} */
  const found = new Map();
  for (const [, name, operator, operand] of text.matchAll(COMPOSE_REFERENCE)) {
    const entry = found.get(name) ?? { required: false, services: new Set() };
    if (operator === "?") entry.required = true;
    if (operator === "-" && operand !== "") entry.fallback ??= operand;
    found.set(name, entry);
  }
  const { services } = parse(text, { merge: true });
  for (const [service, config] of Object.entries(services)) {
    for (const [key, value] of Object.entries(config.environment ?? {})) {
      if (String(value).includes(`\${${key}`)) found.get(key)?.services.add(service);
    }
  }
  const rows = [...found].map(([name, entry]) => {
    const own = COMPOSE_VARIABLES[name];
    if (!own && !schemaNames.has(name)) {
      throw new Error(
        `docker/compose.yml reads ${name}, which no schema and no COMPOSE_VARIABLES entry in scripts/lib/environment-variables.mjs declares`,
      );
    }
    const description =
      own?.description ??
      `passed on to ${[...entry.services].sort().join(", ")} as it is (its meaning: above)`;
    return {
      name,
      description,
      ...(entry.fallback !== undefined && { default: entry.fallback }),
      ...(entry.required && { unset: "required" }),
      own: Boolean(own),
    };
  });
  return [...rows.filter((row) => row.own), ...rows.filter((row) => !row.own)];
}

/** What the images set (`ENV` lines of docker/*.Dockerfile), as one sentence. */
function imageSettings() {
  const dir = path.join(root, "docker");
  const images = readdirSync(dir)
    .filter((name) => name.endsWith(".Dockerfile"))
    .sort()
    .map((name) => {
      const settings = readFileSync(path.join(dir, name), "utf8")
        .split("\n")
        .filter((line) => /^ENV\s/.test(line))
        .flatMap((line) => line.replace(/^ENV\s+/, "").split(/\s+/))
        .map((setting) => `\`${setting}\``);
      return `the ${name.replace(".Dockerfile", "")} image sets ${settings.join(", ")}`;
    });
  return `Beside these, ${images.join("; ")}.`;
}

function cell(text) {
  return String(text).replaceAll("|", "\\|").replaceAll("\n", " ");
}

/** @param {Row[]} rows */
function table(rows) {
  const lines = ["| variable | default | meaning |", "| --- | --- | --- |"];
  for (const row of rows) {
    const fallback = row.default !== undefined ? `\`${row.default}\`` : (row.unset ?? "(unset)");
    lines.push(`| \`${row.name}\` | ${cell(fallback)} | ${cell(row.description)} |`);
  }
  return lines.join("\n");
}

/** docs/configuration.md as it should be, formatted as the repository's prettier formats it. */
export async function configurationDocument() {
  const rows = await schemaRows();
  const markdown = [
    template.INTRODUCTION,
    template.API,
    table(rows.api),
    template.STORY_WRITER,
    table(rows.storyWriter),
    template.PICTURES,
    table(rows.pictures),
    template.PAYMENTS,
    table(rows.payments),
    template.BFF,
    table(rows.bff),
    template.WEBSOCKETS,
    table(rows.webSockets),
    template.START,
    table(declared(START_VARIABLES)),
    template.TESTS,
    table(declared(TEST_VARIABLES)),
    template.COMPOSE,
    table(composeRows(rows.schemaNames)),
    imageSettings(),
  ].join("\n\n");
  const file = path.join(root, CONFIGURATION_DOCUMENT);
  const options = await prettier.resolveConfig(file);
  return prettier.format(`${markdown}\n`, { ...options, filepath: file });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    writeFileSync(path.join(root, CONFIGURATION_DOCUMENT), await configurationDocument());
    console.log(`wrote ${CONFIGURATION_DOCUMENT}`);
  } catch (error) {
    console.error(`docs:config: ${error.message}`);
    process.exit(1);
  }
}
