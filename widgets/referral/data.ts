import { useEffect } from "preact/hooks";
import { contentSlice } from "../../src/store/index.js";
import { useStore } from "../ui/store.js";

/** The referral flag (config.json `features.referral`) and who is looking. */
export function useReferralData() {
  const store = useStore(contentSlice);
  const signedIn = store.session.signedIn.value;
  useEffect(() => {
    void store.content.config.load();
  }, [store]);
  useEffect(() => {
    if (signedIn) void store.session.claims.load();
  }, [signedIn]);
  return {
    enabled: store.content.config.data.value?.features.referral === true,
    signedIn,
    entitled: signedIn && store.session.status.value.entitled,
  };
}
