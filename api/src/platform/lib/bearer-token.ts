/**
 * The token of an `Authorization: Bearer <token>` header; null when there is no header at all.
 * A header in any other form is a bad token (an empty string), not a missing one.
 */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined || header.trim() === "") return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? "";
}
