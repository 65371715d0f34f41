import { useApolloClient, ApolloProvider } from "@apollo/client/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { StoryloomApollo } from "../apollo/create-apollo-client";
import { AuthProvider, useAuth, type AuthService } from "../features/auth";

interface AppProvidersProps {
  authService: AuthService;
  apollo: StoryloomApollo;
  children: ReactNode;
}

export function AppProviders({ authService, apollo, children }: AppProvidersProps) {
  return (
    <ApolloProvider client={apollo.client}>
      <AuthProvider service={authService}>
        <ApolloAuthSync
          restartSubscriptions={apollo.restartSubscriptions}
          visitorDataInCache={apollo.visitorDataInCache}
        />
        {children}
      </AuthProvider>
    </ApolloProvider>
  );
}

/**
 * When the signed-in identity changes, cached data belongs to someone else: the cache is reset
 * (active queries refetch with the new token) and live subscriptions reconnect. A cache that
 * starts with the page's first data holds a visitor's view, so a signed-in reader gets theirs.
 */
function ApolloAuthSync({
  restartSubscriptions,
  visitorDataInCache,
}: {
  restartSubscriptions: () => void;
  visitorDataInCache: boolean;
}) {
  const { currentUser } = useAuth();
  const client = useApolloClient();
  const uid = currentUser?.uid ?? null;
  const previousUid = useRef(visitorDataInCache ? null : uid);

  useEffect(() => {
    if (previousUid.current === uid) return;
    previousUid.current = uid;
    restartSubscriptions();
    client.resetStore().catch((error: unknown) => {
      console.warn("Refetching after the sign-in change failed", error);
    });
  }, [client, restartSubscriptions, uid]);

  return null;
}
