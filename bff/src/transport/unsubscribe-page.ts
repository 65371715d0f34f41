// /unsubscribe?token=…: the one-click unsubscribe links of the e-mail digest
// (docs/decisions/057-email-digest.md), on the site's own address. GET shows a page with one
// button and changes nothing (mail scanners follow links); POST turns the switch off through the
// api's POST /v1/notifications/unsubscribe: the page's button, or a mail client's RFC 8058
// one-click POST (body `List-Unsubscribe=One-Click`) to the List-Unsubscribe address. The token's
// signature is the permission; the api checks it.
import { Router, type Request, type Response } from "express";
import type { ClientHeaders, RestConnection } from "../upstream/rest-client.js";

export const UNSUBSCRIBE_PATH = "/unsubscribe";

export const UNSUBSCRIBE_WORDS = {
  title: "Unsubscribe",
  ask: "Stop these e-mails from Storyloom?",
  button: "Unsubscribe",
  done: "Done. You will no longer get these e-mails. You can turn them on again in Settings.",
  bad: "This unsubscribe link is not valid.",
  failed: "Could not unsubscribe right now. Please try again later.",
} as const;

// A token is `<user>.<kind>.<channel>.<signature>` in URL-safe characters; nothing else goes on.
const TOKEN = /^[A-Za-z0-9._-]{1,300}$/;

function page(response: Response, status: number, body: string): void {
  response
    .status(status)
    .set("content-type", "text/html; charset=utf-8")
    .set("cache-control", "no-store")
    .set("referrer-policy", "no-referrer")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${UNSUBSCRIBE_WORDS.title} · Storyloom</title></head><body><main><h1>${UNSUBSCRIBE_WORDS.title}</h1>${body}</main></body></html>`,
    );
}

const tokenOf = (request: Request): string | null => {
  const token = request.query.token;
  return typeof token === "string" && TOKEN.test(token) ? token : null;
};

export function unsubscribeRoutes(
  rest: RestConnection,
  client: (request: Request) => ClientHeaders,
): Router {
  const router = Router();
  router.get(UNSUBSCRIBE_PATH, (request, response) => {
    const token = tokenOf(request);
    if (token === null) return page(response, 400, `<p>${UNSUBSCRIBE_WORDS.bad}</p>`);
    // The token holds only URL-safe characters (TOKEN): nothing in it can be markup.
    page(
      response,
      200,
      `<p>${UNSUBSCRIBE_WORDS.ask}</p><form method="post" action="${UNSUBSCRIBE_PATH}?token=${token}"><button type="submit">${UNSUBSCRIBE_WORDS.button}</button></form>`,
    );
  });
  router.post(UNSUBSCRIBE_PATH, async (request, response) => {
    const token = tokenOf(request);
    if (token === null) return page(response, 400, `<p>${UNSUBSCRIBE_WORDS.bad}</p>`);
    try {
      const answer = await rest
        .forAuthorization(null, client(request))
        .POST("/v1/notifications/unsubscribe", { body: { token } });
      if (answer.response.ok) return page(response, 200, `<p>${UNSUBSCRIBE_WORDS.done}</p>`);
      const refused = answer.response.status === 400 || answer.response.status === 422;
      page(
        response,
        refused ? 400 : 502,
        `<p>${refused ? UNSUBSCRIBE_WORDS.bad : UNSUBSCRIBE_WORDS.failed}</p>`,
      );
    } catch {
      page(response, 502, `<p>${UNSUBSCRIBE_WORDS.failed}</p>`);
    }
  });
  return router;
}
