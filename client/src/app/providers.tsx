import { getApolloContext, useApolloClient } from "@apollo/client/react";
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import type { StoryloomApollo } from "../apollo/create-apollo-client";
import { apolloProvided } from "../apollo/deferred-apollo";
import { AuthProvider, useAuth, type AuthService } from "../features/auth";

interface AppProvidersProps {
  authService: AuthService;
  /** Null until Apollo Client has loaded (apollo/deferred-apollo.ts). */
  apollo: StoryloomApollo | null;
  children: ReactNode;
}

/**
 * The Apollo context is always there, empty until the client has loaded, so the tree below keeps
 * its place (nothing is mounted again) when the client arrives
 * (docs/decisions/038-first-views-without-apollo.md).
 */
// The one context Apollo's hooks read (Apollo keeps it on React, whoever asks first).
const ApolloContext = getApolloContext();

export function AppProviders({ authService, apollo, children }: AppProvidersProps) {
  const client = apollo?.client;
  const context = useMemo(() => (client ? { client } : {}), [client]);
  useEffect(() => {
    if (client) apolloProvided();
  }, [client]);
  return (
    <ApolloContext value={context}>
      <AuthProvider service={authService}>
        {apollo ? (
          <ApolloAuthSync
            restartSubscriptions={apollo.restartSubscriptions}
            visitorDataInCache={apollo.visitorDataInCache}
          />
        ) : null}
        {children}
      </AuthProvider>
    </ApolloContext>
  );
}

/**
 * When the signed-in identity changes, cached data belongs to someone else: the cache is reset
 * (active queries refetch with the new token) and live subscriptions reconnect. The first identity
 * is a change only if the data cached before it is a visitor's: with the signed-in hint the first
 * requests waited for the token (docs/decisions/021-lean-client-first-render.md), so a reader is not
 * asked twice; without it they went as a visitor's, and a restored session refetches them. A cache
 * that starts with the page's inlined first data always holds a visitor's view
 * (docs/decisions/020-page-html-previews-and-first-data.md).
 */
function ApolloAuthSync({
  restartSubscriptions,
  visitorDataInCache,
}: {
  restartSubscriptions: () => void;
  visitorDataInCache: boolean;
}) {
  const { currentUser, loading, signedInHint } = useAuth();
  const client = useApolloClient();
  const uid = loading ? undefined : (currentUser?.uid ?? null);
  // The identity the cached data was asked with; undefined while that is not known yet.
  const previousUid = useRef<string | null | undefined>(undefined);
  const waitedForIdentity = useRef(signedInHint && !visitorDataInCache);

  useEffect(() => {
    if (uid === undefined) return;
    const previous = previousUid.current;
    previousUid.current = uid;
    if (previous === undefined) {
      if (waitedForIdentity.current || uid === null) return;
    } else if (previous === uid) {
      return;
    }
    restartSubscriptions();
    client.resetStore().catch((error: unknown) => {
      console.warn("Refetching after the sign-in change failed", error);
    });
  }, [client, restartSubscriptions, uid]);

  return null;
}
