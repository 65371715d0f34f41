import webPush from "web-push";
import { describe, expect, it } from "vitest";
import { ConfigError, loadApiConfig } from "./api-config.js";

// Web push's VAPID keys (docs/decisions/063-web-push.md): off when unset; a key without its pair,
// a malformed key or no subject stops start-up with one line naming the variable.

const keys = webPush.generateVAPIDKeys();
const pair = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };

describe("VAPID configuration", () => {
  it("leaves push off when unset", () => {
    expect(loadApiConfig({}).vapid).toBeNull();
  });

  it("takes a pair with a subject, or PUBLIC_BASE_URL when it is https", () => {
    expect(loadApiConfig({ ...pair, VAPID_SUBJECT: "mailto:ops@storyloom.test" }).vapid).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: "mailto:ops@storyloom.test",
    });
    expect(
      loadApiConfig({ ...pair, PUBLIC_BASE_URL: "https://storyloom.test" }).vapid?.subject,
    ).toBe("https://storyloom.test");
  });

  it("refuses half a pair, a malformed key and a missing subject", () => {
    expect(() => loadApiConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      new ConfigError("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together"),
    );
    expect(() => loadApiConfig({ ...pair, VAPID_PUBLIC_KEY: "short" })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadApiConfig(pair)).toThrow(/VAPID_SUBJECT must be set/);
    expect(() => loadApiConfig({ ...pair, VAPID_SUBJECT: "http://x.test" })).toThrow(
      /VAPID_SUBJECT/,
    );
  });
});
