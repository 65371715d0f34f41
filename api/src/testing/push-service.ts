import { createECDH, createDecipheriv, hkdfSync, randomBytes, type ECDH } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A push service in the test's process (RFC 8030) standing in for a browser vendor's: it takes
// the api's encrypted POSTs, answers each path with the status the test chose, and decrypts what
// it was sent with the browser's private key (RFC 8291, aes128gcm) as a browser would.

/** One browser: its key pair and auth secret, and the subscription it would hand the api. */
export class TestBrowser {
  private readonly ecdh: ECDH = createECDH("prime256v1");
  readonly auth = randomBytes(16);
  readonly publicKey: Buffer;

  constructor(readonly endpoint: string) {
    this.publicKey = this.ecdh.generateKeys();
  }

  subscription() {
    return {
      endpoint: this.endpoint,
      keys: {
        p256dh: this.publicKey.toString("base64url"),
        auth: this.auth.toString("base64url"),
      },
    };
  }

  /** The plaintext of an aes128gcm body (one record) sent to this browser. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + idLength);
    const sealed = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), this.publicKey, serverKey]);
    const ikm = Buffer.from(hkdfSync("sha256", shared, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: aes128gcm\0", 16));
    const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: nonce\0", 12));
    const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const padded = Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - 16)),
      decipher.final(),
    ]);
    // The last record ends with the delimiter 0x02, then zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error("not a last record");
    return padded.subarray(0, end).toString("utf8");
  }
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export class TestPushService {
  readonly received: ReceivedPush[] = [];
  /** The statuses to answer, per path, in turn; the last one is kept. 201 by default. */
  readonly answers = new Map<string, number[]>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<TestPushService> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const service = new TestPushService(server, `http://127.0.0.1:${port}`);
    server.on("request", (request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const path = request.url ?? "/";
        service.received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        const statuses = service.answers.get(path) ?? [201];
        const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
        response.writeHead(status).end();
      });
    });
    return service;
  }

  /** A new browser whose endpoint is on this service, answering `statuses` in turn. */
  browser(name: string, statuses: number[] = [201]): TestBrowser {
    const path = `/push/${name}-${randomBytes(6).toString("hex")}`;
    this.answers.set(path, statuses);
    return new TestBrowser(`${this.origin}${path}`);
  }

  /** What was posted to `browser`'s endpoint. */
  pushesTo(browser: TestBrowser): ReceivedPush[] {
    const path = new URL(browser.endpoint).pathname;
    return this.received.filter((push) => push.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
