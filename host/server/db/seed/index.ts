import { sql } from "kysely";
import type { Clock } from "../../clock.js";
import type { Db } from "../index.js";
import { demoActivity, demoChallenges } from "./activity.js";
import { demoCatalogue } from "./catalogue.js";
import { demoArtwork } from "./catalogue-artwork.js";
import { catalogueStrain } from "./catalogue-strain.js";
import { demoMembers, DEMO_DOMAIN } from "./members.js";
import { demoOffers, demoSubscriptions, membershipCatalogue } from "./membership.js";
import { demoReservations, demoWaitlist, studioSchedule } from "./studios.js";
import { demoStudioStaff } from "./studio-staff.js";
import { demoOperators } from "./operators.js";
import { StartupError } from "../../errors.js";

export interface SeedContext {
  clock: Clock;
}

/** One named, deterministic seed step. Each runs once per database, inside a transaction, and is recorded. */
export interface SeedStep {
  name: string;
  run(trx: Db, ctx: SeedContext): Promise<void>;
}

/**
 * What every deployment serves: workouts and programs and their artwork, the studios' schedule, products, challenges.
 */
const contentSeedSteps: SeedStep[] = [
  demoCatalogue,
  catalogueStrain,
  demoArtwork,
  studioSchedule,
  membershipCatalogue,
  demoChallenges,
];

/** Demo members (published password) and everything that is theirs; content first, as they refer to it. */
const demoSeedSteps: SeedStep[] = [
  demoMembers,
  demoOffers,
  demoReservations,
  demoWaitlist,
  demoSubscriptions,
  demoActivity,
  demoStudioStaff,
  demoOperators,
];

/** The steps a server runs: the content, plus the demo data when asked for (outside production, or FITKIT_DEMO=1). */
export const seedSteps = (options: { demo: boolean }): SeedStep[] =>
  options.demo ? [...contentSeedSteps, ...demoSeedSteps] : contentSeedSteps;

/**
 * A server without demo data must not serve the demo members either: a database seeded by an earlier, demo start
 * still lets anyone sign in with the published password. Refused at start, naming the fix.
 */
export async function refuseDemoMembers(db: Db): Promise<void> {
  const found = await db
    .selectFrom("users")
    .select("email")
    .where("email", "like", `%@${DEMO_DOMAIN}`)
    .executeTakeFirst();
  if (found) {
    throw new StartupError(
      `the database holds the demo members (e.g. ${found.email}), whose password is published: delete the @${DEMO_DOMAIN} accounts, or set FITKIT_DEMO=1 to serve them`,
    );
  }
}

/** Runs each step not yet recorded in seed_runs; answers the names of those it ran. */
export async function seed(db: Db, ctx: SeedContext, steps: SeedStep[]): Promise<string[]> {
  // Under the seed's lock: two processes creating the table at once collide in PostgreSQL's catalogue.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(727275)`.execute(trx);
    await sql`create table if not exists seed_runs (name text primary key, ran_at timestamptz not null default now())`.execute(
      trx,
    );
  });
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
