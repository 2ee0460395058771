/** The profile the account form edits, kept in the member's preferences attribute under `profile`. */
export interface Profile {
  given_name: string;
  family_name: string;
  /** mm/dd/yyyy as typed, or empty. */
  birthday: string;
  phone_country: "US" | "CA";
  phone: string;
}

export type ProfileErrors = Partial<Record<keyof Profile, "required" | "invalid" | "future">>;

/** A real calendar date written mm/dd/yyyy, or null. */
export function parseBirthday(value: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day && year >= 1900 ? date : null;
}

/** Product facts: names required; birthday mm/dd/yyyy and not in the future; phone optional, 10 digits (US/Canada). */
export function validateProfile(p: Profile, now = new Date()): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!p.given_name.trim()) errors.given_name = "required";
  if (!p.family_name.trim()) errors.family_name = "required";
  if (p.birthday.trim()) {
    const date = parseBirthday(p.birthday);
    if (!date) errors.birthday = "invalid";
    else if (date.getTime() > now.getTime()) errors.birthday = "future";
  }
  if (p.phone.trim() && p.phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "").length !== 10) errors.phone = "invalid";
  return errors;
}

/** Types "0412" → "04/12", "04121990" → "04/12/1990" as the member types digits. */
export function maskBirthday(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join("/");
}

export const sameProfile = (a: Profile, b: Profile) => (Object.keys(a) as (keyof Profile)[]).every((k) => a[k].trim() === b[k].trim());
