import type { LRUCache } from "lru-cache";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { byteCache } from "../byte-cache.js";
import { answerTag } from "../http-cache.js";
import { ScheduleService, type ClassQuery } from "./schedule.js";
import type { LiveClass } from "./live-classes.js";
import { addDays, localDay, startOfLocalDay } from "./zoned-time.js";

/** A finished schedule answer: its bytes and their validator. */
export interface ScheduleAnswer {
  body: Buffer;
  etag: string;
}

interface Entry extends ScheduleAnswer {
  /** The versions of the locations (and the catalogue's, for trainers) the answer was read at. */
  versions: string;
  /** Until when the clock alone leaves it unchanged (ms): a class starting or ending, a local midnight. */
  validUntil: number;
}

/** The schedule of anyone without a member's token: the same bytes for every visitor asking the same thing. */
export type AnonymousQuery = Omit<ClassQuery, "memberId">;

/**
 * Finished schedule answers of visitors (no member's token) per query, kept under the versions they were read at
 * (migration 085: each location's schedule version, written in the same transaction as every change to it). A request
 * reads the versions of its locations (one small query) and answers the kept bytes while they are unchanged, so every
 * process, and a CDN revalidating through any of them, answers exactly what the database holds. What the clock
 * changes without a write (a class that ended is `completed`, a started one closes its waitlist, a local midnight
 * moves the window) ends an answer too.
 */
export class ScheduleAnswers {
  readonly #cache: LRUCache<string, Entry>;
  /** Version reads per location asked ("" for all), shared by the requests waiting for them. */
  readonly #versionReads = new Map<string, SharedRead<Versions | undefined>>();

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      maxBytes: number;
      /** Told whether each answer came from the cache (the metrics' hit and miss counts). */
      onLookup?: (hit: boolean) => void;
    },
  ) {
    // One answer may take at most a quarter of the memory, so a huge one cannot flush all the others.
    this.#cache = byteCache<Entry>(deps.maxBytes, (e, key) => e.body.length + key.length * 2, deps.maxBytes / 4);
  }

  /**
   * The answer to `query`, `serialize`d as the route writes it. Undefined when the location names none (the caller
   * reads the schedule itself, which says why).
   */
  async get(
    query: AnonymousQuery,
    serialize: (page: { items: LiveClass[]; total: number }) => string,
  ): Promise<ScheduleAnswer | undefined> {
    const key = JSON.stringify([query.isPublic, query.location ?? "", query.min, query.max, query.limit, query.skip]);
    const now = this.deps.clock.now().getTime();
    const cached = this.#cache.get(key);
    if (cached && now < cached.validUntil) {
      const current = await this.#currentVersions(query.location);
      if (current?.versions === cached.versions) {
        this.deps.onLookup?.(true);
        return cached;
      }
    }
    this.deps.onLookup?.(false);
    // Never joined to a read already under way: it may have started before the change this request follows.
    const fresh = await this.#read(query, serialize);
    if (fresh) this.#cache.set(key, fresh);
    return fresh;
  }

  /** The versions now: a read that starts after this call, shared with every request arriving before it starts. */
  #currentVersions(location: string | undefined): Promise<Versions | undefined> {
    const scope = location ?? "";
    let reads = this.#versionReads.get(scope);
    if (!reads) {
      reads = new SharedRead(
        () => readVersions(this.deps.db, location),
        () => this.#versionReads.delete(scope),
      );
      this.#versionReads.set(scope, reads);
    }
    return reads.next();
  }

  /** The schedule and the versions it was read at, in one snapshot. */
  async #read(
    query: AnonymousQuery,
    serialize: (page: { items: LiveClass[]; total: number }) => string,
  ): Promise<Entry | undefined> {
    const now = this.deps.clock.now();
    return this.deps.db
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (trx) => {
        const read = await readVersions(trx, query.location);
        if (!read) return undefined;
        const page = await new ScheduleService({ db: trx, clock: { now: () => now } }).listClasses(query);
        const body = Buffer.from(serialize(page));
        return { body, etag: answerTag(body), versions: read.versions, validUntil: validUntil(page.items, read, now) };
      });
  }
}

/**
 * Reads of one thing shared by the requests waiting for them, each request getting a read that started after it
 * asked: at most one read runs, and whoever asks meanwhile joins the one queued after it. Under load the versions are
 * read once per round trip instead of once per request, and no request is answered from before it arrived.
 */
class SharedRead<T> {
  #running: Promise<T> | undefined;
  #queued: Promise<T> | undefined;

  constructor(
    private readonly read: () => Promise<T>,
    /** Called once nothing is running or queued (the owner forgets this scope). */
    private readonly idle: () => void,
  ) {}

  next(): Promise<T> {
    if (this.#queued) return this.#queued;
    const before = this.#running;
    const queued: Promise<T> = (before ? before.then(noop, noop) : Promise.resolve()).then(() => {
      this.#queued = undefined;
      const running = this.read();
      this.#running = running;
      const settle = () => {
        if (this.#running !== running) return;
        this.#running = undefined;
        if (!this.#queued) this.idle();
      };
      running.then(settle, settle);
      return running;
    });
    this.#queued = queued;
    return queued;
  }
}

const noop = () => {};

interface Versions {
  versions: string;
  timeZones: string[];
}

/** The schedule versions of one location (id or slug) or of all, with the catalogue's; undefined: no such location. */
async function readVersions(db: Db, location: string | undefined): Promise<Versions | undefined> {
  const rows = await db
    .selectFrom("locations as l")
    .leftJoin("schedule_versions as v", "v.location_id", "l.id")
    .select((eb) => [
      "l.id",
      "l.time_zone",
      "v.version",
      eb.selectFrom("catalogue_version").select("version").as("catalogue"),
    ])
    .$if(location !== undefined, (qb) =>
      qb.where((eb) => eb.or([eb("l.id", "=", location!), eb("l.slug", "=", location!)])),
    )
    .orderBy("l.id")
    .execute();
  if (!rows.length) return undefined;
  return {
    versions: `${rows[0]!.catalogue ?? ""}|${rows.map((r) => `${r.id}:${r.version ?? ""}`).join(",")}`,
    timeZones: [...new Set(rows.map((r) => r.time_zone))],
  };
}

/** The first instant after `now` at which the clock alone changes the answer. */
function validUntil(items: LiveClass[], read: Versions, now: Date): number {
  const at = now.getTime();
  let until = Infinity;
  for (const zone of read.timeZones) {
    until = Math.min(until, startOfLocalDay(addDays(localDay(now, zone), 1), zone).getTime());
  }
  for (const item of items) {
    for (const instant of [Date.parse(item.start_date), Date.parse(item.end_date)])
      if (instant > at && instant < until) until = instant;
  }
  return until;
}
