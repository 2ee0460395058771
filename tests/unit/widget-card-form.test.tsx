/** @jsxImportSource preact */
import { afterEach, describe, expect, it } from "vitest";
import { defineWidget } from "../../widgets/define.js";
import { createStoreWith, type Store } from "../../src/store/index.js";
import { CardForm } from "../../widgets/membership-panel/card-form.js";
import type { useMembership } from "../../widgets/membership-panel/data.js";

let n = 0;
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
};

/** A store whose API answers /config.json with this payment provider (and nothing else). */
function storeWith(provider: string): Store<unknown, unknown> {
  const fetch = (async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith("/config.json")) {
      return new Response(JSON.stringify({ apiBase: "http://api.test", billing: { provider }, features: {} }), {
        headers: { "content-type": "application/json" },
      });
    }
    return new Response("{}", { status: 404, headers: { "content-type": "application/json" } });
  }) as typeof globalThis.fetch;
  return createStoreWith({ apiBase: "http://api.test", fetch, retryDelay: () => 0 }, []);
}

/** The card form as a member sees it, in a widget of its own, on a deployment with this payment provider. */
async function cardFormText(provider: string): Promise<string> {
  const tag = `fit-card-form-test-${++n}`;
  const store = storeWith(provider);
  const data = { store } as unknown as ReturnType<typeof useMembership>;
  defineWidget(tag, () => (
    <CardForm data={data} supportEmail="support@fitkit.dev" submitLabel="Save card" onSaved={() => {}} />
  ));
  const el = document.createElement(tag);
  document.body.append(el);
  await settle();
  expect(el.shadowRoot!.querySelector("input#number"), "the form rendered").not.toBeNull();
  return el.shadowRoot!.textContent;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the card form's test-card hint", () => {
  it("explains the sandbox's test cards when the sandbox takes cards", async () => {
    expect(await cardFormText("sandbox")).toContain("Sandbox: 4242 4242 4242 4242 succeeds");
  });

  it("never shows them to members paying through Stripe", async () => {
    const text = await cardFormText("stripe");
    expect(text).not.toContain("4242");
    expect(text).not.toContain("Sandbox");
  });
});
