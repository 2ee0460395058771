import { useEffect } from "react";
import { useSignal } from "./use-signal.js";
import { useStore } from "./store.js";

/**
 * The member as the pages see it: signed in or not, the claims, the membership status, and whether the auth state
 * is known yet (signed out, or the claims call finished).
 */
export function useSession() {
  const { session } = useStore();
  const signedIn = useSignal(session.signedIn);
  const claims = useSignal(session.claims.data);
  const claimsDone = useSignal(session.claims.fulfilled);
  const status = useSignal(session.status);
  return {
    signedIn,
    claims: signedIn ? claims : undefined,
    ready: !signedIn || claimsDone,
    status,
    entitled: signedIn && status.entitled,
  };
}

/** Loads the claims when a member signs in (here or in another tab) and forgets member data on sign-out. Shell only. */
export function useSessionSync() {
  const store = useStore();
  const signedIn = useSignal(store.session.signedIn);
  useEffect(() => {
    if (signedIn) void store.session.claims.load();
    else store.session.reset();
  }, [signedIn, store]);
}
