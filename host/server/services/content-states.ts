/**
 * What trainers, collections and series share in the console (migration 099): their states and an explicit order.
 * draft → published ⇄ retired; nothing is deleted, a retired record only leaves members' lists. The order is the
 * `sort_order` of the records still in use, rewritten 1…n by every move so positions stay explicit and gap-free.
 */
import type { ContentStatus } from "../db/tables/catalogue.js";
import { conflict } from "../errors.js";

export const CONTENT_STATUSES = ["draft", "published", "retired"] as const satisfies readonly ContentStatus[];

export type ContentVerb = "publish" | "retire";

/** The state a verb leads to from `from`, or a 409 saying why not. Publishing a published record changes nothing. */
export function nextStatus(what: string, from: ContentStatus, verb: ContentVerb): ContentStatus {
  if (verb === "publish") return "published";
  if (from === "retired") throw conflict(`This ${what} is already retired.`);
  return "retired";
}

export type Direction = "up" | "down";
