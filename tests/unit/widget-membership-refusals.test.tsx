/** @jsxImportSource preact */
// The membership panel says the server's promo-code and card refusals in the member's language by their code (the
// contract's error body), never by matching the English sentence.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/api/index.js";
import { createWidgetElement } from "../../widgets/ui/element.js";
import { speak } from "../../widgets/ui/copy.js";
import { createStoreWith, membershipSlice, memoryStorage } from "../../src/store/index.js";
import { writeTokens } from "../../src/auth/index.js";
import { fakeJwt } from "./core-http-server.js";
import { CardForm } from "../../widgets/membership-panel/card-form.js";
import { promoRefusal } from "../../widgets/membership-panel/flow-copy.js";
import panelEs from "../../widgets/membership-panel/copy.es-US.js";
import panelFr from "../../widgets/membership-panel/copy.fr-CA.js";
import type { useMembership } from "../../widgets/membership-panel/data.js";

/** A refusal as the client holds it: an ApiError with the contract's body. */
const refused = (code: string, values: Record<string, string>, message: string | string[] = "(English)") =>
  new ApiError("POST", "/v2/subscriptions/subs/change-plan", 400, {
    statusCode: 400,
    error: "Bad Request",
    message,
    code,
    values,
  });

afterEach(() => {
  speak(undefined);
  document.body.innerHTML = "";
});

describe("promo-code refusals", () => {
  it("names the rule that refused the code, with the code as typed, in each language", () => {
    const capped = refused("promo_fully_redeemed", { promo_code: "FALL10" });
    expect(promoRefusal(capped)).toBe("Promo code FALL10 has been fully redeemed");
    speak({ locale: "es-US", messages: panelEs });
    expect(promoRefusal(capped)).toBe("El código promocional FALL10 ya se canjeó por completo");
    expect(promoRefusal(refused("promo_other_plan", { promo_code: "ONLY" }))).toBe(
      "El código promocional ONLY no aplica a este plan",
    );
    speak({ locale: "fr-CA", messages: panelFr });
    expect(promoRefusal(refused("promo_invalid", { promo_code: "nope" }))).toBe("Code promo invalide : nope");
    expect(promoRefusal(refused("promo_new_members_only", { promo_code: "HELLO" }))).toBe(
      "Le code promo HELLO est réservé aux nouveaux membres",
    );
  });

  it("says several refused codes as one sentence naming them all", () => {
    const both = refused("promo_codes_refused", { promo_codes: "A1, B2" }, ["Invalid Promo Code A1", "x"]);
    expect(promoRefusal(both)).toBe("Invalid Promo Codes A1, B2");
    speak({ locale: "es-US", messages: panelEs });
    expect(promoRefusal(both)).toBe("Códigos promocionales no válidos: A1, B2");
  });

  it("leaves every other failure to the flow (undefined), whatever its sentence", () => {
    expect(promoRefusal(refused("validation", {}, "Invalid Promo Code X"))).toBeUndefined();
    expect(promoRefusal(new Error("offline"))).toBeUndefined();
    expect(promoRefusal(undefined)).toBeUndefined();
  });
});

describe("the card form's problems", () => {
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  };
  /** A card form whose sandbox refuses the card: its number and its expiry, by field. */
  async function refusedCardText(lang?: "es-US" | "fr-CA"): Promise<string> {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    const fetch = (async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith("/config.json")) return json(200, { billing: { provider: "sandbox" } });
      if (url.endsWith("/commerce/v1/payment/setup")) return json(200, { client_secret: "seti_1_secret_2" });
      if (url.endsWith("/commerce/v1/sandbox/payment-methods"))
        return json(400, {
          statusCode: 400,
          error: "Bad Request",
          message: ["Your card number is invalid.", "Your card has expired."],
          code: "card_invalid",
          values: { number: "invalid", exp: "expired" },
        });
      return json(404, {});
    }) as typeof globalThis.fetch;
    // A signed-in member: the setup call needs the member's token.
    const storage = memoryStorage();
    writeTokens(storage, { access: fakeJwt(Math.floor(Date.now() / 1000) + 600), id: "", refresh: "r" });
    const store = createStoreWith(
      { apiBase: "http://api.test", fetch, storage, lock: (t) => t(), retryDelay: () => 0 },
      [membershipSlice],
    );
    const data = { store } as unknown as ReturnType<typeof useMembership>;
    const tag = `fit-card-refusal-test-${Math.random().toString(36).slice(2)}`;
    const form = () => (
      <CardForm data={data} supportEmail="support@fitkit.dev" submitLabel="Save card" onSaved={() => {}} />
    );
    // The panel's own language chunks, as its element loads them.
    customElements.define(
      tag,
      createWidgetElement(
        form,
        {},
        {
          "es-US": () => Promise.resolve({ default: panelEs }),
          "fr-CA": () => Promise.resolve({ default: panelFr }),
        },
      ),
    );
    const el = document.createElement(tag);
    if (lang) el.setAttribute("lang", lang);
    document.body.append(el);
    await settle();
    const root = el.shadowRoot!;
    (root.querySelector("input#number") as HTMLInputElement).value = "4242 4242 4242 4241";
    (root.querySelector("input#exp") as HTMLInputElement).value = "01/20";
    (root.querySelector("input#cvc") as HTMLInputElement).value = "123";
    root.querySelector("form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    await settle();
    const problem = root.querySelector("#card-problem")!;
    await vi.waitFor(() => expect(problem.textContent).not.toBe(""));
    return problem.textContent;
  }

  it("shows each problem the server names by field, in Spanish and French too", async () => {
    expect(await refusedCardText()).toBe("Your card number is invalid. Your card has expired.");
    expect(await refusedCardText("es-US")).toBe("El número de tu tarjeta no es válido. Tu tarjeta está vencida.");
    expect(await refusedCardText("fr-CA")).toBe("Le numéro de votre carte est invalide. Votre carte est expirée.");
  });
});
