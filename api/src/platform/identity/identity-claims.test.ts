import { describe, expect, it } from "vitest";
import { cleanIdentity } from "./identity-claims.js";
import { InvalidTokenError } from "./identity-provider.js";

const identity = {
  uid: "uid-1",
  email: "sam@example.com",
  emailVerified: true,
  name: "Sam",
  picture: "https://example.com/sam.png",
  expiresAt: Date.UTC(2026, 10, 27, 12),
};

describe("an identity's claims", () => {
  it("are kept when they are clean", () => {
    expect(cleanIdentity(identity)).toEqual(identity);
  });

  it("lose an e-mail with a NUL (never verified then), and the NUL of a name", () => {
    // The probe of issue 27: a Google e-mail ending in \u0000 gave a 500.
    expect(
      cleanIdentity({ ...identity, email: "sam@example.com\u0000", name: "Sam\u0000\u0007 " }),
    ).toEqual({ ...identity, email: null, emailVerified: false, name: "Sam" });
  });

  it("lose a picture address with a control character, and a name of control characters only", () => {
    expect(cleanIdentity({ ...identity, picture: "https://x/\n", name: "\u0000" })).toMatchObject({
      picture: null,
      name: null,
    });
  });

  it("are refused when the uid has a control character", () => {
    expect(() => cleanIdentity({ ...identity, uid: "uid\u0000" })).toThrow(InvalidTokenError);
  });
});
