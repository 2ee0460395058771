import type { BillingProvider } from "../billing/provider.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { Mailer } from "./mail.js";

/** What the membership services need; `db` may be swapped for a transaction. */
export interface MembershipDeps {
  db: Db;
  clock: Clock;
  billing: BillingProvider;
  mailer: Mailer;
  publicUrl: string;
}
