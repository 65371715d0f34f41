import { lazy, type ComponentType } from "react";
import { whenApolloProvided } from "../apollo/deferred-apollo";

interface LazyPageOptions {
  /**
   * The page is drawn without Apollo Client (the home page, from the data inlined with the HTML):
   * it does not wait for it (docs/decisions/033-first-render-without-apollo.md).
   */
  withoutApollo?: boolean;
}

/**
 * A page that loads with its route: `lazyPage(() => import("./home-page"), "HomePage")`. A feature's
 * index.ts exports its pages this way, so importing the feature loads none of their code until a
 * route renders one (each page is its own chunk). A page also waits for Apollo Client, which loads
 * beside the first render (apollo/deferred-apollo.ts), so its hooks find a client.
 */
export function lazyPage<Module extends Record<Name, ComponentType>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  options: LazyPageOptions = {},
) {
  return lazy(async () => {
    const [module] = await Promise.all([
      load(),
      options.withoutApollo ? undefined : whenApolloProvided(),
    ]);
    return { default: module[name] };
  });
}
