import { ConfigError, Env } from "@storyloom/common/env";
import type { Static, TObject } from "typebox";
import type { VapidKeys } from "../notifications/push-sender.js";

// Web push, part of the api's one schema (api-config.ts): the VAPID key pair the api signs its
// pushes with (docs/decisions/063-web-push.md). Unset: push is off (no public key is offered and
// no browser can subscribe).

const base64urlBytes = (bytes: number, what: string) => (raw: string) =>
  /^[A-Za-z0-9_-]+$/.test(raw) && Buffer.from(raw, "base64url").length === bytes
    ? null
    : `must be ${what} (${bytes} bytes, base64url), as \`npx web-push generate-vapid-keys\` prints it`;

export const PushEnvProperties = {
  VAPID_PUBLIC_KEY: Env.optional(
    Env.text({
      unset: "push off (`npm start`: a demo pair kept in `DATA_DIR`)",
      description:
        "VAPID public key of web push, set with its private key; browsers subscribe with it (decision 063)",
      problem: base64urlBytes(65, "an uncompressed P-256 public key"),
    }),
  ),
  VAPID_PRIVATE_KEY: Env.optional(
    Env.text({
      description: "VAPID private key of `VAPID_PUBLIC_KEY`; never logged",
      problem: base64urlBytes(32, "a P-256 private key"),
    }),
  ),
  VAPID_SUBJECT: Env.optional(
    Env.text({
      unset: "`PUBLIC_BASE_URL` when it is https",
      description:
        "who push services may contact about our pushes: a `mailto:` address or an https URL",
      problem: (raw) =>
        /^mailto:[^\s@]+@[^\s@]+$/.test(raw) ||
        (URL.canParse(raw) && new URL(raw).protocol === "https:")
          ? null
          : `must be a mailto: address or an https URL, got "${raw}"`,
    }),
  ),
};

type PushVars = Static<TObject<typeof PushEnvProperties>> & { PUBLIC_BASE_URL: string };

/** The VAPID keys, or null (push off); a key without its pair, or no subject, stops the start. */
export function vapidKeys(vars: PushVars): VapidKeys | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = vars;
  if (publicKey === undefined && privateKey === undefined) return null;
  if (publicKey === undefined || privateKey === undefined) {
    throw new ConfigError("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together");
  }
  const subject =
    vars.VAPID_SUBJECT ??
    (vars.PUBLIC_BASE_URL.startsWith("https://") ? vars.PUBLIC_BASE_URL : undefined);
  if (subject === undefined) {
    throw new ConfigError(
      "VAPID_SUBJECT must be set (a mailto: address or an https URL) when PUBLIC_BASE_URL is not https",
    );
  }
  return { publicKey, privateKey, subject };
}
