/**
 * Live spot counts: the changes migration 077's trigger announces on 'fitkit_spots' (whoever wrote them), fanned out
 * to this process's open schedule streams. One LISTEN per process, started with the first stream; every change gets
 * an id of this process ("<boot>.<sequence>") and the latest ones are kept, so a stream that reconnects with the id
 * it saw last gets what it missed, or a `resync` when that is no longer known (another process, too long ago, or the
 * database connection was lost meanwhile).
 */
import { randomBytes } from "node:crypto";
import type { DatabaseHandle } from "../db/index.js";
import { listen, type Listening } from "../db/listen.js";
import type { Answer, SpotsChange as spotsChangeSchema } from "../schemas.js";

const SPOTS_CHANNEL = "fitkit_spots";
/** Changes kept for streams that reconnect: a busy studio network's last minutes. */
const KEPT = 500;

/** One class's counts after a change: what the stream's `spots` event carries (its schema is in the contract). */
export type SpotsChange = Answer<typeof spotsChangeSchema>;

export interface SpotsEvent {
  id: string;
  change: SpotsChange;
}

/** What a stream is sent: a change, or "refetch the schedule, changes may have been missed". */
export type StreamMessage = { kind: "spots"; event: SpotsEvent } | { kind: "resync" };

export interface Subscriber {
  /** Location ids the stream asked for; empty means every location. */
  locations: ReadonlySet<string>;
  send(message: StreamMessage): void;
}

function parseChange(payload: string): SpotsChange | undefined {
  try {
    const p = JSON.parse(payload) as Partial<SpotsChange>;
    if (typeof p.id !== "string" || typeof p.location_id !== "string") return undefined;
    const booked = Number(p.booked);
    const capacity = Number(p.capacity);
    return {
      id: p.id,
      location_id: p.location_id,
      booked,
      capacity,
      waitlisted: Number(p.waitlisted),
      cancelled: p.cancelled === true,
      spots_left: Math.max(capacity - booked, 0),
      class_full: booked >= capacity,
    };
  } catch {
    return undefined;
  }
}

export class SpotsHub {
  private readonly boot = randomBytes(4).toString("hex");
  private sequence = 0;
  private readonly kept: SpotsEvent[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private listening: Listening | null = null;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly options: { max: number; onError?: (error: unknown) => void },
  ) {}

  /** Streams open now. */
  get size(): number {
    return this.subscribers.size;
  }

  /** Whether another stream would pass the per-process bound. */
  full(): boolean {
    return this.subscribers.size >= this.options.max;
  }

  /** Listens (once per process) and settles when changes reach this hub. */
  async start(): Promise<void> {
    this.listening ??= listen(this.database, SPOTS_CHANNEL, (payload) => this.publish(payload), {
      onError: this.options.onError,
      onReconnect: () => this.broadcast({ kind: "resync" }),
    });
    await this.listening.ready;
  }

  /**
   * Adds a stream; `lastEventId` is the id it saw last before reconnecting: the changes since then are sent now,
   * or a resync when they are not known here. Answers how to remove it.
   */
  subscribe(subscriber: Subscriber, lastEventId?: string): () => void {
    if (lastEventId) {
      const missed = this.since(lastEventId);
      if (missed === undefined) subscriber.send({ kind: "resync" });
      else for (const event of missed) if (wants(subscriber, event)) subscriber.send({ kind: "spots", event });
    }
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Every change after `lastEventId`, or undefined when those are not all known here. */
  private since(lastEventId: string): SpotsEvent[] | undefined {
    const match = /^([0-9a-f]{8})\.(\d{1,15})$/.exec(lastEventId);
    if (!match || match[1] !== this.boot) return undefined;
    const seen = Number(match[2]);
    if (seen > this.sequence) return undefined;
    const oldest = this.sequence - this.kept.length + 1;
    if (seen < oldest - 1) return undefined;
    return this.kept.slice(seen - oldest + 1);
  }

  private publish(payload: string) {
    const change = parseChange(payload);
    if (!change) {
      this.options.onError?.(new Error(`unreadable ${SPOTS_CHANNEL} payload: ${payload.slice(0, 200)}`));
      return;
    }
    const event = { id: `${this.boot}.${++this.sequence}`, change };
    this.kept.push(event);
    if (this.kept.length > KEPT) this.kept.shift();
    for (const s of this.subscribers) if (wants(s, event)) s.send({ kind: "spots", event });
  }

  private broadcast(message: StreamMessage) {
    for (const s of this.subscribers) s.send(message);
  }

  /** Stops listening; the streams themselves are ended by their route (before the server stops accepting). */
  async close(): Promise<void> {
    this.subscribers.clear();
    await this.listening?.close();
  }
}

const wants = (s: Subscriber, event: SpotsEvent) => s.locations.size === 0 || s.locations.has(event.change.location_id);
