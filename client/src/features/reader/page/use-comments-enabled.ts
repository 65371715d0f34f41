import { useCallback, useState } from "react";
import { STORAGE_KEYS } from "../../../lib/storage-keys";
import { readStorage, removeStorage, writeStorage } from "../../../lib/storage";

/**
 * Whether a signed-in reader sees comments: on until they turn them off, and that choice is
 * remembered in this browser (docs/product.md#comment-sidebar).
 */
export function useCommentsEnabled(): [boolean, (enabled: boolean) => void] {
  const [enabled, setEnabledState] = useState(
    () => readStorage(STORAGE_KEYS.commentsDisabled) !== "1",
  );
  const setEnabled = useCallback((next: boolean) => {
    if (next) removeStorage(STORAGE_KEYS.commentsDisabled);
    else writeStorage(STORAGE_KEYS.commentsDisabled, "1");
    setEnabledState(next);
  }, []);
  return [enabled, setEnabled];
}
