import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { notFound } from "../errors.js";
import { readAttribute, updateAttribute } from "./attributes.js";
import { type Answer, exactObject, strictObject } from "../schemas.js";

/**
 * The `user`, `preferences` and `email` attributes. The waiver and the email opt-in live on the users row (sign-up
 * records both), so there is one source of truth for each; the player switches live in the `user` document. In the
 * `user` answer, `waiver` is absent when the member has not accepted it, and is then required (spec section 5).
 */
export const userSettingsSchema = strictObject(
  {
    waiver: exactObject({ accepted_at: { type: "string", format: "date-time" } }),
    feed_fm_disabled: { type: "boolean" },
    closed_captions: { type: "boolean" },
  },
  ["feed_fm_disabled", "closed_captions"],
);
export type UserSettings = Answer<typeof userSettingsSchema>;

export interface UserSettingsChange {
  waiver?: true;
  feed_fm_disabled?: boolean;
  closed_captions?: boolean;
}

type PlayerSwitches = Partial<Pick<UserSettings, "feed_fm_disabled" | "closed_captions">>;

async function userRow(db: Db, userId: string) {
  const row = await db
    .selectFrom("users")
    .select(["email", "opt_in", "waiver_accepted_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound("User not found");
  return row;
}

export async function readUserSettings(db: Db, userId: string): Promise<UserSettings> {
  const [row, switches] = await Promise.all([userRow(db, userId), readAttribute<PlayerSwitches>(db, userId, "user")]);
  return {
    ...(row.waiver_accepted_at ? { waiver: { accepted_at: new Date(row.waiver_accepted_at).toISOString() } } : {}),
    // Background music on and captions on unless the member turned them off in Settings.
    feed_fm_disabled: switches?.feed_fm_disabled ?? false,
    closed_captions: switches?.closed_captions ?? true,
  };
}

export async function changeUserSettings(
  db: Db,
  clock: Clock,
  userId: string,
  change: UserSettingsChange,
): Promise<UserSettings> {
  if (change.waiver) {
    // Accepting again keeps the first acceptance time.
    await db
      .updateTable("users")
      .set({ waiver_accepted_at: clock.now() })
      .where("id", "=", userId)
      .where("waiver_accepted_at", "is", null)
      .execute();
  }
  const { waiver: _waiver, ...switches } = change;
  if (Object.keys(switches).length)
    await updateAttribute<PlayerSwitches>(db, clock, userId, "user", (current) => ({ ...current, ...switches }));
  return readUserSettings(db, userId);
}

/** Preferences are the member's own keys and values, answered as stored. */
export const preferencesAnswerSchema = { type: "object", additionalProperties: true } as const;
export type Preferences = Answer<typeof preferencesAnswerSchema>;

export async function readPreferences(db: Db, userId: string): Promise<Preferences> {
  return (await readAttribute<Preferences>(db, userId, "preferences")) ?? {};
}

/** Merges a partial preferences object; a key set to null is removed. */
export async function changePreferences(
  db: Db,
  clock: Clock,
  userId: string,
  change: Preferences,
): Promise<Preferences> {
  return updateAttribute<Preferences>(db, clock, userId, "preferences", (current) => {
    const next: Preferences = { ...current };
    for (const [key, value] of Object.entries(change)) {
      if (value === null) delete next[key];
      else next[key] = value;
    }
    return next;
  });
}

export const emailSettingsSchema = exactObject({ email: { type: "string" }, opt_out: { type: "boolean" } });
export type EmailSettings = Answer<typeof emailSettingsSchema>;

export async function readEmailSettings(db: Db, userId: string): Promise<EmailSettings> {
  const row = await userRow(db, userId);
  return { email: row.email, opt_out: !row.opt_in };
}

export async function changeEmailSettings(
  db: Db,
  clock: Clock,
  userId: string,
  change: { opt_out?: boolean },
): Promise<EmailSettings> {
  if (change.opt_out !== undefined) {
    await db
      .updateTable("users")
      .set({ opt_in: !change.opt_out, updated_at: clock.now() })
      .where("id", "=", userId)
      .execute();
  }
  return readEmailSettings(db, userId);
}
