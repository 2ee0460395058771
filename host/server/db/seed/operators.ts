import type { OperatorRole } from "../tables/operator.js";
import type { SeedStep } from "./index.js";
import { DEMO_DOMAIN, insertDemoAccounts } from "./members.js";

/** The demo company accounts of the operator console (/admin). */
export const DEMO_OPERATORS: { email: string; given: string; family: string; role: OperatorRole; about: string }[] = [
  {
    email: `admin@${DEMO_DOMAIN}`,
    given: "Ada",
    family: "Okafor",
    role: "admin",
    about: "company admin (/admin: everything, grants roles)",
  },
  {
    email: `editor@${DEMO_DOMAIN}`,
    given: "Eli",
    family: "Navarro",
    role: "editor",
    about: "catalogue editor (/admin: workouts, releases)",
  },
  {
    email: `support@${DEMO_DOMAIN}`,
    given: "Sofia",
    family: "Lindqvist",
    role: "support",
    about: "member support (/admin: reads the console)",
  },
];

/** Demo data only (published password): runs with the demo members, never in production without FITKIT_DEMO=1. */
export const demoOperators: SeedStep = {
  name: "operators/demo",
  async run(trx, { clock }) {
    const now = clock.now();
    const ids = await insertDemoAccounts(
      trx,
      DEMO_OPERATORS.map((o) => ({ ...o, state: "unentitled" })),
      now,
      300,
    );
    await trx
      .insertInto("operator_roles")
      .values(
        DEMO_OPERATORS.map((o) => ({ user_id: ids.get(o.email)!, role: o.role, granted_by: null, granted_at: now })),
      )
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
  },
};
