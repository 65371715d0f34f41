import { writeOpenApiDocument } from "./openapi-document.js";

// `node dist/openapi-dump.js <outfile>`: writes the OpenAPI document the BFF generates its REST
// client types from (npm run openapi -w api). Needs no database, network or identity provider.

const outfile = process.argv[2];
if (!outfile) {
  process.stderr.write("api: usage: node dist/openapi-dump.js <outfile>\n");
  process.exit(1);
}
await writeOpenApiDocument(outfile);
process.stdout.write(`api: wrote the OpenAPI document to ${outfile}\n`);
