// Talks to the Firebase Auth emulator's REST API the way the Firebase JS SDK does, for tests.
const base = (host) => `http://${host}/identitytoolkit.googleapis.com/v1`;

/**
 * A kept-alive connection the emulator closes as it is reused ("other side closed": its idle
 * timer fired while a busy machine held ours back) carried no request: sending it again is safe.
 */
async function fetchOnce(url, init, attempts = 3) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (attempts > 1 && error?.cause?.code === "UND_ERR_SOCKET") {
      return fetchOnce(url, init, attempts - 1);
    }
    throw error;
  }
}

async function post(url, body) {
  const response = await fetchOnce(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

let counter = 0;
/** A unique e-mail address per call, so tests never collide. */
export function uniqueEmail(prefix = "reader") {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/**
 * Creates an e-mail/password user; resolves to { idToken, localId, email, refreshToken }.
 *
 * The emulator stamps a new user's sign-in time before it hashes the password and the time its
 * tokens are valid from after; when a second ticks over between the two, the token it answers
 * with is one firebase-admin's revocation check refuses (auth_time before validSince), and the
 * api rightly answers 401. Real Firebase does not do this. Such a token is traded for a fresh
 * sign-in's, whose auth_time comes after validSince.
 */
export async function signUp(host, email, password = "correct-horse-1") {
  const created = await post(`${base(host)}/accounts:signUp?key=demo-key`, {
    email,
    password,
    returnSecureToken: true,
  });
  if (!signedInBeforeIssued(created.idToken)) return created;
  return { ...created, ...(await signInWithPassword(host, email, password)) };
}

/** Whether a token's auth_time falls in an earlier second than its iat (see signUp). */
export function signedInBeforeIssued(idToken) {
  const payload = idToken.split(".")[1];
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  return claims.auth_time < claims.iat;
}

export function signInWithPassword(host, email, password) {
  return post(`${base(host)}/accounts:signInWithPassword?key=demo-key`, {
    email,
    password,
    returnSecureToken: true,
  });
}

/** An unsigned Google ID token, as the emulator accepts it in signInWithIdp. */
export function fakeGoogleIdToken({ sub, email, name }) {
  const enc = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${enc({ alg: "none", typ: "JWT" })}.${enc({ sub, email, email_verified: true, name })}.`;
}

/** The same credential exchange the Google pop-up ends in. */
export function signInWithGoogle(host, profile) {
  return post(`${base(host)}/accounts:signInWithIdp?key=demo-key`, {
    postBody: `id_token=${fakeGoogleIdToken(profile)}&providerId=google.com`,
    requestUri: "http://localhost",
    returnSecureToken: true,
  });
}

/** The password-reset codes the emulator "sent" to an address, newest last. */
export async function passwordResetCodes(host, projectId, email) {
  const response = await fetchOnce(`http://${host}/emulator/v1/projects/${projectId}/oobCodes`);
  const { oobCodes } = await response.json();
  return oobCodes.filter((code) => code.email === email && code.requestType === "PASSWORD_RESET");
}
