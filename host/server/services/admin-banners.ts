import { randomUUID } from "node:crypto";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest, notFound } from "../errors.js";
import { recordAudit } from "./audit.js";
import { CONTENT_STATUSES, nextStatus, type ContentVerb } from "./content-states.js";
import type { Actor } from "./operator-access.js";
import { type Answer, readableText, strictObject } from "../schemas.js";

/** What a member reads in an announcement banner, and when (either end open when null). */
export interface BannerFields {
  message: string;
  link_text: string;
  link_url: string;
  /** ISO instants. */
  starts_at: string | null;
  ends_at: string | null;
}

const string = { type: "string" } as const;
const status = { type: "string", enum: CONTENT_STATUSES } as const;
const instant = { type: ["string", "null"], format: "date-time" } as const;
/** The fields an editor sends (the body of create and replace), as the console answers them too. */
export const bannerFieldSchemas = {
  message: readableText(300, 1),
  link_text: readableText(60),
  link_url: { type: "string", maxLength: 500, pattern: "^(|https://\\S+|/\\S*)$" },
  starts_at: { ...instant, description: "When members start seeing it (null: as soon as it is published)" },
  ends_at: { ...instant, description: "When they stop (null: until it is retired); after starts_at" },
} as const;
export const bannerFieldNames = ["message", "link_text", "link_url", "starts_at", "ends_at"] as const;
/** A banner as the console shows it, with whether members see it now. */
export const adminBannerSchema = strictObject(
  {
    ...bannerFieldSchemas,
    message: string,
    link_text: string,
    id: string,
    status,
    showing: { type: "boolean", description: "Members see it now: published and within its window" },
    updated_at: string,
  },
  [...bannerFieldNames, "id", "status", "showing", "updated_at"],
);
export type AdminBanner = Answer<typeof adminBannerSchema>;

/**
 * Announcement banners as editors run them: created as drafts, edited, published (members see them on their home
 * page only between their start and end), retired. Nothing is deleted; every write is audited in its transaction.
 */
export class AdminBannersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(db: Db = this.db): Promise<AdminBanner[]> {
    const rows = await db
      .selectFrom("announcement_banners")
      .selectAll()
      .orderBy(({ eb }) => eb.case().when("status", "=", "retired").then(1).else(0).end())
      .orderBy("starts_at", (o) => o.desc().nullsFirst())
      .orderBy("id")
      .execute();
    const now = this.clock.now();
    return rows.map((b) => ({
      id: b.id,
      message: b.message,
      link_text: b.link_text,
      link_url: b.link_url,
      starts_at: b.starts_at?.toISOString() ?? null,
      ends_at: b.ends_at?.toISOString() ?? null,
      status: b.status,
      showing: b.status === "published" && (!b.starts_at || b.starts_at <= now) && (!b.ends_at || b.ends_at > now),
      updated_at: b.updated_at.toISOString(),
    }));
  }

  async get(id: string, db: Db = this.db): Promise<AdminBanner> {
    const found = (await this.list(db)).find((b) => b.id === id);
    if (!found) throw notFound("Banner not found");
    return found;
  }

  /** A new draft: no member sees it until it is published. */
  async create(actor: Actor, fields: BannerFields): Promise<AdminBanner> {
    checkWindow(fields);
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const id = `banner_${randomUUID().slice(0, 8)}`;
      await trx
        .insertInto("announcement_banners")
        .values({ id, ...fields, status: "draft", updated_at: now })
        .execute();
      return this.#audited(trx, actor, "banner.create", null, id);
    });
  }

  async update(actor: Actor, id: string, fields: BannerFields): Promise<AdminBanner> {
    checkWindow(fields);
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      await trx
        .updateTable("announcement_banners")
        .set({ ...fields, updated_at: now })
        .where("id", "=", id)
        .execute();
      return this.#audited(trx, actor, "banner.update", before, id);
    });
  }

  /** publish: members see it within its window; retire: they do not any more. */
  async change(actor: Actor, id: string, verb: ContentVerb): Promise<AdminBanner> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      const status = nextStatus("banner", before.status, verb);
      if (status === before.status) return before;
      await trx.updateTable("announcement_banners").set({ status, updated_at: now }).where("id", "=", id).execute();
      return this.#audited(trx, actor, `banner.${verb}`, before, id);
    });
  }

  async #lock(trx: Db, id: string): Promise<AdminBanner> {
    const row = await trx
      .selectFrom("announcement_banners")
      .select("id")
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound("Banner not found");
    return this.get(id, trx);
  }

  async #audited(trx: Db, actor: Actor, action: string, before: AdminBanner | null, id: string) {
    const after = await this.get(id, trx);
    await recordAudit(trx, actor, this.clock.now(), {
      action,
      record: { type: "banner", id },
      before: before && snapshot(before),
      after: snapshot(after),
    });
    return after;
  }
}

/** A banner ends after it starts (a link needs its words too). */
function checkWindow(f: BannerFields) {
  if (f.starts_at && f.ends_at && new Date(f.ends_at) <= new Date(f.starts_at))
    throw badRequest("The banner ends before it starts: choose an end after the start.");
  if (f.link_url && !f.link_text.trim()) throw badRequest("A banner's link needs its words (link_text).");
}

function snapshot(b: AdminBanner): Record<string, unknown> {
  const { updated_at: _u, showing: _s, ...rest } = b;
  return rest;
}
