/** Runs `task` while holding the page-and-tab-wide refresh lock. */
export type RefreshLock = <T>(task: () => Promise<T>) => Promise<T>;

const NAME = "fitkit.token-refresh";

/**
 * One refresh at a time across tabs: Web Locks where available. Without them, a BroadcastChannel announces a refresh
 * in progress and other tabs wait (checking every 100 ms, spec §9) until it ends or 5 s pass; the server's
 * 10-second grace for a just-rotated refresh token covers what remains of the race.
 */
export function createRefreshLock(
  env: { locks?: LockManager; channel?: typeof BroadcastChannel } = (globalThis as Partial<typeof globalThis>)
    .navigator ?? {},
): RefreshLock {
  const locks = env.locks;
  if (locks) return (task) => locks.request(NAME, task) as Promise<never>;
  const Channel = "channel" in env ? env.channel : globalThis.BroadcastChannel;
  if (!Channel) return (task) => task();
  const channel = new Channel(NAME);
  // Node's BroadcastChannel would keep a server-side renderer or test process alive.
  (channel as { unref?: () => void }).unref?.();
  let busyUntil = 0;
  channel.onmessage = (e) => (busyUntil = e.data === "done" ? 0 : Date.now() + 5000);
  return async (task) => {
    while (Date.now() < busyUntil) await new Promise((r) => setTimeout(r, 100));
    channel.postMessage("refreshing");
    try {
      return await task();
    } finally {
      channel.postMessage("done");
    }
  };
}
