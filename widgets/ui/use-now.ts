import { useEffect, useState } from "preact/hooks";

/** The current time, refreshed every `everyMs` while mounted (the timer stops on unmount). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
