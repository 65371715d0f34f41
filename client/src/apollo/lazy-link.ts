import { ApolloLink } from "@apollo/client";
import { Observable, type Subscription } from "rxjs";

/**
 * A link whose code loads when the first operation goes through it: the subscription transport
 * (graphql-ws) stays out of the first render, which subscribes to nothing
 * (docs/decisions/038-first-views-without-apollo.md). A load that fails fails that operation;
 * the next one tries again.
 */
export function lazyLink(load: () => Promise<ApolloLink>): ApolloLink {
  let loading: Promise<ApolloLink> | null = null;
  return new ApolloLink(
    (operation, forward) =>
      new Observable<ApolloLink.Result>((observer) => {
        let inner: Subscription | undefined;
        let closed = false;
        loading ??= load().catch((error: unknown) => {
          loading = null;
          throw error;
        });
        loading.then(
          (link) => {
            if (!closed) inner = link.request(operation, forward).subscribe(observer);
          },
          (error: unknown) => observer.error(error),
        );
        return () => {
          closed = true;
          inner?.unsubscribe();
        };
      }),
  );
}
