import { hashPassword } from "../../auth/passwords.js";
import type { OperatorRole } from "../tables/operator.js";
import type { SeedStep } from "./index.js";
import { DEMO_DOMAIN, DEMO_PASSWORD } from "./members.js";

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
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const now = clock.now();
    await trx
      .insertInto("users")
      .values(
        DEMO_OPERATORS.map((o) => ({
          email: o.email,
          password_hash: passwordHash,
          given_name: o.given,
          family_name: o.family,
          demo_state: "unentitled",
          opt_in: false,
          waiver_accepted_at: now,
          created_at: new Date(now.getTime() - 300 * 86_400_000),
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
        DEMO_OPERATORS.map((o) => o.email),
      )
      .execute();
    const roleOf = new Map(DEMO_OPERATORS.map((o) => [o.email, o.role]));
    await trx
      .insertInto("operator_roles")
      .values(users.map((u) => ({ user_id: u.id, role: roleOf.get(u.email)!, granted_by: null, granted_at: now })))
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
  },
};
