// Apollo Client (with graphql-js, rxjs and its links: about 50 KB gzip) loads beside the first
// render, not before it: the home page and /explore draw their first cards from the data inlined
// with the HTML without it, and every other page waits for it as it waits for its own code
// (docs/decisions/038-first-views-without-apollo.md). This module imports nothing of Apollo.
import { getApolloContext } from "@apollo/client/react";
import { useContext, useSyncExternalStore } from "react";
import type { StoryloomApollo } from "./create-apollo-client";

type Load = () => Promise<StoryloomApollo>;

let load: Load | null = null;
let loading: Promise<StoryloomApollo> | null = null;
let loaded: StoryloomApollo | null = null;
let provided = false;
let markProvided: () => void = () => {};
let inContext = new Promise<void>((resolve) => {
  markProvided = resolve;
});
let markStarted: () => void = () => {};
let started = new Promise<void>((resolve) => {
  markStarted = resolve;
});
const listeners = new Set<() => void>();

/**
 * Sets how the client is made (main.tsx); nothing loads until startApolloLoad. Without a loader
 * (tests, which give their own provider) the client counts as there from the start.
 */
export function configureApolloLoader(loader: Load): void {
  load = loader;
}

/** Starts loading Apollo Client if it has not started; a failed load can be started again. */
export function startApolloLoad(): Promise<void> {
  if (load === null) return Promise.resolve();
  markStarted();
  loading ??= load().then(
    (apollo) => {
      loaded = apollo;
      for (const listener of listeners) listener();
      return apollo;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading.then(() => {});
}

/**
 * Starts the load if it has not started and resolves to the client once loaded (a list drawn
 * without it asks it for its next page). Without a loader there is none to give.
 */
export async function loadedApollo(): Promise<StoryloomApollo> {
  await startApolloLoad();
  if (loaded === null) throw new Error("Apollo Client has no loader here");
  return loaded;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The client once loaded, else null; does not start the load. */
export function useLoadedApollo(): StoryloomApollo | null {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => loaded,
  );
}

/**
 * True once the client has loaded, or from the start without a loader (a test's own provider): what
 * renders now finds it in the context.
 */
export function isApolloThere(): boolean {
  return load === null || loaded !== null;
}

/** Called by the provider once a render with the client in the Apollo context is committed. */
export function apolloProvided(): void {
  if (provided) return;
  provided = true;
  markProvided();
}

/**
 * Starts the load and resolves once the client is in the React context, so whatever renders after
 * it can use Apollo's hooks (lazyPage waits for it beside the page's own code).
 */
export async function whenApolloProvided(): Promise<void> {
  if (load === null) return;
  await startApolloLoad();
  await inContext;
}

/**
 * Resolves once something has started loading the client (a page drawn without it waits for that
 * before it loads the code that needs it, docs/decisions/038-first-views-without-apollo.md).
 */
export async function whenApolloLoadStarts(): Promise<void> {
  if (load === null) return;
  await started;
}

/** True when an Apollo Client is in the React context (the app's, or a test's provider). */
export function useApolloAvailable(): boolean {
  return useContext(getApolloContext()).client !== undefined;
}

/** Forgets the loader and what it loaded (tests of this module only). */
export function resetDeferredApolloForTests(): void {
  load = null;
  loading = null;
  loaded = null;
  provided = false;
  inContext = new Promise<void>((resolve) => {
    markProvided = resolve;
  });
  started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  listeners.clear();
}
