import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { ContentStatus } from "../db/tables/catalogue.js";
import { conflict, notFound } from "../errors.js";
import { recordAudit } from "./audit.js";
import { lastPlace, lockOrder, moveInOrder, nextStatus, type ContentVerb, type Direction } from "./content-states.js";
import type { Actor } from "./operator-access.js";

/** What a member reads about a trainer: on every class they teach, and in the library's trainer filter. */
export interface TrainerFields {
  name: string;
  slug: string;
  bio: string;
  image_url: string;
}

export interface AdminTrainer extends TrainerFields {
  id: string;
  status: ContentStatus;
  /** The trainer's place in the library's trainer filter (1 is first); retired trainers keep their last one. */
  position: number;
  /** How many workouts name the trainer (any state). */
  workouts: number;
  updated_at: string;
}

/**
 * Trainers as editors run them: created as drafts, edited, published into the library's trainer filter, moved up or
 * down in it, retired out of it (their classes keep naming them). Every write is audited in its transaction; the
 * trainers table's trigger bumps the catalogue version, so every process's index and answers follow.
 */
export class AdminTrainersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(db: Db = this.db): Promise<AdminTrainer[]> {
    const rows = await db
      .selectFrom("trainers as t")
      .selectAll("t")
      .select((eb) =>
        eb
          .selectFrom("workout_trainers as wt")
          .select((e) => e.fn.countAll<string>().as("n"))
          .whereRef("wt.trainer_id", "=", "t.id")
          .as("workouts"),
      )
      .orderBy(({ eb }) => eb.case().when("t.status", "=", "retired").then(1).else(0).end())
      .orderBy("t.sort_order")
      .orderBy("t.name")
      .orderBy("t.id")
      .execute();
    return rows.map((t) => ({
      id: t.id,
      slug: t.slug,
      name: t.name,
      bio: t.bio,
      image_url: t.image_url,
      status: t.status,
      position: t.sort_order,
      workouts: Number(t.workouts ?? 0),
      updated_at: t.updated_at.toISOString(),
    }));
  }

  async get(id: string, db: Db = this.db): Promise<AdminTrainer> {
    const found = (await this.list(db)).find((t) => t.id === id);
    if (!found) throw notFound("Trainer not found");
    return found;
  }

  /** A new draft, last in the order: in no filter until published. */
  async create(actor: Actor, fields: TrainerFields): Promise<AdminTrainer> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      await this.#slugFree(trx, fields.slug);
      const id = fields.slug;
      await trx
        .insertInto("trainers")
        .values({
          id,
          ...fields,
          status: "draft",
          sort_order: await lastPlace(trx, "trainers"),
          created_at: now,
          updated_at: now,
        })
        .execute();
      return this.#audited(trx, actor, "trainer.create", null, id);
    });
  }

  async update(actor: Actor, id: string, fields: TrainerFields): Promise<AdminTrainer> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      if (fields.slug !== before.slug) await this.#slugFree(trx, fields.slug, id);
      await trx
        .updateTable("trainers")
        .set({ ...fields, updated_at: now })
        .where("id", "=", id)
        .execute();
      return this.#audited(trx, actor, "trainer.update", before, id);
    });
  }

  /** publish: into the trainer filter; retire: out of it (the classes they teach still name them). */
  async change(actor: Actor, id: string, verb: ContentVerb): Promise<AdminTrainer> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      const status = nextStatus("trainer", before.status, verb);
      if (status === before.status) return before;
      const set = status === "published" ? { status, sort_order: await lastPlace(trx, "trainers") } : { status };
      await trx
        .updateTable("trainers")
        .set({ ...set, updated_at: now })
        .where("id", "=", id)
        .execute();
      return this.#audited(trx, actor, `trainer.${verb}`, before, id);
    });
  }

  /** One place up or down in the filter; answers every trainer in the new order. */
  async move(actor: Actor, id: string, direction: Direction): Promise<AdminTrainer[]> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      await lockOrder(trx, "trainers"); // every row first: a row lock taken before would deadlock two moves
      const before = await this.#lock(trx, id);
      const order = await moveInOrder(trx, "trainers", id, direction);
      await trx.updateTable("trainers").set({ updated_at: now }).where("id", "=", id).execute();
      const after = await this.get(id, trx);
      await recordAudit(trx, actor, now, {
        action: `trainer.move`,
        record: { type: "trainer", id },
        before: { position: before.position },
        after: { position: after.position, order },
      });
      return this.list(trx);
    });
  }

  async #lock(trx: Db, id: string): Promise<AdminTrainer> {
    const row = await trx.selectFrom("trainers").select("id").where("id", "=", id).forUpdate().executeTakeFirst();
    if (!row) throw notFound("Trainer not found");
    return this.get(id, trx);
  }

  async #slugFree(trx: Db, slug: string, except?: string) {
    const taken = await trx
      .selectFrom("trainers")
      .select("id")
      .where((eb) => eb.or([eb("slug", "=", slug), ...(except ? [] : [eb("id", "=", slug)])]))
      .$if(!!except, (q) => q.where("id", "<>", except!))
      .executeTakeFirst();
    if (taken) throw conflict(`Another trainer already uses the slug "${slug}".`);
  }

  async #audited(trx: Db, actor: Actor, action: string, before: AdminTrainer | null, id: string) {
    const after = await this.get(id, trx);
    await recordAudit(trx, actor, this.clock.now(), {
      action,
      record: { type: "trainer", id },
      before: before && snapshot(before),
      after: snapshot(after),
    });
    return after;
  }
}

/** The values the audit keeps (the row's own timestamp and the derived count left out). */
function snapshot(t: AdminTrainer): Record<string, unknown> {
  const { updated_at: _u, workouts: _w, ...rest } = t;
  return rest;
}
