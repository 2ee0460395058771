import { useEffect, useState } from "react";
import { classTimerDelay } from "../../../../src/domain/index.js";

type Timed = { start_date: string; end_date: string };

/**
 * Spec §4: the class timer refreshes when the next class becomes enterable (15 minutes before start: the video-call
 * link and check-in appear) or ends, rather than on a fixed tick. Calls `onChange` then and answers the current time,
 * so the page re-renders with the new state.
 */
export function useClassTimer(classes: Timed[], onChange: () => void): number {
  const [now, setNow] = useState(() => Date.now());
  const key = classes.map((c) => `${c.start_date}/${c.end_date}`).join(",");
  useEffect(() => {
    const delay = classTimerDelay(classes, Date.now());
    // setTimeout holds at most ~24.8 days; anything later is re-armed when the list changes.
    if (delay === undefined || delay > 2 ** 31 - 1) return;
    const timer = setTimeout(() => {
      setNow(Date.now());
      onChange();
    }, delay);
    return () => clearTimeout(timer);
    // Deliberately re-armed on `key` (which stands for `classes`) and `now`, not on a new `onChange` each render.
  }, [key, now]);
  return now;
}
