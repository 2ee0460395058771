import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { errorSchema, exactObject, memberSecurity } from "../schemas.js";
import { listMemberPayments, paymentSchema, refundInvoice } from "../services/member-payments.js";
import { typed } from "./typed.js";

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const userId = { type: "string", format: "uuid", description: "the member's user id" } as const;

/**
 * A member's payments in the console, and support's refund action (support and admins: the `members` area). Registered
 * inside the /admin/v1 plugin, so its sign-in and role checks apply.
 */
export async function adminPaymentRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const members = { config: { consoleArea: "members" as const } };
  const common = { tags: ["admin"], security: memberSecurity };

  app.get(
    "/members/:userId/payments",
    {
      ...members,
      schema: {
        ...common,
        summary: "A member's invoices, newest first: amount, status, card (brand and last four) and refunds",
        params: exactObject({ userId }),
        response: { 200: exactObject({ items: { type: "array", items: paymentSchema } }), ...refusals },
      },
    },
    async (request) => ({ items: await listMemberPayments(ctx.db, request.params.userId) }),
  );

  app.post(
    "/members/:userId/invoices/:invoiceId/refunds",
    {
      ...members,
      schema: {
        ...common,
        summary:
          "Refund part or all of a paid invoice through the payment provider (409 beyond what remains); endAccess ends the membership now",
        params: exactObject({ userId, invoiceId: { type: "string", minLength: 1, maxLength: 100 } }),
        body: exactObject({
          amount: { type: "integer", minimum: 1, maximum: 100_000_000, description: "cents" },
          reason: {
            type: "string",
            minLength: 1,
            maxLength: 500,
            pattern: "^[^\\u0000-\\u001f]*\\S[^\\u0000-\\u001f]*$",
          },
          endAccess: { type: "boolean" },
        }),
        response: { 200: paymentSchema, ...refusals },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const { amount, reason, endAccess } = request.body;
      return refundInvoice(
        { db: ctx.db, clock: ctx.clock, billing: ctx.billing, publicUrl: ctx.config.publicUrl },
        { id: member.id, email: member.email },
        request.params.userId,
        request.params.invoiceId,
        { amount, reason: reason.trim(), endAccess },
      );
    },
  );
}
