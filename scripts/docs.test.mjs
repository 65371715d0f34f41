// The documents stay true: docs/configuration.md is what its generator writes from the schemas and
// lists every variable the code reads; every link in the README and docs/ (and every document a
// code comment names) leads somewhere. Runs after `npm run build` in `npm test` (the generator reads
// the built schemas).
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONFIGURATION_DOCUMENT, configurationDocument } from "./docs/configuration.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (relative) => readFileSync(path.join(root, relative), "utf8");

const SKIPPED = new Set([
  "node_modules",
  "dist",
  "__generated__",
  "test-results",
  "playwright-report",
  ".data",
  ".reports",
  ".git",
]);

/** Files under `dir` (relative to the root) whose names match `pattern`. */
function filesUnder(dir, pattern) {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.posix.join(dir, name);
    if (SKIPPED.has(name)) return [];
    if (statSync(path.join(root, relative)).isDirectory()) return filesUnder(relative, pattern);
    return pattern.test(name) ? [relative] : [];
  });
}

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const CODE_DIRS = [
  "api/src",
  "bff/src",
  "client/src",
  "common/src",
  "writer/src",
  "scripts",
  "e2e",
];

/** Every environment variable the code reads (tests and scripts included), by name. */
function variablesTheCodeReads() {
  const files = [...CODE_DIRS.flatMap((dir) => filesUnder(dir, SOURCE)), "client/vite.config.ts"];
  const names = new Set();
  for (const file of files) {
    const text = read(file);
    for (const match of text.matchAll(/\benv(?:\.|\[")([A-Z][A-Z0-9_]+)/g)) names.add(match[1]);
    // Config modules and the start script name variables as string literals (port("API_PORT", …)).
    if (/(config\.ts|start\.mjs)$|\/config\/[^/]+\.ts$/.test(file)) {
      for (const match of text.matchAll(/"([A-Z][A-Z0-9]*_[A-Z0-9_]+)"/g)) names.add(match[1]);
    }
  }
  return names;
}

describe("docs/configuration.md", () => {
  it("is what npm run docs:config writes from the configuration schemas", async () => {
    const expected = await configurationDocument();
    // On a difference: run `npm run build && npm run docs:config` and commit the document.
    expect(read(CONFIGURATION_DOCUMENT)).toBe(expected);
  });

  it("gives every variable of the api's and the bff's schemas a meaning", async () => {
    const { describeEnv } = await import("@storyloom/common/env");
    const { ApiEnvSchema } = await import("../api/dist/config/api-config.js");
    const { BffEnvSchema } = await import("../bff/dist/config.js");
    const variables = [...describeEnv(ApiEnvSchema), ...describeEnv(BffEnvSchema)];
    expect(variables.length).toBeGreaterThan(20);
    expect(variables.filter((variable) => !variable.description?.trim())).toEqual([]);
  });

  it("lists every environment variable the code reads", () => {
    const document = read(CONFIGURATION_DOCUMENT);
    const names = variablesTheCodeReads();
    expect(names.size).toBeGreaterThan(20);
    expect(names).toContain("TEST_DATABASE_URL");
    expect(names).toContain("AUTH_EMULATOR_PORT");
    const listed = new Set(
      [...document.matchAll(/^\| `([A-Z][A-Z0-9_]+)` +\|/gm)].map((m) => m[1]),
    );
    const missing = [...names].filter((name) => !listed.has(name));
    expect(missing).toEqual([]);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingSlug(heading) {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replaceAll(" ", "-");
}

/** A Markdown text without its fenced code blocks and inline code spans. */
function withoutCode(markdown) {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** The anchors a Markdown file's headings make (a repeated heading gets -1, -2…). */
function anchorsOf(relative) {
  const seen = new Map();
  const anchors = new Set();
  for (const [, heading] of withoutCode(read(relative)).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = headingSlug(heading.replaceAll("`", ""));
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** Why `target` (a path, relative to the repository's root, with an optional #anchor) leads nowhere. */
function brokenTarget(target) {
  const [file, anchor] = target.split("#");
  if (!existsSync(path.join(root, file))) return "no such file";
  if (anchor === undefined || !file.endsWith(".md")) return null;
  return anchorsOf(file).has(anchor) ? null : `no heading #${anchor}`;
}

const DOCUMENTS = ["README.md", "examples/README.md", ...filesUnder("docs", /\.md$/)];

describe("links", () => {
  it("in the README and docs/ lead to a file, and to a heading of it", () => {
    const broken = [];
    for (const document of DOCUMENTS) {
      const text = withoutCode(read(document));
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue;
        const resolved = target.startsWith("#")
          ? `${document}${target}`
          : path.posix.normalize(path.posix.join(path.posix.dirname(document), target));
        const problem = brokenTarget(resolved);
        if (problem) broken.push(`${document}: ${target} (${problem})`);
      }
    }
    expect(DOCUMENTS.length).toBeGreaterThan(30);
    expect(broken).toEqual([]);
  });

  it("named in code comments lead to a document, and to a heading of it", () => {
    const files = [...CODE_DIRS.flatMap((dir) => filesUnder(dir, SOURCE)), "eslint.config.js"];
    files.push("docker/compose.yml", "docker/haproxy.cfg", "codegen.ts");
    const broken = [];
    for (const file of files) {
      for (const [target] of read(file).matchAll(/(?:README|docs\/[\w./-]+)\.md(?:#[\w-]+)?/g)) {
        const problem = brokenTarget(target);
        if (problem) broken.push(`${file}: ${target} (${problem})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("make GitHub's anchors", () => {
    expect(headingSlug("npm start / npm run dev")).toBe("npm-start--npm-run-dev");
    expect(headingSlug("Replicas, readiness and drain")).toBe("replicas-readiness-and-drain");
    expect(headingSlug("[decision 017](x.md): limits")).toBe("decision-017-limits");
  });
});
