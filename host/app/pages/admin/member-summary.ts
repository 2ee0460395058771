import type { MemberSearchItem } from "../../../../src/api/index.js";
import { dateTime } from "./console-frame.js";
import { ct, isConsoleKey } from "./copy.js";

/** A subscription state in words ("past_due" → "Payment failed"); an unknown one as written. */
export const stateName = (state: string) => {
  const key = `console.state.${state}`;
  return isConsoleKey(key) ? ct(key) : state;
};

/** A membership in one line for support: "Monthly · Active · until Mar 31, 2027", or "No membership". */
export function membershipSummary(m: MemberSearchItem["membership"]): string {
  if (!m) return ct("console.members.noMembership");
  return [
    m.name,
    stateName(m.state),
    m.expiration_date ? `${ct("console.member.until")} ${dateTime(m.expiration_date)}` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}
