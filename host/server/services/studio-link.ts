import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/index.js";
import { HttpError } from "../errors.js";
import { canLinkStudio } from "../../../src/domain/membership.js";
import type { MembershipDeps } from "./membership-deps.js";
import { audit, currentSubscription, listSubscriptions, type Subscription } from "./subscription-store.js";
import { presentSubscription } from "./subscription-view.js";

/** The spec's copy (section 8): the email request and the link itself. */
const EMAIL_SENT = "Email sent, please check your inbox";
/** An address the studio directory does not know: said plainly, so the member checks it rather than retrying. */
const STUDIO_EMAIL_UNKNOWN =
  "We couldn’t find a studio unlimited membership for that email. Use the address you gave your studio.";
export const EMAIL_FAILED = "There was an error sending the email, please try again!";
const LINK_FAILED = "Unknown error occurred. Please try again in a few minutes.";
const STUDIO_ENTITLEMENTS = ["digital", "studio_unlimited"];
const LINK_HOURS = 24;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Linking a studio unlimited membership (Mariana Tek) by email: the member asks, the studio address receives a
 * confirmation link, and confirming creates the marianatek subscription. Both steps apply the spec's linking rule
 * to the member's digital membership. Failures answer the spec's copy; the status says why (404 no studio
 * membership or request, 409 not allowed now, 400 expired or used link).
 */
export class StudioLinkService {
  constructor(private readonly deps: MembershipDeps) {}

  async requestLink(userId: string, rawEmail: string) {
    const { db, clock, mailer, publicUrl } = this.deps;
    const email = rawEmail.trim().toLowerCase();
    const now = clock.now();
    await this.#assertLinkable(db, userId, now, EMAIL_FAILED);
    const studio = await db
      .selectFrom("studio_memberships")
      .selectAll()
      .where("email", "=", email)
      .where("valid_until", ">", now)
      .executeTakeFirst();
    // Say what is wrong, so the member checks the address instead of retrying the same one (issue 21).
    if (!studio) throw new HttpError(404, STUDIO_EMAIL_UNKNOWN);
    const taken = await db
      .selectFrom("subscriptions")
      .select("user_id")
      .where("provider", "=", "marianatek")
      .where("identifier", "=", email)
      .where("user_id", "<>", userId)
      .executeTakeFirst();
    if (taken) throw new HttpError(409, EMAIL_FAILED);
    const token = randomBytes(24).toString("base64url");
    await db
      .insertInto("studio_link_requests")
      .values({
        user_id: userId,
        email,
        token_hash: hash(token),
        created_at: now,
        expires_at: new Date(now.getTime() + LINK_HOURS * 3_600_000),
      })
      .execute();
    const link = `${publicUrl}/account/membership?studio_link=${token}`;
    await mailer.send({
      to: email,
      subject: "Confirm your studio unlimited membership",
      text: `Confirm that this studio unlimited membership (${studio.name}) should unlock your digital membership:\n\n${link}\n\nThe link works for ${LINK_HOURS} hours. If you did not ask for this, ignore this email.`,
    });
    return { success: true as const, message: EMAIL_SENT, email };
  }

  async confirm(userId: string, token: string) {
    const { db, clock, billing } = this.deps;
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const request = await trx
        .selectFrom("studio_link_requests")
        .selectAll()
        .where("token_hash", "=", hash(token))
        .where("user_id", "=", userId)
        .forUpdate()
        .executeTakeFirst();
      if (!request) throw new HttpError(404, LINK_FAILED);
      if (request.confirmed_at || request.expires_at <= now) throw new HttpError(400, LINK_FAILED);
      await this.#assertLinkable(trx, userId, now, LINK_FAILED);
      const studio = await trx
        .selectFrom("studio_memberships")
        .selectAll()
        .where("email", "=", request.email)
        .where("valid_until", ">", now)
        .executeTakeFirst();
      if (!studio) throw new HttpError(404, LINK_FAILED);
      const existing = await trx
        .selectFrom("subscriptions")
        .selectAll()
        .where("provider", "=", "marianatek")
        .where("identifier", "=", request.email)
        .forUpdate()
        .executeTakeFirst();
      if (existing && existing.user_id !== userId) throw new HttpError(409, LINK_FAILED);
      const fields = {
        state: "active" as const,
        expiration_date: studio.valid_until,
        entitlements: STUDIO_ENTITLEMENTS,
        name: studio.name,
        updated_at: now,
      };
      let sub: Subscription;
      if (existing) {
        sub = await trx
          .updateTable("subscriptions")
          .set(fields)
          .where("id", "=", existing.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(
          trx,
          sub,
          existing.state,
          { actor: `member:${userId}`, action: "studio_relinked", details: { email: request.email } },
          now,
        );
      } else {
        sub = await trx
          .insertInto("subscriptions")
          .values({
            ...fields,
            user_id: userId,
            provider: "marianatek",
            identifier: request.email,
            sku: null,
            base_price: 0,
            original_purchase_date: now,
            current_period_start: now,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(
          trx,
          sub,
          null,
          { actor: `member:${userId}`, action: "studio_linked", details: { email: request.email } },
          now,
        );
      }
      await trx.updateTable("studio_link_requests").set({ confirmed_at: now }).where("id", "=", request.id).execute();
      return presentSubscription(trx, billing, sub, now);
    });
  }

  /** The spec's linking rule over the member's digital membership; a studio membership already linked also blocks. */
  async #assertLinkable(db: Db, userId: string, now: Date, message: string) {
    const subs = await listSubscriptions(db, userId);
    const digital = currentSubscription(
      subs.filter((s) => s.provider !== "marianatek"),
      now,
    );
    const linked = subs.some(
      (s) => s.provider === "marianatek" && s.state === "active" && s.expiration_date && s.expiration_date > now,
    );
    if (linked || !canLinkStudio(digital, now.getTime())) throw new HttpError(409, message);
  }
}
