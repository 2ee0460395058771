import { useEffect } from "preact/hooks";
import { contentSlice } from "../../src/store/index.js";
import { useStore } from "../ui/store.js";

/** The referral flag (config.json `features.referral`), where visitors start a membership, and who is looking. */
export function useReferralData() {
  const store = useStore(contentSlice);
  const signedIn = store.session.signedIn.value;
  useEffect(() => {
    void store.content.config.load();
  }, [store]);
  useEffect(() => {
    if (signedIn) void store.session.claims.load();
  }, [signedIn]);
  const config = store.content.config.data.value;
  return {
    enabled: config?.features.referral === true,
    /** The external store (config.json `store.url`), or null when visitors join in the app. */
    storeUrl: config?.store.url ?? null,
    appBase: config?.apiBase,
    signedIn,
    entitled: signedIn && store.session.status.value.entitled,
  };
}
