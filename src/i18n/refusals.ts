import { refusalsEn, type RefusalKey } from "./spec/refusals.js";
import { interpolate, type Params } from "./translate-core.js";

/**
 * The catalogue key and values of a server refusal (`spec/refusals.ts`), so a client can say it in the member's
 * language; undefined for a message the catalogue does not hold (shown as the server sent it). Each `{name}` of the
 * English sentence matches any text, and its translation shows that text (the server writes a count in digits, so
 * translations word counts to read well for any number: the server's English has no plural forms to match).
 * @example refusalOf("The waitlist for this class is full.") // { key: "refusal.waitlistFull", params: {} }
 */
export function refusalOf(message: string): { key: RefusalKey; params: Params } | undefined {
  for (const [key, template] of Object.entries(refusalsEn) as [RefusalKey, string][]) {
    const names: string[] = [];
    const pattern = template
      .replace(/[.*+?^$()[\]\\|]/g, "\\$&")
      .replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), "(.+?)"));
    const values = new RegExp(`^${pattern}$`).exec(message)?.slice(1);
    if (values) return { key, params: Object.fromEntries(names.map((name, i) => [name, values[i]!])) };
  }
}

/**
 * A server refusal in a translation (a catalogue holding the refusals' keys), filled with the server's values:
 * undefined when the catalogue does not know the sentence.
 */
export function translateRefusal(
  message: string,
  catalogue: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const known = refusalOf(message);
  const text = known && catalogue[known.key];
  return text && interpolate(text, known.params);
}
