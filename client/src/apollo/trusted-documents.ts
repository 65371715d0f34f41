// The web app's operations are sent by id, without their text (docs/decisions/051-trusted-
// documents.md): codegen gives each of its documents a sha256 id (`__meta__.hash`) and lists them
// for the bff, which runs the listed text. Over HTTP with Apollo's persisted-query link
// (`extensions.persistedQuery.sha256Hash`, the format Apollo Server reads itself), over graphql-ws
// the same extension with an empty query. A bff that does not know the ids (another build, behind
// the same balancer while one is deployed) answers PERSISTED_QUERY_NOT_FOUND: this client then
// sends documents for the rest of its life, as any other client may.
import { ApolloLink, type DocumentNode } from "@apollo/client";
import { PersistedQueryLink } from "@apollo/client/link/persisted-queries";
import type { Client } from "graphql-ws";

/** The id codegen gave a document; undefined for one it did not (made at run time). */
export function trustedDocumentId(document: DocumentNode): string | undefined {
  const meta = (document as { __meta__?: { hash?: unknown } }).__meta__;
  return typeof meta?.hash === "string" ? meta.hash : undefined;
}

export interface TrustedDocuments {
  /** Before the HTTP link: a document with an id is sent as that id. */
  httpLink: ApolloLink;
  /** Before the subscription link: names the id in the operation's extensions. */
  wsLink: ApolloLink;
}

export function trustedDocuments(): TrustedDocuments {
  let byId = true;
  const persisted = new PersistedQueryLink({
    generateHash: (document) => trustedDocumentId(document) ?? "",
    disable: ({ meta }) => {
      if (meta.persistedQueryNotSupported || meta.persistedQueryNotFound) byId = false;
      return !byId;
    },
    retry: ({ meta }) => meta.persistedQueryNotSupported || meta.persistedQueryNotFound,
  });
  const hasId = (operation: ApolloLink.Operation) =>
    byId && trustedDocumentId(operation.query) !== undefined;
  return {
    httpLink: ApolloLink.split(hasId, persisted),
    wsLink: new ApolloLink((operation, forward) => {
      const id = trustedDocumentId(operation.query);
      if (byId && id !== undefined) {
        operation.extensions.persistedQuery = { version: 1, sha256Hash: id };
      }
      return forward(operation);
    }),
  };
}

/** A graphql-ws client that sends an operation naming its id without its text. */
export function sendingIds(client: Client): Client {
  return {
    ...client,
    subscribe: (payload, sink) =>
      client.subscribe(
        payload.extensions?.persistedQuery ? { ...payload, query: "" } : payload,
        sink,
      ),
    iterate: (payload) =>
      client.iterate(payload.extensions?.persistedQuery ? { ...payload, query: "" } : payload),
  };
}
