import { createHmac, timingSafeEqual } from "node:crypto";

// Signed addresses of illustrations (docs/decisions/030-premium-prices-and-access.md). A browser's
// <img> sends no Authorization header, so an illustration's URL carries the proof instead: the api
// names it only to a reader with picture access (access-rules.ts), signed for that picture and six
// to twelve hours, and GET /media/{id} serves it on that signature. Covers need none (they are
// everyone's). Why not bound to the reader, and why these hours: docs/decisions/066.

/** Signatures are made per window: one address per picture for a window, valid one more. */
export const PICTURE_LINK_WINDOW_MS = 6 * 60 * 60 * 1000;

export interface PictureSignature {
  /** Unix seconds after which the signature is refused. */
  exp: number;
  sig: string;
}

export class PictureLinks {
  private readonly key: Buffer;

  /** `secret`: the api's READ_HASH_SECRET; a key of its own is derived from it. */
  constructor(
    secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createHmac("sha256", secret).update("storyloom picture links v1").digest();
  }

  /**
   * A signature valid until the end of the next six-hour window (UTC): one address per picture for
   * six hours, so browsers keep the picture cached, and at least six hours to read with it; an
   * address shared or kept after a refund works at most twelve hours.
   */
  sign(mediaId: string): PictureSignature {
    const window = Math.floor(this.now().getTime() / PICTURE_LINK_WINDOW_MS);
    const exp = ((window + 2) * PICTURE_LINK_WINDOW_MS) / 1000;
    return { exp, sig: this.mac(mediaId, exp) };
  }

  /** `/v1/media/<id>?exp=…&sig=…` */
  url(mediaId: string): string {
    const { exp, sig } = this.sign(mediaId);
    return `/v1/media/${mediaId}?exp=${exp}&sig=${sig}`;
  }

  verify(mediaId: string, exp: number | undefined, sig: string | undefined): boolean {
    if (exp === undefined || sig === undefined) return false;
    if (exp * 1000 <= this.now().getTime()) return false;
    const expected = Buffer.from(this.mac(mediaId, exp));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(mediaId: string, exp: number): string {
    return createHmac("sha256", this.key).update(`${mediaId}:${exp}`).digest("base64url");
  }
}
