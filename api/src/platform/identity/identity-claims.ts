import { InvalidTokenError, type VerifiedIdentity } from "./identity-provider.js";

// The claims of a verified token are still text someone typed (a Google account's name, an
// e-mail an identity provider passed on): a NUL or another control character in one made
// PostgreSQL refuse the insert, a 500 (the probe of issue 27). They are cleaned here, once, before
// any use.

// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

const hasControl = (value: string) => value.search(CONTROL_CHARACTERS) !== -1;

/**
 * The identity with its claims made safe: a uid with a control character is no identity (the
 * token is refused); an e-mail or a picture address with one is not that person's, so it is left
 * out (and the e-mail is not verified); a name loses its control characters.
 */
export function cleanIdentity(identity: VerifiedIdentity): VerifiedIdentity {
  if (identity.uid === "" || hasControl(identity.uid)) {
    throw new InvalidTokenError("the token's uid has control characters");
  }
  const emailUsable = identity.email !== null && !hasControl(identity.email);
  const name = identity.name?.replace(CONTROL_CHARACTERS, "").trim() ?? "";
  return {
    ...identity,
    uid: identity.uid,
    email: emailUsable ? identity.email : null,
    emailVerified: emailUsable && identity.emailVerified,
    name: name === "" ? null : name,
    picture: identity.picture !== null && !hasControl(identity.picture) ? identity.picture : null,
  };
}
