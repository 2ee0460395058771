import type { SeedStep } from "./index.js";
import { DEMO_DOMAIN, insertDemoAccounts } from "./members.js";

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
    const now = clock.now();
    const users = await insertDemoAccounts(
      trx,
      DEMO_STAFF.map((s) => ({ ...s, state: s.role })),
      now,
      200,
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
