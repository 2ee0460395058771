import { hashPassword } from "../../auth/passwords.js";
import type { Db } from "../index.js";
import type { SeedStep } from "./index.js";

export const DEMO_PASSWORD = "fitkit-demo";
export const DEMO_DOMAIN = "demo.fitkit.dev";

/** One demo member per state the spec names. Other domains' seeds give them activity by email. */
export const DEMO_MEMBERS = [
  {
    email: `member@${DEMO_DOMAIN}`,
    given: "Maya",
    family: "Reyes",
    state: "entitled",
    about: "entitled, onboarding done, 20+ workouts, a series in progress, favourites, a booked class",
  },
  {
    email: `new@${DEMO_DOMAIN}`,
    given: "Noah",
    family: "Kim",
    state: "entitled",
    about: "entitled, nothing done yet (sees onboarding)",
  },
  { email: `trial@${DEMO_DOMAIN}`, given: "Tara", family: "Singh", state: "trial", about: "in a 7-day free trial" },
  { email: `vip@${DEMO_DOMAIN}`, given: "Victor", family: "Osei", state: "vip", about: "VIP" },
  { email: `paused@${DEMO_DOMAIN}`, given: "Paula", family: "Novak", state: "paused", about: "subscription paused" },
  {
    email: `lapsed@${DEMO_DOMAIN}`,
    given: "Liam",
    family: "Walsh",
    state: "lapsed",
    about: "previously entitled, lapsed",
  },
  {
    email: `unentitled@${DEMO_DOMAIN}`,
    given: "Uma",
    family: "Patel",
    state: "unentitled",
    about: "signed up, never subscribed",
  },
  {
    email: `studio@${DEMO_DOMAIN}`,
    given: "Sofia",
    family: "Marino",
    state: "studio",
    about: "studio unlimited membership",
  },
] as const;

export const demoMembers: SeedStep = {
  name: "platform/demo-members",
  async run(trx, { clock }) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const now = clock.now();
    await trx
      .insertInto("users")
      .values(
        DEMO_MEMBERS.map((m, i) => ({
          email: m.email,
          password_hash: passwordHash,
          given_name: m.given,
          family_name: m.family,
          demo_state: m.state,
          opt_in: i % 2 === 0,
          waiver_accepted_at: now,
          created_at: new Date(now.getTime() - (400 - i * 30) * 86_400_000),
        })),
      )
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
  },
};

/**
 * Inserts demo staff or company accounts (the published password, waiver accepted, created `ageDays` before now) that
 * are not there yet, and answers every one's id by email.
 */
export async function insertDemoAccounts(
  trx: Db,
  accounts: readonly { email: string; given: string; family: string; state: string }[],
  now: Date,
  ageDays: number,
): Promise<Map<string, string>> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await trx
    .insertInto("users")
    .values(
      accounts.map((a) => ({
        email: a.email,
        password_hash: passwordHash,
        given_name: a.given,
        family_name: a.family,
        demo_state: a.state,
        opt_in: false,
        waiver_accepted_at: now,
        created_at: new Date(now.getTime() - ageDays * 86_400_000),
      })),
    )
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  const users = await trx
    .selectFrom("users")
    .select(["id", "email"])
    .where(
      "email",
      "in",
      accounts.map((a) => a.email),
    )
    .execute();
  return new Map(users.map((u) => [u.email, u.id]));
}
