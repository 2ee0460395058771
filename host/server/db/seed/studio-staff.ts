import { hashPassword } from "../../auth/passwords.js";
import type { SeedStep } from "./index.js";
import { DEMO_DOMAIN, DEMO_PASSWORD } from "./members.js";

/** The demo studio staff (issue 18): a Chicago desk account and an owner of every location (a franchise). */
export const DEMO_STAFF = [
  {
    email: `staff@${DEMO_DOMAIN}`,
    given: "Sam",
    family: "Rivera",
    role: "staff" as const,
    about: "studio staff at Chicago (/studio: schedule, roster, numbers)",
  },
  {
    email: `owner@${DEMO_DOMAIN}`,
    given: "Olivia",
    family: "Grant",
    role: "owner" as const,
    about: "owner of every studio location (/studio, booking policy)",
  },
];

/** Demo data only (published password): runs with the demo members, never in production without FITKIT_DEMO=1. */
export const demoStudioStaff: SeedStep = {
  name: "studios/demo-staff",
  async run(trx, { clock }) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const now = clock.now();
    await trx
      .insertInto("users")
      .values(
        DEMO_STAFF.map((s) => ({
          email: s.email,
          password_hash: passwordHash,
          given_name: s.given,
          family_name: s.family,
          demo_state: s.role,
          opt_in: false,
          waiver_accepted_at: now,
          created_at: new Date(now.getTime() - 200 * 86_400_000),
        })),
      )
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    const users = new Map(
      (
        await trx
          .selectFrom("users")
          .select(["id", "email"])
          .where(
            "email",
            "in",
            DEMO_STAFF.map((s) => s.email),
          )
          .execute()
      ).map((u) => [u.email, u.id]),
    );
    const locations = (await trx.selectFrom("locations").select("id").execute()).map((l) => l.id);
    const rows = DEMO_STAFF.flatMap((s) =>
      (s.role === "owner" ? locations : ["chicago"]).map((location) => ({
        user_id: users.get(s.email)!, // inserted above
        location_id: location,
        role: s.role,
        created_at: now,
      })),
    );
    await trx
      .insertInto("studio_staff")
      .values(rows)
      .onConflict((oc) => oc.columns(["user_id", "location_id"]).doNothing())
      .execute();
  },
};
