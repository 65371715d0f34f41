/* global self */
// Web push in the app's service worker (docs/decisions/063-web-push.md), loaded into the Workbox
// worker by importScripts (vite.config.ts). A push carries JSON from the api
// (api/src/notifications/push-rules.ts: title, url, tag, unsubscribeToken): the inbox's line and
// a link, never a story's text. A click opens the link; "Turn off" is the one-click unsubscribe of
// that kind on push.

self.addEventListener("push", (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  const title = message && typeof message.title === "string" ? message.title : "Storyloom";
  const url = message && typeof message.url === "string" ? message.url : "/notifications";
  const token =
    message && typeof message.unsubscribeToken === "string" ? message.unsubscribeToken : null;
  event.waitUntil(
    self.registration.showNotification(title, {
      tag: message && typeof message.tag === "string" ? message.tag : undefined,
      icon: "/pwa-192.png",
      badge: "/pwa-192.png",
      data: { url, token },
      actions: token ? [{ action: "unsubscribe", title: "Turn off" }] : [],
    }),
  );
});

const UNSUBSCRIBE = `mutation PushUnsubscribeByLink($token: String!) {
  unsubscribeByLink(token: $token) { kind channel enabled }
}`;

self.addEventListener("notificationclick", (event) => {
  const data = event.notification.data || {};
  event.notification.close();
  if (event.action === "unsubscribe" && data.token) {
    event.waitUntil(
      fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: UNSUBSCRIBE, variables: { token: data.token } }),
      }).catch(() => undefined),
    );
    return;
  }
  // Only the app's own pages: a link is a path on this origin.
  const target = new URL(
    typeof data.url === "string" ? data.url : "/notifications",
    self.location.origin,
  );
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open && "navigate" in open) {
        return open.navigate(target.href).then((client) => (client || open).focus());
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
