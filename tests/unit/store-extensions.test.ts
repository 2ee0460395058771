import { afterEach, describe, expect, it } from "vitest";
import {
  createStore,
  getPageStore,
  getSharedStore,
  liveSlice,
  membershipSlice,
  membershipWrites,
  memoryStorage,
  STORE_KEY,
} from "../../src/store/index.js";
import { writeTokens } from "../../src/auth/index.js";

const registry = () => (globalThis as { [STORE_KEY]?: Map<string, unknown[]> })[STORE_KEY];
afterEach(() => registry()?.clear());

describe("the session's account half", () => {
  it("is left out of a widget's page store and added when the hosted app asks for the shared store", () => {
    const storage = memoryStorage();
    const widgetStore = getPageStore({ apiBase: "http://acct.test", storage }, liveSlice);
    expect(typeof widgetStore.session.claims.load).toBe("function");
    expect("signIn" in widgetStore.session).toBe(false);

    const appStore = getSharedStore({ apiBase: "http://acct.test", storage });
    expect(appStore).toBe(widgetStore);
    for (const member of ["signIn", "signUp", "signOut", "user", "profile", "updateProfile", "waiverRequired"])
      expect(member in appStore.session).toBe(true);
    // Registering again adds nothing twice.
    const signIn = appStore.session.signIn;
    getSharedStore({ apiBase: "http://acct.test", storage });
    expect(appStore.session.signIn).toBe(signIn);
  });

  it("is reset with the claims when the member signs out", () => {
    const storage = memoryStorage();
    writeTokens(storage, { access: "a", id: "a", refresh: "r" });
    const store = createStore({ apiBase: "http://acct2.test", storage });
    store.session.claims.set({ entitlements: ["x"] } as never);
    store.session.user.set({
      waiver: { accepted_at: "2026-01-01T00:00:00.000Z" },
      feed_fm_disabled: false,
      closed_captions: false,
    });
    store.auth.logout();
    expect([store.session.claims.data.value, store.session.user.data.value]).toEqual([undefined, undefined]);
  });
});

describe("the membership flows' writes", () => {
  it("join the membership slice when registered, before or after it is built, and reset with it", () => {
    const storage = memoryStorage();
    writeTokens(storage, { access: "a", id: "a", refresh: "r" });
    const panel = getPageStore({ apiBase: "http://writes.test", storage }, membershipSlice);
    expect(typeof panel.membership.reactivate.run).toBe("function");
    expect("cancel" in panel.membership).toBe(false);
    panel.use(membershipWrites);
    for (const member of [
      "cancel",
      "changePlan",
      "applyCoupon",
      "updateBillingAddress",
      "setupPayment",
      "requestStudioLink",
      "subscriptions",
    ])
      expect(member in panel.membership).toBe(true);

    const app = createStore({ apiBase: "http://writes2.test", storage });
    expect("cancel" in app.membership).toBe(true);
    app.membership.subscription.set({ subscription_id: "s" } as never);
    app.membership.subscriptions.set([] as never);
    app.auth.logout();
    expect([app.membership.subscription.data.value, app.membership.subscriptions.data.value]).toEqual([
      undefined,
      undefined,
    ]);
  });
});
