// The web app's trusted documents (docs/decisions/051-trusted-documents.md): its operations, listed
// at build time by sha256 id (the client preset's persisted documents), are sent as
// `extensions.persistedQuery.sha256Hash` without their text, over HTTP and graphql-ws. Only the
// listed ids are known: nobody can add one (a document sent with its hash is run, not kept), and
// an unknown id is answered PERSISTED_QUERY_NOT_FOUND. Other clients send documents as before,
// under the same limits.
import type { PersistedQueryOptions } from "@apollo/server";
import type { GraphQLFormattedError } from "graphql";

/** sha256 id → document text, as scripts/codegen/trusted-documents.mjs writes it. */
export type TrustedDocuments = Readonly<Record<string, string>>;

export const DOCUMENT_NOT_FOUND = "PERSISTED_QUERY_NOT_FOUND";
export const DOCUMENT_NOT_FOUND_MESSAGE =
  "Unknown document id: this operation is not one of the web app's. Send its document instead.";

/** The listed text of `id`; undefined when it is not listed. */
export function trustedText(documents: TrustedDocuments, id: string): string | undefined {
  return Object.hasOwn(documents, id) ? documents[id] : undefined;
}

/**
 * The id a request names in `extensions.persistedQuery` (version 1, a sha256Hash string), or
 * undefined when it names none.
 */
export function documentIdOf(extensions: unknown): string | undefined {
  if (!extensions || typeof extensions !== "object") return undefined;
  const persisted = (extensions as { persistedQuery?: unknown }).persistedQuery;
  if (!persisted || typeof persisted !== "object") return undefined;
  const { version, sha256Hash } = persisted as { version?: unknown; sha256Hash?: unknown };
  return version === 1 && typeof sha256Hash === "string" ? sha256Hash : undefined;
}

/**
 * Apollo Server's persisted-query store over the list: it reads the listed text and keeps
 * nothing a client sends (automatic persisted queries register nothing).
 */
export function trustedDocumentStore(documents: TrustedDocuments): PersistedQueryOptions {
  return {
    cache: {
      // Apollo Server asks for `apq:<id>`.
      get: async (key) => trustedText(documents, key.replace(/^apq:/, "")),
      set: async () => {},
      delete: async () => {},
    },
    ttl: null,
  };
}

/** Apollo's PersistedQueryNotFound, in words that say what to do (its code kept). */
export function unknownDocumentMessage(formatted: GraphQLFormattedError): GraphQLFormattedError {
  if (formatted.extensions?.code !== DOCUMENT_NOT_FOUND) return formatted;
  return { ...formatted, message: DOCUMENT_NOT_FOUND_MESSAGE };
}
