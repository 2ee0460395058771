import { useEffect, useState } from "preact/hooks";
import type { LiveClass } from "../../src/api/index.js";
import { classTimerDelay } from "../../src/domain/classes.js";

/**
 * Spec §4: the schedule re-renders when the next class becomes enterable (the video-call link and check-in appear)
 * or ends, rather than on a fixed tick. The timeout is cleared on unmount.
 */
export function useClassTimer(classes: LiveClass[] | undefined) {
  const [, setTick] = useState(0);
  const [armedAt, setArmedAt] = useState(() => Date.now());
  useEffect(() => {
    const delay = classTimerDelay(classes ?? [], Date.now());
    // setTimeout holds at most ~24.8 days; anything later is re-armed by the next data change.
    if (delay === undefined || delay > 2 ** 31 - 1) return;
    const timer = setTimeout(() => {
      setTick((n) => n + 1);
      setArmedAt(Date.now());
    }, delay);
    return () => clearTimeout(timer);
  }, [classes, armedAt]);
}
