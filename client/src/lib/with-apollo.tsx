import { lazy, Suspense, type ComponentType } from "react";
import { useApolloAvailable } from "../apollo/deferred-apollo";

/**
 * A part of the app shell that uses Apollo Client's hooks (a signed-in reader's preferences, the
 * moderators' menu entry): it renders nothing until the client has loaded, then loads its own code,
 * so neither is part of the first render (docs/decisions/038-first-views-without-apollo.md).
 * `withApollo(() => import("./preferences-sync").then((module) => module.AccountPreferencesSync))`.
 */
export function withApollo<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  function WithApollo(props: Props) {
    if (!useApolloAvailable()) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return WithApollo;
}
