import type { Profile as SavedProfile, ProfileChange } from "../../../../src/api/types.js";
import { nameProblem } from "../../../../src/domain/names.js";

/**
 * The profile as the account form edits it (text fields); the server keeps it with GET/PUT /user/v1/attribute/profile.
 */
export interface Profile {
  given_name: string;
  family_name: string;
  /** mm/dd/yyyy as typed, or empty. */
  birthday: string;
  phone_country: "US" | "CA";
  phone: string;
}

export type ProfileErrors = Partial<Record<keyof Profile, "required" | "invalid" | "future" | "tooLong">>;

/** A real calendar date written mm/dd/yyyy, or null. */
export function parseBirthday(value: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day && year >= 1900
    ? date
    : null;
}

/** Product facts: names required; birthday mm/dd/yyyy and not in the future; phone optional, 10 digits (US/Canada). */
export function validateProfile(p: Profile, now = new Date()): ProfileErrors {
  const errors: ProfileErrors = {};
  const given = nameProblem(p.given_name);
  const family = nameProblem(p.family_name);
  if (given) errors.given_name = given;
  if (family) errors.family_name = family;
  if (p.birthday.trim()) {
    const date = parseBirthday(p.birthday);
    if (!date) errors.birthday = "invalid";
    else if (date.getTime() > now.getTime()) errors.birthday = "future";
  }
  const phone = p.phone.trim();
  // The characters the server accepts around the digits.
  if (phone && (!/^[\d\s().+-]+$/.test(phone) || phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "").length !== 10))
    errors.phone = "invalid";
  return errors;
}

/** Types "0412" → "04/12", "04121990" → "04/12/1990" as the member types digits. */
export function maskBirthday(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join("/");
}

export const sameProfile = (a: Profile, b: Profile) =>
  (Object.keys(a) as (keyof Profile)[]).every((k) => a[k].trim() === b[k].trim());

/** The form's fields from the saved profile: birthday YYYY-MM-DD shown as mm/dd/yyyy, phone country US unless saved. */
export function formOf(saved: SavedProfile): Profile {
  const [year, month, day] = saved.birthday?.split("-") ?? [];
  return {
    given_name: saved.given_name,
    family_name: saved.family_name,
    birthday: saved.birthday ? `${month}/${day}/${year}` : "",
    phone_country: saved.phone?.country ?? "US",
    phone: saved.phone?.number ?? "",
  };
}

/** The change to send for a valid form: names trimmed, an empty birthday or phone clears it. */
export function changeOf(form: Profile): ProfileChange {
  const birthday = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(form.birthday.trim());
  const phone = form.phone.trim();
  return {
    given_name: form.given_name.trim(),
    family_name: form.family_name.trim(),
    birthday: birthday ? `${birthday[3]}-${birthday[1]}-${birthday[2]}` : null,
    phone: phone ? { country: form.phone_country, number: phone } : null,
  };
}
