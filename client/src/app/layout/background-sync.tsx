import { useEffect } from "react";
import { loadedApollo } from "../../apollo/deferred-apollo";
import { registerProgressSender } from "../../features/library/components";
import { OfflineSync } from "../../features/offline/components";

/**
 * What the layout keeps doing beside every page and no first page needs drawn: saved copies kept
 * to their reader, and places read offline sent once the network is back (OfflineSync's flush).
 * The layout loads it once Apollo Client has loaded, so neither its code (IndexedDB, the library's
 * documents) nor Apollo's is part of the first render (docs/decisions/038).
 */
export default function BackgroundSync() {
  useEffect(() => registerProgressSender(async () => (await loadedApollo()).client), []);
  return <OfflineSync />;
}
