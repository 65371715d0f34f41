import { createElement, lazy, useState, type ComponentType } from "react";
import { whenApolloProvided } from "../apollo/deferred-apollo";

interface LazyPageOptions {
  /**
   * The page is drawn without Apollo Client (the home page and /explore, from the data inlined with
   * the HTML): it does not wait for it (docs/decisions/038-first-views-without-apollo.md).
   */
  withoutApollo?: boolean;
}

/** A page component that loads its code with its route, and can load it ahead. */
export type LazyPage<Props extends object> = ComponentType<Props> & {
  /**
   * Loads the page's code; once it has loaded, the page draws at once where it is first rendered
   * instead of through its route's loading state (main.tsx loads the first page ahead this way).
   */
  preload(): Promise<void>;
};

/**
 * A page that loads with its route: `lazyPage(() => import("./home-page"), "HomePage")`. A feature's
 * index.ts exports its pages this way, so importing the feature loads none of their code until a
 * route renders one (each page is its own chunk). A page also waits for Apollo Client, which loads
 * beside the first render (apollo/deferred-apollo.ts), so its hooks find a client.
 *
 * A page whose code has loaded ahead (`preload`) and that does not wait for Apollo Client draws at
 * once: no loading state is shown and revealed. React holds the reveal of content that replaces a
 * loading state for at least 300 ms after that state was shown, which on a first visit put off the
 * page's first paint (docs/decisions/038-first-views-without-apollo.md).
 */
export function lazyPage<Module extends Record<Name, ComponentType>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  options: LazyPageOptions = {},
): LazyPage<React.ComponentProps<Module[Name]>> {
  let loaded: Module[Name] | null = null;
  let loading: Promise<Module[Name]> | null = null;
  const loadPage = () => {
    loading ??= load().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => {
    const [page] = await Promise.all([
      loadPage(),
      options.withoutApollo ? undefined : whenApolloProvided(),
    ]);
    return { default: page };
  });
  type Props = React.ComponentProps<Module[Name]>;
  function Page(props: Props) {
    // Decided once for this place in the tree: switching between the two would mount it afresh.
    const [direct] = useState(() => (options.withoutApollo ? loaded : null));
    return createElement((direct ?? Lazy) as ComponentType<Props>, props);
  }
  return Object.assign(Page, { preload: () => loadPage().then(() => {}) });
}
