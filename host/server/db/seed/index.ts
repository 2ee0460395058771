import { sql } from "kysely";
import type { Clock } from "../../clock.js";
import type { Db } from "../index.js";
import { demoActivity, demoChallenges } from "./activity.js";
import { demoCatalogue } from "./catalogue.js";
import { demoArtwork } from "./catalogue-artwork.js";
import { demoMembers } from "./members.js";
import { demoSubscriptions, membershipCatalogue } from "./membership.js";
import { demoStudios } from "./studios.js";

export interface SeedContext {
  clock: Clock;
}

/** One named, deterministic seed step. Each runs once per database, inside a transaction, and is recorded. */
export interface SeedStep {
  name: string;
  run(trx: Db, ctx: SeedContext): Promise<void>;
}

/** Steps in dependency order; a domain appends its own (catalogue before activity, and so on). */
export const seedSteps: SeedStep[] = [demoMembers, demoCatalogue, demoArtwork, demoStudios, membershipCatalogue, demoSubscriptions, demoChallenges, demoActivity];

export async function seed(db: Db, ctx: SeedContext, steps: SeedStep[] = seedSteps): Promise<string[]> {
  await sql`create table if not exists seed_runs (name text primary key, ran_at timestamptz not null default now())`.execute(db);
  const done = new Set((await sql<{ name: string }>`select name from seed_runs`.execute(db)).rows.map((r) => r.name));
  const ran: string[] = [];
  for (const step of steps.filter((s) => !done.has(s.name))) {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(727275)`.execute(trx);
      const again = await sql<{ name: string }>`select name from seed_runs where name = ${step.name}`.execute(trx);
      if (again.rows.length) return;
      await step.run(trx, ctx);
      await sql`insert into seed_runs (name) values (${step.name})`.execute(trx);
      ran.push(step.name);
    });
  }
  return ran;
}
