import { NAME_MAX_LENGTH } from "../../../src/domain/names.js";
import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest, notFound } from "../errors.js";
import { type Answer, exactObject } from "../schemas.js";

export const phoneSchema = exactObject({
  country: { type: "string", enum: ["US", "CA"] },
  number: { type: "string", maxLength: 40 },
});
/** What the account page edits: the names the claims carry, the read-only email, birthday (`YYYY-MM-DD`) and phone. */
export const profileSchema = exactObject({
  given_name: { type: "string" },
  family_name: { type: "string" },
  email: { type: "string" },
  birthday: { type: ["string", "null"] },
  phone: { anyOf: [{ type: "null" }, phoneSchema] },
});
export type Profile = Answer<typeof profileSchema>;
/** The national number is 10 digits (formatting and a leading country code 1 are stripped). */
type Phone = NonNullable<Profile["phone"]>;

export interface ProfileChange {
  given_name?: string;
  family_name?: string;
  birthday?: string | null;
  phone?: Phone | null;
}

const MAX_NAME = NAME_MAX_LENGTH;
const EARLIEST_BIRTHDAY = "1900-01-01";

function cleanName(field: string, value: string): string {
  const name = value.trim();
  if (!name)
    throw badRequest({ message: `${field} must not be blank`, code: "validation", values: { [field]: "required" } });
  if (name.length > MAX_NAME)
    throw badRequest({
      message: `${field} must be at most ${MAX_NAME} characters`,
      code: "validation",
      values: { [field]: "tooLong" },
    });
  return name;
}

/** A real calendar date, not before 1900 and not after today (UTC, from the clock). */
function cleanBirthday(value: string, clock: Clock): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== value)
    throw badRequest("birthday must be a real date written YYYY-MM-DD");
  if (value < EARLIEST_BIRTHDAY) throw badRequest(`birthday must not be before ${EARLIEST_BIRTHDAY}`);
  if (value > clock.now().toISOString().slice(0, 10)) throw badRequest("birthday must not be in the future");
  return value;
}

/** US and Canada share the North American plan: 10 digits, optionally written with +1/1 and the usual punctuation. */
function cleanPhone(phone: Phone): Phone {
  const written = phone.number.trim();
  const digits = written.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  if (!/^[\d\s().+-]+$/.test(written) || !/^\d{10}$/.test(digits))
    throw badRequest("phone.number must be a 10-digit US or Canada phone number");
  return { country: phone.country, number: digits };
}

export async function readProfile(db: Db, userId: string): Promise<Profile> {
  const row = await db
    .selectFrom("users")
    // A date column would come back as a local-midnight Date; the text form is what the contract answers.
    .select([
      "given_name",
      "family_name",
      "email",
      "phone",
      sql<string | null>`to_char(birthday, 'YYYY-MM-DD')`.as("birthday"),
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound("User not found");
  return {
    given_name: row.given_name,
    family_name: row.family_name,
    email: row.email,
    birthday: row.birthday,
    phone: (row.phone as Phone | null) ?? null,
  };
}

/** Applies the fields given (all validated first, so a bad field writes nothing); the claims read the same row. */
export async function changeProfile(db: Db, clock: Clock, userId: string, change: ProfileChange): Promise<Profile> {
  const set: { given_name?: string; family_name?: string; birthday?: string | null; phone?: string | null } = {};
  if (change.given_name !== undefined) set.given_name = cleanName("given_name", change.given_name);
  if (change.family_name !== undefined) set.family_name = cleanName("family_name", change.family_name);
  if (change.birthday !== undefined)
    set.birthday = change.birthday === null ? null : cleanBirthday(change.birthday, clock);
  if (change.phone !== undefined) set.phone = change.phone === null ? null : JSON.stringify(cleanPhone(change.phone));
  if (Object.keys(set).length) {
    const updated = await db
      .updateTable("users")
      .set({ ...set, updated_at: clock.now() })
      .where("id", "=", userId)
      .returning("id")
      .executeTakeFirst();
    if (!updated) throw notFound("User not found");
  }
  return readProfile(db, userId);
}
