import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

interface Card {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** Stripe's test payment methods: declined when attached, or attached but declined on every charge. */
  declines?: "attach" | "charge";
  /** The issuer's decline code of a declined charge (generic_decline unless named). */
  declineCode?: string;
  /** Every charge needs the member's authentication (3-D Secure): refused off-session, redirected on-session. */
  authenticates?: boolean;
}

interface Intent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  customer: string | null;
  status: string;
  latest_charge: string;
  last_payment_error: { code: string; decline_code?: string; payment_method?: string } | null;
  payment_method: string | null;
  next_action: { type: "redirect_to_url"; redirect_to_url: { url: string; return_url: string } } | null;
}

interface Refund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string | null;
  status: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey?: string;
}

/**
 * A stand-in for the few Stripe API calls the Stripe billing provider makes (customers and their metadata,
 * SetupIntents, payment methods, PaymentIntents), answering Stripe's shapes and card errors, on 127.0.0.1. It knows
 * Stripe's documented test payment methods `pm_card_visa`, `pm_card_mastercard`, `pm_card_chargeDeclined` and
 * `pm_card_visa_chargeDeclined`.
 */
export async function startStripeDouble() {
  const cards: Record<string, Card & { customer: string | null }> = {
    pm_card_visa: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034, customer: null },
    pm_card_mastercard: { brand: "mastercard", last4: "4444", exp_month: 12, exp_year: 2034, customer: null },
    pm_card_chargeDeclined: {
      brand: "visa",
      last4: "0002",
      exp_month: 12,
      exp_year: 2034,
      declines: "attach",
      customer: null,
    },
    pm_card_visa_chargeDeclined: {
      brand: "visa",
      last4: "0341",
      exp_month: 12,
      exp_year: 2034,
      declines: "charge",
      customer: null,
    },
    pm_card_authenticationRequired: {
      brand: "visa",
      last4: "3184",
      exp_month: 12,
      exp_year: 2034,
      authenticates: true,
      customer: null,
    },
    pm_card_chargeDeclinedStolenCard: {
      brand: "visa",
      last4: "9979",
      exp_month: 12,
      exp_year: 2034,
      declines: "charge",
      declineCode: "stolen_card",
      customer: null,
    },
  };
  const customers = new Map<
    string,
    { id: string; default_payment_method: string | null; metadata: Record<string, string> }
  >();
  const byIdempotencyKey = new Map<string, string>();
  const intents = new Map<string, Intent>();
  const charges = new Map<string, { id: string; object: "charge"; payment_intent: string; amount: number }>();
  const refunds = new Map<string, Refund>();
  const disputes = new Map<
    string,
    { id: string; object: "dispute"; charge: string; payment_intent: string; amount: number; reason: string }
  >();
  const refundOf = (intent: Intent, amount: number, reason: string | null): Refund => {
    const id = `re_${++n}`;
    const refund = {
      id,
      object: "refund" as const,
      amount,
      currency: intent.currency,
      charge: intent.latest_charge,
      payment_intent: intent.id,
      reason,
      status: "succeeded",
    };
    refunds.set(id, refund);
    return refund;
  };
  const requests: RecordedRequest[] = [];
  let n = 0;

  const cardError = (extra: Record<string, unknown> = {}) => ({
    status: 402,
    body: {
      error: {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
        ...extra,
      },
    },
  });
  const missing = (id: string) => ({
    status: 404,
    body: {
      error: { type: "invalid_request_error", code: "resource_missing", message: `No such PaymentMethod: '${id}'` },
    },
  });
  const pmObject = (card: Card & { customer: string | null }, id: string) => ({
    id,
    object: "payment_method",
    type: "card",
    customer: card.customer,
    card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year },
  });

  function handle(
    method: string,
    path: string,
    form: URLSearchParams,
    key?: string,
  ): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/customers") {
      const known = key && byIdempotencyKey.get(key);
      const id = known || `cus_${++n}`;
      if (key) byIdempotencyKey.set(key, id);
      if (!customers.has(id)) customers.set(id, { id, default_payment_method: null, metadata: {} });
      return { status: 200, body: { id, object: "customer", email: form.get("email") } };
    }
    const customerId = /^\/v1\/customers\/(\w+)$/.exec(path)?.[1];
    if (method === "POST" && customerId) {
      const c = customers.get(customerId);
      if (!c) return missing(customerId);
      // As Stripe does: only the fields sent change; a metadata key sent empty is removed.
      const card = form.get("invoice_settings[default_payment_method]");
      if (card !== null) c.default_payment_method = card;
      for (const [field, value] of form) {
        const key = /^metadata\[(.+)\]$/.exec(field)?.[1];
        if (key && value) c.metadata[key] = value;
        else if (key) delete c.metadata[key];
      }
      return {
        status: 200,
        body: {
          id: c.id,
          object: "customer",
          invoice_settings: { default_payment_method: c.default_payment_method },
          metadata: c.metadata,
        },
      };
    }
    if (method === "POST" && path === "/v1/setup_intents") {
      const id = `seti_${++n}`;
      return {
        status: 200,
        body: {
          id,
          object: "setup_intent",
          customer: form.get("customer"),
          usage: form.get("usage"),
          status: "requires_payment_method",
          client_secret: `${id}_secret_${n}`,
        },
      };
    }
    const pm = /^\/v1\/payment_methods\/(\w+)(\/attach)?$/.exec(path);
    if (pm) {
      const [, id = "", attach] = pm; // the id group is required
      const card = Object.hasOwn(cards, id) ? cards[id] : undefined;
      if (!card) return missing(id);
      if (method === "GET" && !attach) return { status: 200, body: pmObject(card, id) };
      if (method === "POST" && attach) {
        if (card.declines === "attach") return cardError();
        card.customer = form.get("customer");
        return { status: 200, body: pmObject(card, id) };
      }
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const known = key && byIdempotencyKey.get(key);
      if (known) return { status: 200, body: intents.get(known) };
      const id = `pi_${++n}`;
      const card = cards[form.get("payment_method") ?? ""]; // an unknown id
      const chargeId = `ch_${n}`;
      const intent: Intent = {
        id,
        object: "payment_intent",
        amount: Number(form.get("amount")),
        currency: form.get("currency") ?? "usd",
        customer: form.get("customer"),
        status: "succeeded",
        latest_charge: chargeId,
        last_payment_error: null,
        payment_method: form.get("payment_method"),
        next_action: null,
      };
      intents.set(id, intent);
      if (key) byIdempotencyKey.set(key, id);
      charges.set(chargeId, { id: chargeId, object: "charge", payment_intent: id, amount: intent.amount });
      if (card?.authenticates && form.get("off_session") === "true") {
        intent.status = "requires_payment_method";
        intent.last_payment_error = {
          code: "authentication_required",
          decline_code: "authentication_required",
          payment_method: intent.payment_method!,
        };
        return cardError({
          code: "authentication_required",
          decline_code: "authentication_required",
          payment_intent: intent,
        });
      }
      if (!card || card.declines) {
        const declineCode = card?.declineCode ?? "generic_decline";
        intent.status = "requires_payment_method";
        intent.last_payment_error = { code: "card_declined", decline_code: declineCode };
        return cardError({ decline_code: declineCode, payment_intent: intent });
      }
      return { status: 200, body: intent };
    }
    const confirmId = /^\/v1\/payment_intents\/(\w+)\/confirm$/.exec(path)?.[1];
    if (method === "POST" && confirmId) {
      const intent = intents.get(confirmId);
      if (!intent) return missing(confirmId);
      if (!["requires_payment_method", "requires_confirmation", "requires_action"].includes(intent.status))
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              code: "payment_intent_unexpected_state",
              message: `This PaymentIntent's status is ${intent.status}`,
            },
          },
        };
      const pmId = form.get("payment_method") ?? intent.payment_method ?? "";
      const card = cards[pmId];
      if (!card || card.declines) {
        intent.status = "requires_payment_method";
        intent.last_payment_error = { code: "card_declined", decline_code: card?.declineCode ?? "generic_decline" };
        return cardError({ decline_code: card?.declineCode ?? "generic_decline", payment_intent: intent });
      }
      intent.payment_method = pmId;
      intent.last_payment_error = null;
      const returnUrl = form.get("return_url");
      if (card.authenticates && returnUrl) {
        intent.status = "requires_action";
        intent.next_action = {
          type: "redirect_to_url",
          redirect_to_url: { url: `https://hooks.stripe.test/3d_secure_2/${intent.id}`, return_url: returnUrl },
        };
      } else if (card.authenticates) {
        intent.status = "requires_action";
      } else intent.status = "succeeded";
      return { status: 200, body: intent };
    }
    const intentId = /^\/v1\/payment_intents\/(\w+)$/.exec(path)?.[1];
    if (method === "GET" && intentId) {
      const intent = intents.get(intentId);
      return intent ? { status: 200, body: intent } : missing(intentId);
    }
    if (method === "POST" && path === "/v1/refunds") {
      const known = key && byIdempotencyKey.get(key);
      if (known) return { status: 200, body: refunds.get(known) };
      const intent = intents.get(form.get("payment_intent") ?? "");
      if (!intent) return missing(form.get("payment_intent") ?? "");
      const refunded = [...refunds.values()]
        .filter((r) => r.payment_intent === intent.id)
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = Number(form.get("amount") ?? intent.amount - refunded);
      if (refunded + amount > intent.amount)
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", code: "amount_too_large", message: "Refund too large" } },
        };
      const refund = refundOf(intent, amount, null);
      if (key) byIdempotencyKey.set(key, refund.id);
      return { status: 200, body: refund };
    }
    if (method === "GET" && path === "/v1/refunds") {
      const charge = form.get("charge");
      const data = [...refunds.values()].filter((r) => !charge || r.charge === charge);
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/refunds" } };
    }
    const chargeId = /^\/v1\/charges\/(\w+)$/.exec(path)?.[1];
    if (method === "GET" && chargeId) {
      const charge = charges.get(chargeId);
      return charge ? { status: 200, body: charge } : missing(chargeId);
    }
    const disputeId = /^\/v1\/disputes\/(\w+)$/.exec(path)?.[1];
    if (method === "GET" && disputeId) {
      const dispute = disputes.get(disputeId);
      return dispute ? { status: 200, body: dispute } : missing(disputeId);
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const form = new URLSearchParams(req.method === "GET" ? url.search : raw);
      const key = req.headers["idempotency-key"] as string | undefined;
      requests.push({ method: req.method ?? "GET", path: url.pathname, form, idempotencyKey: key });
      const { status, body } = handle(req.method ?? "GET", url.pathname, form, key);
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_${n}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    customers,
    intents,
    cards,
    /** A refund made in Stripe's dashboard (no request of ours): answers it, as charge.refunded would name it. */
    refundInDashboard(intentId: string, amount: number) {
      return refundOf(intents.get(intentId)!, amount, "requested_by_customer");
    },
    /** The member completes (or fails) the bank's authentication page a confirmation redirected them to. */
    authenticate(intentId: string, passed: boolean) {
      const intent = intents.get(intentId)!;
      intent.next_action = null;
      if (passed) intent.status = "succeeded";
      else {
        intent.status = "requires_payment_method";
        intent.last_payment_error = { code: "payment_intent_authentication_failure" };
      }
      return intent;
    },
    /** A chargeback the member's bank opened on a charge. */
    openDispute(intentId: string) {
      const intent = intents.get(intentId)!;
      const dispute = {
        id: `dp_${++n}`,
        object: "dispute" as const,
        charge: intent.latest_charge,
        payment_intent: intent.id,
        amount: intent.amount,
        reason: "fraudulent",
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
