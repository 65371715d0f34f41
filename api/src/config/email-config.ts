import { ConfigError, Env } from "@storyloom/common/env";
import type { Static, TObject } from "typebox";
import type { EmailSettings } from "../notifications/digest-rules.js";
import { redactPassword } from "../platform/lib/postgres-url.js";

export type { EmailSettings };

// E-mail, part of the api's one schema (api-config.ts): the notification digest goes out over SMTP
// when SMTP_URL is set, and nothing is sent when it is not (docs/decisions/057-email-digest.md).
// The URL may carry a password: a refusal never repeats it.

export const EmailEnvProperties = {
  SMTP_URL: Env.optional(
    Env.text({
      unset: "no e-mail is sent",
      description:
        "`smtp://user:password@host:port` (or `smtps://`) of the relay the notification digests go through (decision 057); needs `READ_HASH_SECRET`; unset: no e-mail is sent, said once in the log",
      problem: (raw) => {
        if (!URL.canParse(raw))
          return "must be an smtp:// or smtps:// URL (it could not be parsed)";
        const url = new URL(raw);
        return ["smtp:", "smtps:"].includes(url.protocol)
          ? null
          : `must be an smtp:// or smtps:// URL, got "${redactPassword(url)}"`;
      },
    }),
  ),
  EMAIL_FROM: Env.optional(
    Env.text({
      unset: "`Storyloom <no-reply@` the host of `PUBLIC_BASE_URL` `>`",
      description: "the From of the e-mails sent (an address the relay may send as)",
      problem: (raw) =>
        /^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(raw.trim())
          ? null
          : `must be an e-mail address, or a name and <address>, got "${raw}"`,
    }),
  ),
  EMAIL_DIGEST_INTERVAL_SECONDS: Env.integer(1, 2_592_000, {
    default: 86_400,
    must: "a whole number of seconds from 1 to 2592000",
    description:
      "at most one notification digest per reader in this many seconds (a day by default)",
  }),
};

type EmailVars = Static<TObject<typeof EmailEnvProperties>> & { READ_HASH_SECRET?: string };

/**
 * The digest's settings, null without SMTP_URL. The e-mails carry unsubscribe links signed with
 * READ_HASH_SECRET: without it they would stop working at the next start, so it is required.
 */
export function emailSettings(vars: EmailVars, publicBaseUrl: string): EmailSettings | null {
  if (vars.SMTP_URL === undefined) return null;
  if (vars.READ_HASH_SECRET === undefined) {
    throw new ConfigError(
      "SMTP_URL needs READ_HASH_SECRET: the unsubscribe links in the e-mails are signed with it and must keep working after a restart",
    );
  }
  return {
    smtpUrl: vars.SMTP_URL,
    from: vars.EMAIL_FROM?.trim() ?? `Storyloom <no-reply@${new URL(publicBaseUrl).hostname}>`,
    digestIntervalMs: vars.EMAIL_DIGEST_INTERVAL_SECONDS * 1000,
  };
}
