import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useClassTimer } from "../../host/app/pages/live/use-class-timer.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 22, 12, 0);
const at = (minutes: number) => new Date(START + minutes * MINUTE).toISOString();

let host: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  host.remove();
  vi.useRealTimers();
});

function Probe({ classes, onChange }: { classes: { start_date: string; end_date: string }[]; onChange: () => void }) {
  const now = useClassTimer(classes, onChange);
  return <output>{now}</output>;
}

async function mount(classes: { start_date: string; end_date: string }[], onChange: () => void) {
  host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(<Probe classes={classes} onChange={onChange} />));
  return root;
}

describe("the booked classes' class timer (spec §4)", () => {
  it("fires when the next class becomes enterable (15 minutes before) and again when it ends, not on a tick", async () => {
    const onChange = vi.fn();
    const root = await mount([{ start_date: at(20), end_date: at(65) }], onChange);
    await act(async () => void vi.advanceTimersByTime(5 * MINUTE - 1));
    expect(onChange).not.toHaveBeenCalled();
    await act(async () => void vi.advanceTimersByTime(400)); // entry opens at 5 min; the timer adds 300 ms of slack
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(Number(host.textContent)).toBeGreaterThanOrEqual(START + 5 * MINUTE);
    await act(async () => void vi.advanceTimersByTime(60 * MINUTE));
    expect(onChange).toHaveBeenCalledTimes(2); // the class ended
    await act(async () => void vi.advanceTimersByTime(24 * 60 * MINUTE));
    expect(onChange).toHaveBeenCalledTimes(2); // nothing left to wait for
    await act(async () => root.unmount());
  });

  it("stops waiting when unmounted", async () => {
    const onChange = vi.fn();
    const root = await mount([{ start_date: at(16), end_date: at(60) }], onChange);
    await act(async () => root.unmount());
    vi.advanceTimersByTime(2 * MINUTE);
    expect(onChange).not.toHaveBeenCalled();
  });
});
