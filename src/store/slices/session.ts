import { computed } from "@preact/signals-core";
import * as api from "../../api/index.js";
import type { SignUpRequest } from "../../api/types.js";
import { memberStatus } from "../../domain/member-status.js";
import type { StoreContext } from "../context.js";
import { createMutation } from "../mutation.js";
import { createResource, into } from "../resource.js";
import type { SliceExtension } from "../store-core.js";

/** Signed-in state, the claims and the member status they give: what every widget asks ("signed in? entitled?"). */
export function createSessionSlice(ctx: StoreContext) {
  const claims = ctx.watch(
    "session.claims",
    createResource((s) => api.getClaims(ctx.api, s)),
  );
  return {
    signedIn: ctx.signedIn,
    claims,
    /** Entitled, trial, VIP, paused, previously entitled (spec §6). */
    status: computed(() => memberStatus(claims.data.value)),
    reset() {
      claims.reset();
    },
  };
}
export type SessionSlice = ReturnType<typeof createSessionSlice>;

/** The account half of the session: the member's attributes and profile, sign-in, sign-up, sign-out, onboarding. */
function createSessionAccount(ctx: StoreContext, { claims }: SessionSlice) {
  const { api: c, auth } = ctx;
  const user = createResource((s) => api.getUserAttribute(c, s));
  const email = createResource((s) => api.getEmailAttribute(c, s));
  const preferences = createResource((s) => api.getPreferences(c, s));
  const profile = createResource((s) => api.getProfile(c, s));
  const onboardingResults = createResource((s) => api.getOnboardingResults(c, s));

  const signIn = createMutation(async (credentials: { email: string; password: string }) => {
    const answer = await api.signIn(c, credentials);
    auth.setTokens(answer);
    void claims.reload();
    return answer;
  });
  const signUp = createMutation(async (body: SignUpRequest) => {
    const answer = await api.signUp(c, body);
    auth.setTokens(answer);
    void claims.reload();
    return answer;
  });

  return {
    user,
    email,
    preferences,
    profile,
    onboardingResults,
    /** Spec §5: an absent waiver means the waiver is required. */
    waiverRequired: computed(() => user.status.value === "success" && !user.data.value?.waiver),
    signIn,
    signUp,
    updateUser: createMutation((patch: Parameters<typeof api.updateUserAttribute>[1]) =>
      api.updateUserAttribute(c, patch).then(into(user)),
    ),
    updateEmail: createMutation((patch: Parameters<typeof api.updateEmailAttribute>[1]) =>
      api.updateEmailAttribute(c, patch).then(into(email)),
    ),
    updatePreferences: createMutation((patch: Parameters<typeof api.updatePreferences>[1]) =>
      api.updatePreferences(c, patch).then(into(preferences)),
    ),
    /** A rename shows in the claims (greeting, header) at once, so they are re-read after a save. */
    updateProfile: createMutation((change: Parameters<typeof api.updateProfile>[1]) =>
      api.updateProfile(c, change).then(into(profile)).then(ctx.after("session.claims")),
    ),
    submitOnboarding: createMutation((answers: Parameters<typeof api.submitOnboardingResults>[1]) =>
      api.submitOnboardingResults(c, answers).then(into(onboardingResults)),
    ),
    deactivate: createMutation(async () => {
      const answer = await api.deactivateAccount(c);
      auth.logout();
      return answer;
    }),
    /** Revokes the login on the server (best effort) and forgets the tokens here and in every tab. */
    async signOut() {
      const refresh = auth.tokens.peek()?.refresh;
      auth.logout();
      if (refresh) await api.signOut(c, refresh).catch(() => undefined);
    },
    reset() {
      for (const r of [user, email, preferences, profile, onboardingResults]) r.reset();
    },
  };
}

/**
 * The account half on `store.session`, registered like a slice (createStore and getSharedStore always add it, so the
 * hosted app's store has it); widgets, which only ask whether someone is signed in and entitled, leave it out.
 */
export const sessionAccount: SliceExtension<"session", SessionSlice, SessionAccount> = {
  extends: "session",
  create: createSessionAccount,
};
export type SessionAccount = ReturnType<typeof createSessionAccount>;
