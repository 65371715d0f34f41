// The parts of /explore that work over Apollo Client (live-explore.tsx), loaded once the client is
// there, so neither is on the first render's path (docs/decisions/038-first-views-without-apollo.md).
import { codeOverApollo } from "../../lib/code-over-apollo";
import type * as LiveExploreModule from "./live-explore";

export type LiveExplore = typeof LiveExploreModule;

const liveExplore = codeOverApollo(() => import("./live-explore"), "The explore page's lists");

export const loadLiveExplore = liveExplore.load;

/** With the page's code when Apollo Client is already there (features/explore/index.ts). */
export const preloadLiveExplore = liveExplore.preload;

/** The live parts once Apollo Client is in the context and their code has loaded; null before. */
export const useLiveExplore = liveExplore.useLoaded;
