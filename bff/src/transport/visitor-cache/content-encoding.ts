// A kept answer in the encoding its caller takes: brotli or gzip twins made once per entry, as
// express's `compression` would have sent it (docs/decisions/037-bff-visitor-cache.md).
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Entry } from "./answers.js";

/** Below this, compression (express's `compression`, 1 KB) would have sent the body as it is. */
export const COMPRESS_FROM = 1024;

/** Accept-Encoding values seen, and what each accepts (browsers send a few values, always alike). */
const acceptedEncodings = new Map<string, "br" | "gzip" | null>();
const KNOWN_ACCEPT_ENCODINGS = 64;

/** The best of br, gzip and the plain body the caller accepts (q=0 refuses one). */
function acceptedEncoding(header: string | undefined): "br" | "gzip" | null {
  if (!header) return null;
  const known = acceptedEncodings.get(header);
  if (known !== undefined) return known;
  const encoding = parseAcceptEncoding(header);
  if (acceptedEncodings.size >= KNOWN_ACCEPT_ENCODINGS) acceptedEncodings.clear();
  acceptedEncodings.set(header, encoding);
  return encoding;
}

function parseAcceptEncoding(header: string): "br" | "gzip" | null {
  const accepted = new Set<string>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}

/** The body to send for the caller's Accept-Encoding, and its encoding (null: as it is). */
export function encodedBody(
  entry: Entry,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: "br" | "gzip" | null } {
  if (entry.body.length < COMPRESS_FROM) return { body: entry.body, encoding: null };
  const encoding = acceptedEncoding(acceptEncoding);
  if (encoding === "br") {
    entry.br ??= brotliCompressSync(entry.body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
      },
    });
    return { body: entry.br, encoding };
  }
  if (encoding === "gzip") {
    entry.gzip ??= gzipSync(entry.body);
    return { body: entry.gzip, encoding };
  }
  return { body: entry.body, encoding: null };
}
