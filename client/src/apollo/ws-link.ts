import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { createRestartableWsClient } from "./graphql-ws-client";

/** The subscription link and its restart, loaded by lazyLink (create-apollo-client.ts). */
export function createWsLink(
  url: string,
  getIdToken: (forceRefresh?: boolean) => Promise<string | null>,
): { link: GraphQLWsLink; restart(): void } {
  const ws = createRestartableWsClient(url, getIdToken);
  return { link: new GraphQLWsLink(ws.client), restart: ws.restart };
}
