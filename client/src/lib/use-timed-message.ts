import { useCallback, useEffect, useRef, useState } from "react";

export interface TimedMessage {
  text: string;
  tone: "error" | "success";
}

/**
 * A message that may clear itself (e.g. link copied 2 s, confirm error 5 s, visibility 3 s).
 * Without a timeout it stays until replaced. A new message restarts the clock.
 */
export function useTimedMessage(): [
  TimedMessage | null,
  (message: TimedMessage | null, timeoutMs?: number) => void,
] {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const show = useCallback((next: TimedMessage | null, timeoutMs?: number) => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    setMessage(next);
    if (next !== null && timeoutMs !== undefined) {
      timer.current = setTimeout(() => setMessage(null), timeoutMs);
    }
  }, []);

  return [message, show];
}
