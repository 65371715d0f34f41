import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { createRestartableWsClient } from "./graphql-ws-client";
import { sendingIds } from "./trusted-documents";

/** The subscription link and its restart, loaded by lazyLink (create-apollo-client.ts). */
export function createWsLink(
  url: string,
  getIdToken: (forceRefresh?: boolean) => Promise<string | null>,
): { link: GraphQLWsLink; restart(): void } {
  const ws = createRestartableWsClient(url, getIdToken);
  // An operation that names its id (trusted-documents.ts) goes without its text.
  return { link: new GraphQLWsLink(sendingIds(ws.client)), restart: ws.restart };
}
