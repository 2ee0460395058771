import type { FastifyInstance, FastifyRequest } from "fastify";
import { memberOf } from "../context.js";
import { PAUSE_MONTHS } from "../../../src/domain/membership-pause.js";
import { errorSchema, exactObject, memberSecurity, strictObject } from "../schemas.js";
import type { Actor } from "../services/operator-access.js";
import { typed } from "./typed.js";

const string = { type: "string" } as const;
const nullableString = { type: ["string", "null"] } as const;
const integer = { type: "integer" } as const;
const boolean = { type: "boolean" } as const;
const dateTime = { type: "string", format: "date-time" } as const;
const nullableDateTime = { type: ["string", "null"], format: "date-time" } as const;
const list = <const T extends object>(item: T) => ({ type: "array", items: item }) as const;

const memberId = exactObject({ id: { type: "string", format: "uuid", description: "the member's user id" } });
/** Why support acts: required for every action, kept in the audit log (never shown to the member). */
const reason = {
  type: "string",
  minLength: 1,
  maxLength: 500,
  pattern: "^[^\\u0000-\\u001f]*\\S[^\\u0000-\\u001f]*$",
  description: "Why (for the audit log)",
} as const;
const reasonOnly = exactObject({ reason });

const membershipLine = exactObject({
  subscription_id: string,
  name: string,
  provider: string,
  state: string,
  display_state: string,
  is_active: boolean,
  expiration_date: nullableDateTime,
});
const nullableMembership = { anyOf: [membershipLine, { type: "null" }] } as const;

const searchItem = exactObject({
  id: string,
  email: string,
  name: string,
  created_at: dateTime,
  closed: boolean,
  membership: nullableMembership,
});

const memberPage = exactObject({
  profile: exactObject({
    id: string,
    email: string,
    given_name: string,
    family_name: string,
    birthday: nullableString,
    phone: {
      anyOf: [exactObject({ country: string, number: string }), { type: "null" }],
    },
    opt_in: boolean,
    waiver_accepted_at: nullableDateTime,
    created_at: dateTime,
    closed_at: nullableDateTime,
    company_role: nullableString,
    deletion: {
      anyOf: [
        exactObject({ requested_at: dateTime, erase_at: dateTime, erased_at: nullableDateTime }),
        { type: "null" },
      ],
    },
  }),
  membership: nullableMembership,
  subscriptions: list(
    strictObject(
      {
        ...membershipLine.properties,
        sku: nullableString,
        original_purchase_date: dateTime,
        trial_end: nullableDateTime,
        canceled_at: nullableDateTime,
        cancel_reason: nullableString,
        pause_starts_at: nullableDateTime,
        pause_resumes_at: nullableDateTime,
      },
      [
        ...membershipLine.required,
        "sku",
        "original_purchase_date",
        "trial_end",
        "canceled_at",
        "cancel_reason",
        "pause_starts_at",
        "pause_resumes_at",
      ],
    ),
  ),
  timeline: list(
    exactObject({
      id: string,
      subscription_id: string,
      subscription_name: string,
      actor: { type: "string", description: "member:<id>, operator:<email>, job:<name> or system:<cause>" },
      action: string,
      from_state: nullableString,
      to_state: string,
      details: { type: "object", additionalProperties: true },
      created_at: dateTime,
    }),
  ),
  cards: list(
    exactObject({
      brand: string,
      last4: { type: "string", pattern: "^\\d{4}$" },
      exp_month: { type: ["integer", "null"] },
      exp_year: { type: ["integer", "null"] },
      is_default: boolean,
      provider: string,
      added_at: dateTime,
    }),
  ),
  sessions: list(
    exactObject({
      device: nullableString,
      signed_in_at: dateTime,
      last_used_at: dateTime,
      expires_at: dateTime,
      live: boolean,
    }),
  ),
  plays: list(
    exactObject({
      workout_id: string,
      workout_name: nullableString,
      started_at: dateTime,
      position: { type: "number", description: "seconds reached" },
      is_complete: boolean,
      minutes: integer,
      device: nullableString,
    }),
  ),
  bookings: list(
    exactObject({
      class_id: string,
      class_type: string,
      location: string,
      start_at: dateTime,
      status: string,
      created_at: dateTime,
      checked_in_at: nullableDateTime,
      cancelled_at: nullableDateTime,
      late_cancel: boolean,
    }),
  ),
  waitlists: list(
    exactObject({
      class_id: string,
      class_type: string,
      location: string,
      start_at: dateTime,
      status: string,
      created_at: dateTime,
      ended_at: nullableDateTime,
    }),
  ),
});

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Member support in the operator console (/admin/v1/members, issue 30): find a member, read their page, act on their
 * account. Admins and support only (the `members` area): editors and viewers are refused with 403, like members.
 * Every action needs a reason and answers the member page as it is afterwards.
 */
export async function adminMemberRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { memberLookup: lookup, memberSupport: support } = app.services;
  const actor = (request: FastifyRequest): Actor => {
    const member = memberOf(request);
    return { id: member.id, email: member.email };
  };
  const members = { config: { consoleArea: "members" as const } };
  const common = { tags: ["admin"], security: memberSecurity };

  app.get(
    "/members",
    {
      ...members,
      schema: {
        ...common,
        summary: "Find members by id, email (exact or its beginning) or name (any part, any case)",
        querystring: strictObject(
          {
            q: { type: "string", minLength: 1, maxLength: 254, pattern: "\\S" },
            limit: { type: "integer", minimum: 1, maximum: 100, default: 25 },
            offset: { type: "integer", minimum: 0, maximum: 1_000_000, default: 0 },
          },
          ["q"],
        ),
        response: { 200: exactObject({ items: list(searchItem), total: integer }), ...refusals },
      },
    },
    async (request) => {
      const { q, limit = 25, offset = 0 } = request.query;
      return lookup.search({ q, limit, offset });
    },
  );

  app.get(
    "/members/:id",
    {
      ...members,
      schema: {
        ...common,
        summary:
          "One member: profile, memberships and every change to them with its cause, cards (brand and last four), " +
          "signed-in devices, recent plays, bookings and waitlists",
        params: memberId,
        response: { 200: memberPage, ...refusals },
      },
    },
    async (request) => lookup.page(request.params.id),
  );

  app.post(
    "/members/:id/comp",
    {
      ...members,
      schema: {
        ...common,
        summary:
          "Give free days: a running membership's access and next charge move later; a member without one gets a " +
          "complimentary membership until then",
        params: memberId,
        body: exactObject({ days: { type: "integer", minimum: 1, maximum: 366 }, reason }),
        response: { 200: memberPage, ...refusals },
      },
    },
    async (request) => {
      await support.comp(actor(request), request.params.id, request.body.days, request.body.reason);
      return lookup.page(request.params.id);
    },
  );

  app.post(
    "/members/:id/cancel",
    {
      ...members,
      schema: {
        ...common,
        summary: "Cancel the membership now (access ends at once) or at the period end (as the member's own cancel)",
        params: memberId,
        body: exactObject({ when: { type: "string", enum: ["now", "period_end"] }, reason }),
        response: { 200: memberPage, ...refusals },
      },
    },
    async (request) => {
      await support.cancel(actor(request), request.params.id, request.body.when, request.body.reason);
      return lookup.page(request.params.id);
    },
  );

  app.post(
    "/members/:id/pause",
    {
      ...members,
      schema: {
        ...common,
        summary: "Pause the membership for 1 to 3 months from its period end, by the member's own pause rule",
        params: memberId,
        body: exactObject({ months: { type: "integer", enum: [...PAUSE_MONTHS] }, reason }),
        response: { 200: memberPage, ...refusals },
      },
    },
    async (request) => {
      const { months, reason: why } = request.body;
      await support.pause(actor(request), request.params.id, months, why);
      return lookup.page(request.params.id);
    },
  );

  /** The actions that need nothing but their reason. */
  const simple = [
    ["receipt", "Email the member the receipt of their last paid invoice again", support.resendReceipt],
    ["password-reset", "Email the member a password reset link (the Forgot password email)", support.sendPasswordReset],
    ["sign-out", "Sign the member out of every device", support.signOutEverywhere],
    [
      "erasure",
      "Start the account's erasure as its own Delete my account does (signed out, billing stopped, erased after the grace period)",
      support.startErasure,
    ],
  ] as const;
  for (const [path, summary, run] of simple) {
    app.post(
      `/members/:id/${path}`,
      {
        ...members,
        schema: { ...common, summary, params: memberId, body: reasonOnly, response: { 200: memberPage, ...refusals } },
      },
      async (request) => {
        await run.call(support, actor(request), request.params.id, request.body.reason);
        return lookup.page(request.params.id);
      },
    );
  }
}
