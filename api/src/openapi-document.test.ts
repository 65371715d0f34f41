import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeOpenApiDocument } from "./openapi-document.js";

describe("the OpenAPI dump (npm run openapi)", () => {
  it("writes the document without a database or network, creating the folder", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "storyloom-openapi-"));
    try {
      const outfile = path.join(dir, "upstream", "openapi.json");
      await writeOpenApiDocument(outfile);
      const document = JSON.parse(await readFile(outfile, "utf8"));
      expect(document.paths).toHaveProperty("/v1/auth/me");
      expect(document.components.schemas).toHaveProperty("UserProfile");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
