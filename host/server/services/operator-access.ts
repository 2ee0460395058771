import type { Db } from "../db/index.js";
import type { OperatorRole } from "../db/tables/operator.js";
import { badRequest, forbidden, notFound } from "../errors.js";
import { recordAudit } from "./audit.js";
import { normalizeEmail } from "./auth.js";
import { type Answer, exactObject } from "../schemas.js";

export const OPERATOR_ROLES = ["admin", "editor", "support", "viewer"] as const satisfies readonly OperatorRole[];

/** What each company role may do in the console; `read` is every role's. */
/** Every area of the console, in the order `/admin/v1/me` lists a role's. */
export const CONSOLE_AREAS = ["read", "catalogue", "members", "roles", "numbers", "offers", "offersEdit"] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

const AREAS: Record<OperatorRole, readonly ConsoleArea[]> = {
  admin: CONSOLE_AREAS,
  editor: ["read", "catalogue"],
  support: ["read", "members"],
  // Products and promo codes are money: admins change them, viewers read them, editors and support never see them.
  viewer: ["read", "numbers", "offers"],
};

const NOT_OPERATOR = "You do not work for the company running fitkit.";
const NOT_ALLOWED: Record<ConsoleArea, string> = {
  read: NOT_OPERATOR,
  catalogue: "Only admins and editors can change the catalogue.",
  members: "Only admins and support can reach members.",
  roles: "Only admins can grant and revoke roles.",
  numbers: "Only admins and viewers can read the business's numbers.",
  offers: "Only admins and viewers can see products and promo codes.",
  offersEdit: "Only admins can change products and promo codes.",
};

/** An account with a company role, as the console lists it. */
export const operatorSchema = exactObject({
  user_id: { type: "string" },
  email: { type: "string" },
  name: { type: "string" },
  role: { type: "string", enum: OPERATOR_ROLES },
  granted_at: { type: "string", format: "date-time" },
});
type Operator = Answer<typeof operatorSchema>;

export const mayDo = (role: OperatorRole, area: ConsoleArea) => AREAS[role].includes(area);

/**
 * Who may do what in the operator console: one role per account in operator_roles (beside the per-location studio
 * roles), checked by the /admin/v1 preHandler for each route's area. A member with no role is refused with 403.
 */
export class OperatorAccess {
  constructor(private readonly db: Db) {}

  async roleOf(userId: string): Promise<OperatorRole | undefined> {
    const row = await this.db
      .selectFrom("operator_roles")
      .select("role")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row?.role;
  }

  /** The caller's role when it covers `area`; 403 otherwise. */
  async require(userId: string, area: ConsoleArea): Promise<OperatorRole> {
    const role = await this.roleOf(userId);
    if (!role) throw forbidden(NOT_OPERATOR);
    if (!mayDo(role, area)) throw forbidden(NOT_ALLOWED[area]);
    return role;
  }

  async list(): Promise<Operator[]> {
    const rows = await this.db
      .selectFrom("operator_roles as r")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select(["r.user_id", "u.email", "u.given_name", "u.family_name", "r.role", "r.granted_at"])
      .orderBy("u.email")
      .execute();
    return rows.map(({ given_name, family_name, ...r }) => ({ ...r, name: `${given_name} ${family_name}`.trim() }));
  }

  /**
   * Gives the account with `email` the role (replacing any other), recorded in the audit log; `actor` is null from
   * the command line. An unknown email is refused: roles go to people who already have an account.
   */
  async grant(actor: Actor, email: string, role: OperatorRole, at: Date): Promise<Operator> {
    return this.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom("users")
        .select(["id", "email", "given_name", "family_name"])
        .where("email", "=", normalizeEmail(email))
        .where("deactivated_at", "is", null)
        .executeTakeFirst();
      if (!user) throw notFound(`No account uses ${email}: the person signs up first, then gets a role.`);
      const before = await trx
        .selectFrom("operator_roles")
        .select(["role"])
        .where("user_id", "=", user.id)
        .forUpdate()
        .executeTakeFirst();
      await trx
        .insertInto("operator_roles")
        .values({ user_id: user.id, role, granted_by: actor.id, granted_at: at })
        .onConflict((oc) => oc.column("user_id").doUpdateSet({ role, granted_by: actor.id, granted_at: at }))
        .execute();
      await recordAudit(trx, actor, at, {
        action: before ? "role.change" : "role.grant",
        record: { type: "user", id: user.id },
        before: before ? { email: user.email, role: before.role } : null,
        after: { email: user.email, role },
      });
      return {
        user_id: user.id,
        email: user.email,
        name: `${user.given_name} ${user.family_name}`.trim(),
        role,
        granted_at: at,
      };
    });
  }

  /** Takes the role away; an admin cannot revoke their own (the console always keeps someone who can grant). */
  async revoke(actor: Actor, userId: string, at: Date): Promise<void> {
    if (actor.id === userId) throw badRequest("You cannot revoke your own role: ask another admin.");
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom("operator_roles")
        .where("user_id", "=", userId)
        .returning("role")
        .executeTakeFirst();
      if (!row) throw notFound("This account has no role.");
      const user = await trx.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
      await recordAudit(trx, actor, at, {
        action: "role.revoke",
        record: { type: "user", id: userId },
        before: { email: user.email, role: row.role },
        after: null,
      });
    });
  }
}

/** Who makes a console write: a signed-in operator, or the system (the release job, the command line). */
export interface Actor {
  id: string | null;
  email: string;
}

export const SYSTEM: Actor = { id: null, email: "system" };
