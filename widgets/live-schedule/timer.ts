import { useEffect, useState } from "preact/hooks";
import type { LiveClass } from "../../src/api/index.js";
import { classTimerDelay } from "../../src/domain/classes.js";
import { MINUTE_MS } from "../../src/domain/numbers.js";

/**
 * Spec §4: the schedule re-renders when the next class becomes enterable (the video-call link and check-in appear)
 * or ends, and at least once a minute for what the clock alone changes (a class starting, the zone's name); the
 * render reads the clock. One timeout at a time, re-armed after each tick and cleared on unmount.
 */
export function useClassTimer(classes: LiveClass[] | undefined) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setTimeout(
      () => setTick((n) => n + 1),
      Math.min(classTimerDelay(classes ?? [], Date.now()) ?? MINUTE_MS, MINUTE_MS),
    );
    return () => clearTimeout(timer);
  }, [classes, tick]);
}
