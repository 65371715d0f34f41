import nodemailer from "nodemailer";

// The one door to SMTP (nodemailer): one message handed to the relay, resolved once the relay
// accepted it (250 after DATA), rejected with the relay's answer otherwise. No pool: a digest
// opens its own connection, so a relay that went away costs nothing between rounds.

export interface DigestEmail {
  to: string;
  from: string;
  subject: string;
  text: string;
  /** The same on every try of one digest: a repeat can be recognised and dropped. */
  messageId: string;
  /** RFC 8058 one-click unsubscribe address (List-Unsubscribe with List-Unsubscribe-Post). */
  unsubscribeUrl: string;
}

export interface DigestMailer {
  send(email: DigestEmail): Promise<void>;
  close(): void;
}

/** Every wait on the relay, well inside the digest's lease (DIGEST_LEASE_SECONDS). */
const SMTP_TIMEOUT_MS = 30_000;

export function smtpMailer(smtpUrl: string): DigestMailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(email) {
      await transport.sendMail({
        to: email.to,
        from: email.from,
        subject: email.subject,
        text: email.text,
        messageId: email.messageId,
        list: { unsubscribe: { url: email.unsubscribeUrl, comment: "Unsubscribe" } },
        headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
    },
    close: () => transport.close(),
  };
}
