/**
 * LISTEN on a PostgreSQL notification channel, on either database: what the search index (catalogue changes) and
 * the live spot counts (class changes) follow. A `pg_notify` reaches every process listening on the same PostgreSQL
 * and, on PGlite, this process's own listeners.
 */
import type pg from "pg";
import type { DatabaseHandle } from "./index.js";

const RECONNECT_MS = 1000;

export interface Listening {
  /** Settles once the channel is listened to (or the first attempt failed: `onError` heard why, retries follow). */
  ready: Promise<void>;
  /** Stops listening and gives the connection back. */
  close(): Promise<void>;
}

export interface ListenOptions {
  onError?: (error: unknown) => void;
  /**
   * Called after the dedicated PostgreSQL connection was lost and listens again: notifications sent meanwhile were
   * missed, so a listener that keeps state reloads it.
   */
  onReconnect?: () => void;
}

export function listen(
  database: DatabaseHandle,
  channel: string,
  onNotify: (payload: string) => void,
  options: ListenOptions = {},
): Listening {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let closed = false;
  const isClosed = () => closed;
  let stop: () => Promise<void> = async () => {};

  // PGlite's own calls and the pool's queries share one session with no lock between them, and interleaved they can
  // lose a reply (the pool's query then waits forever): (un)listen while holding the pool's one connection.
  const outsidePool = async <T>(call: () => Promise<T>): Promise<T> => {
    const client = await database.pool.connect();
    try {
      return await call();
    } finally {
      client.release();
    }
  };
  const listenPglite = async () => {
    const unlisten = await outsidePool(() => database.pglite!.listen(channel, (payload) => onNotify(payload)));
    stop = () => outsidePool(unlisten);
  };

  // PostgreSQL delivers notifications to the session that listens: a dedicated pooled client, reconnected when lost.
  const listenPostgres = async () => {
    let client: pg.PoolClient | null = null;
    const connect = async (again: boolean) => {
      if (closed) return;
      try {
        const connected = await database.pool.connect();
        // Closed while connecting: nothing to listen for any more.
        if (isClosed()) return connected.release();
        client = connected;
        client.on("notification", (msg) => msg.channel === channel && onNotify(msg.payload ?? ""));
        client.on("error", () => {
          client?.release(true);
          client = null;
          setTimeout(() => void connect(true), RECONNECT_MS).unref();
        });
        await client.query(`listen ${channel}`);
        if (again) options.onReconnect?.();
      } catch (error) {
        options.onError?.(error);
        client?.release(true);
        client = null;
        setTimeout(() => void connect(again), RECONNECT_MS).unref();
      }
    };
    await connect(false);
    stop = async () => {
      const c = client;
      client = null;
      if (c) {
        await c.query(`unlisten ${channel}`).catch(() => {});
        c.release();
      }
    };
  };

  const ready = (database.kind === "pglite" ? listenPglite() : listenPostgres()).catch((e) => options.onError?.(e));
  return {
    ready,
    async close() {
      closed = true;
      await ready;
      // The database may already be closed when the server shuts down; nothing is left to unlisten then.
      await stop().catch(() => {});
    },
  };
}
