import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { notFound } from "../errors.js";
import { displayState, isSubscriptionActive } from "../../../src/domain/membership.js";
import { normalizeEmail } from "./auth.js";
import { currentSubscription, listSubscriptions, type Subscription } from "./subscription-store.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How much of a member's history the page shows: the latest rows of each list. */
const RECENT = 25;
const TIMELINE = 200;

/** `%`, `_` and `\` in what was typed match themselves in a LIKE pattern. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface MemberSearch {
  q: string;
  limit: number;
  offset: number;
}

/** A membership in one line: what support reads in the search results and at the top of the member page. */
function membershipLine(sub: Subscription | undefined, now: Date) {
  if (!sub) return null;
  return {
    subscription_id: sub.id,
    name: sub.name,
    provider: sub.provider,
    state: sub.state,
    display_state: displayState(sub, now.getTime()),
    is_active: isSubscriptionActive(sub, now.getTime()),
    expiration_date: sub.expiration_date,
  };
}

/**
 * What member support reads about members: finding one (by id, email or name) and the member page (profile,
 * memberships and their timeline, cards, signed-in devices, plays, bookings, waitlists). Never a password hash, a
 * token or a full card number: only the columns listed here are read.
 */
export class MemberLookup {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /**
   * Members whose id is `q`, whose email is `q` or starts with it, or whose name contains it (any case); exact
   * email matches first, then by email.
   */
  async search({ q, limit, offset }: MemberSearch) {
    const { db, clock } = this.deps;
    const text = q.trim();
    const email = normalizeEmail(text);
    const name = `%${literal(text.toLowerCase())}%`;
    let query = db.selectFrom("users");
    query = UUID.test(text)
      ? query.where("id", "=", text.toLowerCase())
      : query.where((eb) =>
          eb.or([
            eb("email", "like", `${literal(email)}%`),
            ...(text.includes("@") ? [] : [eb(sql<string>`lower(given_name || ' ' || family_name)`, "like", name)]),
          ]),
        );
    const [rows, count] = await Promise.all([
      query
        .select(["id", "email", "given_name", "family_name", "created_at", "deactivated_at"])
        .orderBy(sql`email = ${email}`, "desc")
        .orderBy("email")
        .limit(limit)
        .offset(offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    const subs = rows.length
      ? await db
          .selectFrom("subscriptions")
          .selectAll()
          .where(
            "user_id",
            "in",
            rows.map((r) => r.id),
          )
          .execute()
      : [];
    const now = clock.now();
    return {
      total: Number(count.n),
      items: rows.map((r) => ({
        id: r.id,
        email: r.email,
        name: `${r.given_name} ${r.family_name}`.trim(),
        created_at: r.created_at,
        closed: r.deactivated_at !== null,
        membership: membershipLine(
          currentSubscription(
            subs.filter((s) => s.user_id === r.id),
            now,
          ),
          now,
        ),
      })),
    };
  }

  /** The member page; 404 for an unknown id. */
  async page(userId: string) {
    const { db, clock } = this.deps;
    if (!UUID.test(userId)) throw notFound("No member has this id.");
    const user = await db
      .selectFrom("users")
      .select([
        "id",
        "email",
        "given_name",
        "family_name",
        "birthday",
        "phone",
        "opt_in",
        "waiver_accepted_at",
        "created_at",
        "deactivated_at",
      ])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) throw notFound("No member has this id.");
    const now = clock.now();
    const [subs, events, deletion, role, cards, stripeCard, defaultCard, tokens, plays, bookings, waitlists] =
      await Promise.all([
        listSubscriptions(db, userId),
        db
          .selectFrom("subscription_events as e")
          .innerJoin("subscriptions as s", "s.id", "e.subscription_id")
          .select([
            "e.id",
            "e.subscription_id",
            "s.name as subscription_name",
            "e.actor",
            "e.action",
            "e.from_state",
            "e.to_state",
            "e.details",
            "e.created_at",
          ])
          .where("e.user_id", "=", userId)
          .orderBy("e.created_at", "desc")
          .orderBy("e.id", "desc")
          .limit(TIMELINE)
          .execute(),
        db
          .selectFrom("account_deletions")
          .select(["requested_at", "erase_at", "erased_at"])
          .where("user_id", "=", userId)
          .executeTakeFirst(),
        db.selectFrom("operator_roles").select("role").where("user_id", "=", userId).executeTakeFirst(),
        db
          .selectFrom("payment_methods")
          .select(["id", "brand", "last4", "exp_month", "exp_year", "created_at"])
          .where("user_id", "=", userId)
          .orderBy("created_at", "desc")
          .execute(),
        db
          .selectFrom("stripe_customers")
          .select(["brand", "last4", "exp_month", "exp_year", "updated_at"])
          .where("user_id", "=", userId)
          .executeTakeFirst(),
        db
          .selectFrom("billing_customers")
          .select("default_payment_method_id")
          .where("user_id", "=", userId)
          .executeTakeFirst(),
        db
          .selectFrom("refresh_tokens")
          .select([
            "family_id",
            sql<Date>`min(created_at)`.as("signed_in_at"),
            sql<Date>`max(created_at)`.as("last_used_at"),
            sql<Date>`max(expires_at)`.as("expires_at"),
            sql<boolean>`bool_or(revoked_at is null and rotated_at is null and expires_at > ${now})`.as("live"),
            // The device of the login's newest token (a refresh records it again).
            sql<string | null>`(array_agg(device order by created_at desc))[1]`.as("device"),
          ])
          .where("user_id", "=", userId)
          .groupBy("family_id")
          .orderBy(sql`max(created_at)`, "desc")
          .limit(RECENT)
          .execute(),
        db
          .selectFrom("workout_sessions as p")
          .leftJoin("workouts as w", "w.id", "p.workout_id")
          .select([
            "p.workout_id",
            "w.name as workout_name",
            "p.started_at",
            "p.position",
            "p.is_complete",
            "p.minutes",
            "p.device",
          ])
          .where("p.user_id", "=", userId)
          .orderBy("p.started_at", "desc")
          .orderBy("p.seq", "desc")
          .limit(RECENT)
          .execute(),
        db
          .selectFrom("reservations as r")
          .innerJoin("live_classes as c", "c.id", "r.class_id")
          .innerJoin("locations as l", "l.id", "c.location_id")
          .select([
            "r.class_id",
            "c.class_type",
            "l.name as location",
            "c.start_at",
            "r.status",
            "r.created_at",
            "r.checked_in_at",
            "r.cancelled_at",
            "r.late_cancel",
          ])
          .where("r.user_id", "=", userId)
          .orderBy("c.start_at", "desc")
          .limit(RECENT)
          .execute(),
        db
          .selectFrom("waitlist_entries as e")
          .innerJoin("live_classes as c", "c.id", "e.class_id")
          .innerJoin("locations as l", "l.id", "c.location_id")
          .select([
            "e.class_id",
            "c.class_type",
            "l.name as location",
            "c.start_at",
            "e.status",
            "e.created_at",
            "e.ended_at",
          ])
          .where("e.user_id", "=", userId)
          .orderBy("e.created_at", "desc")
          .limit(RECENT)
          .execute(),
      ]);
    const current = currentSubscription(subs, now);
    return {
      profile: {
        id: user.id,
        email: user.email,
        given_name: user.given_name,
        family_name: user.family_name,
        birthday: user.birthday,
        phone: (user.phone as { country: string; number: string } | null) ?? null,
        opt_in: user.opt_in,
        waiver_accepted_at: user.waiver_accepted_at,
        created_at: user.created_at,
        closed_at: user.deactivated_at,
        company_role: role?.role ?? null,
        deletion: deletion ?? null,
      },
      membership: membershipLine(current, now),
      subscriptions: subs.map((s) => ({
        ...membershipLine(s, now)!,
        sku: s.sku,
        original_purchase_date: s.original_purchase_date,
        trial_end: s.trial_end,
        canceled_at: s.canceled_at,
        cancel_reason: s.cancel_reason,
        pause_starts_at: s.pause_starts_at,
        pause_resumes_at: s.pause_resumes_at,
      })),
      timeline: events.map((e) => ({ ...e, id: String(e.id) })),
      cards: [
        ...cards.map((c) => ({
          brand: c.brand,
          last4: c.last4,
          exp_month: c.exp_month,
          exp_year: c.exp_year,
          is_default: c.id === defaultCard?.default_payment_method_id,
          provider: "sandbox",
          added_at: c.created_at,
        })),
        ...(stripeCard?.brand && stripeCard.last4
          ? [
              {
                brand: stripeCard.brand,
                last4: stripeCard.last4,
                exp_month: stripeCard.exp_month,
                exp_year: stripeCard.exp_year,
                is_default: true,
                provider: "stripe",
                added_at: stripeCard.updated_at,
              },
            ]
          : []),
      ],
      sessions: tokens.map(({ family_id: _, ...t }) => ({ ...t, live: !!t.live })),
      plays,
      bookings,
      waitlists,
    };
  }
}
