import { useEffect, useState } from "react";
import { isApolloThere, useApolloAvailable } from "../apollo/deferred-apollo";

/**
 * A page's code that works over Apollo Client (the home page's live sections, /explore's live
 * parts), kept out of its first render and loaded once the client is there
 * (docs/decisions/038-first-views-without-apollo.md). Once loaded it stays, so a later visit
 * draws it at once.
 */
export function codeOverApollo<Module>(load: () => Promise<Module>, what: string) {
  let loaded: Module | null = null;
  const loadOnce = async () => (loaded ??= await load());
  return {
    /** Loads it (a part that needs it now). */
    load: loadOnce,
    /**
     * Loads it with the page's code when the client is already there (the visitor came from
     * another page), so the page draws it at once rather than after its first render.
     */
    async preload(): Promise<void> {
      if (isApolloThere()) await loadOnce();
    },
    /** The module once the client is in the context and the code has loaded; null before. */
    useLoaded(): Module | null {
      const apolloAvailable = useApolloAvailable();
      const [module, setModule] = useState(loaded);
      useEffect(() => {
        if (!apolloAvailable || module) return;
        let current = true;
        loadOnce().then(
          (done) => {
            if (current) setModule(done);
          },
          (error: unknown) => console.error(`${what} could not be loaded`, error),
        );
        return () => {
          current = false;
        };
      }, [apolloAvailable, module]);
      return apolloAvailable ? module : null;
    },
  };
}
