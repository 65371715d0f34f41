import { lazy, type ComponentType } from "react";

/**
 * A page that loads with its route: `lazyPage(() => import("./home-page"), "HomePage")`. A feature's
 * index.ts exports its pages this way, so importing the feature loads none of their code until a
 * route renders one (each page is its own chunk).
 */
export function lazyPage<Module extends Record<Name, ComponentType>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
