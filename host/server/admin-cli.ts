/**
 * `npm run admin -- <command>`: the company roles of the operator console from the command line, the bootstrap of a
 * production install (its first admin), with the server's own settings (DATABASE_URL or DATA_DIR):
 *   grant <email> <admin|editor|support|viewer>   give the account that role (recorded in the audit log as "system")
 *   revoke <email>                                 take its role away
 *   list                                           everyone with a role
 * On the embedded database the server must be stopped first (its data folder is locked to one process).
 */
import { loadConfig } from "./config.js";
import type { OperatorRole } from "./db/tables/operator.js";
import { HttpError, StartupError } from "./errors.js";
import { openDatabase } from "./server.js";
import { normalizeEmail } from "./services/auth.js";
import { OPERATOR_ROLES, OperatorAccess, SYSTEM } from "./services/operator-access.js";

const USAGE = "usage: npm run admin -- grant <email> <admin|editor|support|viewer> | revoke <email> | list";

async function main(args: string[]): Promise<string> {
  const [command, email, role] = args;
  if (command === "grant") {
    if (!email || !OPERATOR_ROLES.includes(role as OperatorRole)) throw new StartupError(USAGE);
  } else if (command === "revoke") {
    if (!email) throw new StartupError(USAGE);
  } else if (command !== "list") throw new StartupError(USAGE);

  const database = await openDatabase(loadConfig());
  try {
    const access = new OperatorAccess(database.db);
    const now = new Date();
    if (command === "grant") {
      const granted = await access.grant(SYSTEM, email!, role as OperatorRole, now);
      return `${granted.email} is now ${granted.role}`;
    }
    if (command === "revoke") {
      const user = await database.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", normalizeEmail(email!))
        .executeTakeFirst();
      if (!user) throw new StartupError(`No account uses ${email}.`);
      await access.revoke(SYSTEM, user.id, now);
      return `${normalizeEmail(email!)} has no role now`;
    }
    const everyone = await access.list();
    return everyone.length ? everyone.map((o) => `${o.role.padEnd(8)} ${o.email}`).join("\n") : "nobody has a role";
  } finally {
    await database.close();
  }
}

try {
  process.stdout.write(`${await main(process.argv.slice(2))}\n`);
} catch (error) {
  if (!(error instanceof StartupError) && !(error instanceof HttpError)) throw error;
  process.stderr.write(`fitkit admin: ${error.message}\n`);
  process.exitCode = 1;
}
