import { isUtf8 } from "node:buffer";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** A body refused before it is parsed; the error handler answers its status and message. */
class RefusedBody extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * JSON travels as UTF-8 (RFC 8259, section 8.1) and the api decompresses nothing: another charset
 * or a Content-Encoding is 415, bytes that are not UTF-8 are 400, instead of being read as
 * replacement characters or as garbled JSON.
 */
function refusalOf(request: FastifyRequest, body: Buffer): RefusedBody | null {
  const charset = CHARSET.exec(request.headers["content-type"] ?? "")?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    return new RefusedBody(415, "Send the request body as UTF-8 JSON.");
  }
  const encoding = request.headers["content-encoding"]?.trim().toLowerCase();
  if (encoding && encoding !== "identity") {
    return new RefusedBody(415, "Send the request body uncompressed, without a Content-Encoding.");
  }
  if (!isUtf8(body)) return new RefusedBody(400, "The request body is not UTF-8.");
  return null;
}

/**
 * JSON in, nothing else: other content types get 415. The consent endpoints take empty bodies,
 * which clients often still label `application/json`: an empty JSON body reads as no body
 * instead of a 400.
 */
export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const bytes = body as Buffer;
    const refusal = refusalOf(request, bytes);
    if (refusal !== null) {
      done(refusal, undefined);
      return;
    }
    const text = bytes.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
