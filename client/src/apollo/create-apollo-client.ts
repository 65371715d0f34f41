import {
  ApolloClient,
  ApolloLink,
  CombinedGraphQLErrors,
  HttpLink,
  InMemoryCache,
} from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { ErrorLink } from "@apollo/client/link/error";
import { getMainDefinition } from "@apollo/client/utilities";
import { Kind, OperationTypeNode } from "graphql";
import {
  firstDataLink,
  readInlinedFirstData,
  writeFirstData,
  type InlinedAnswer,
} from "./first-data";
import { lazyLink } from "./lazy-link";
import { trustedDocuments } from "./trusted-documents";
import { typePolicies } from "./type-policies";

export interface CreateApolloClientOptions {
  /**
   * The signed-in user's ID token, or null (visitor, or the token could not be had); a fresh one
   * from the identity provider when `forceRefresh` is set.
   */
  getIdToken: (forceRefresh?: boolean) => Promise<string | null>;
  httpUri?: string;
  wsUrl?: string;
  /** Tests pass their own fetch; the browser's is used otherwise. */
  fetch?: typeof fetch;
  /** The answers the page came with; read from the page's HTML otherwise. */
  firstData?: InlinedAnswer[];
}

export interface StoryloomApollo {
  client: ApolloClient;
  /** Call after the signed-in identity changes: live subscriptions reconnect with the new token. */
  restartSubscriptions(): void;
  /**
   * The cache starts with the page's first data, a visitor's view: a signed-in reader's store is
   * reset once their identity is known (app/providers.tsx).
   */
  visitorDataInCache: boolean;
}

/** ws:// or wss:// to /graphql on the page's own origin (the BFF, or Vite's proxy in dev). */
export function graphqlWsUrl(location: Pick<Location, "protocol" | "host">): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/graphql`;
}

function isSubscription(operation: ApolloLink.Operation): boolean {
  const definition = getMainDefinition(operation.query);
  return (
    definition.kind === Kind.OPERATION_DEFINITION &&
    definition.operation === OperationTypeNode.SUBSCRIPTION
  );
}

// 401 is logged as a token or login problem, 403 as missing permissions, no response as a
// network error. Nothing redirects: the error still reaches the caller, which shows its message
// (docs/product.md#roles-and-permissions).
const loggingLink = new ErrorLink(({ error, operation }) => {
  const name = operation.operationName ?? "anonymous operation";
  if (CombinedGraphQLErrors.is(error)) {
    for (const graphQLError of error.errors) {
      const code = graphQLError.extensions?.code;
      if (code === "UNAUTHENTICATED") {
        console.warn(`${name}: not signed in, or the sign-in token was rejected.`);
      } else if (code === "FORBIDDEN") {
        console.warn(`${name}: missing permissions.`);
      }
    }
    return;
  }
  console.error(`${name}: network error, no usable response.`, error);
});

export function createApolloClient(options: CreateApolloClientOptions): StoryloomApollo {
  const {
    getIdToken,
    httpUri = "/graphql",
    wsUrl = graphqlWsUrl(window.location),
    fetch: fetchImpl,
    firstData = readInlinedFirstData(globalThis.document),
  } = options;

  // A bearer ID token when signed in; none for visitors or when the token cannot be had.
  const authLink = new SetContextLink(async (prevContext) => {
    const token = await getIdToken();
    if (!token) return {};
    return { headers: { ...prevContext.headers, authorization: `Bearer ${token}` } };
  });

  const httpLink = new HttpLink({ uri: httpUri, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  // graphql-ws loads with the first subscription, not with the first render; before it, there is
  // no socket to restart.
  let restartSocket = () => {};
  const wsLink = lazyLink(async () => {
    const { createWsLink } = await import("./ws-link");
    const ws = createWsLink(wsUrl, getIdToken);
    restartSocket = ws.restart;
    return ws.link;
  });

  // The page's first data, written before the first render (docs/decisions/020).
  const cache = new InMemoryCache({ typePolicies });
  const written = writeFirstData(cache, firstData);

  // The app's documents go by id, without their text (docs/decisions/051).
  const byId = trustedDocuments();
  const link = ApolloLink.from([
    loggingLink,
    ApolloLink.split(
      isSubscription,
      ApolloLink.from([byId.wsLink, wsLink]),
      ApolloLink.from([authLink, firstDataLink(written), byId.httpLink, httpLink]),
    ),
  ]);

  const client = new ApolloClient({ link, cache });

  return {
    client,
    restartSubscriptions: () => restartSocket(),
    visitorDataInCache: written.length > 0,
  };
}
