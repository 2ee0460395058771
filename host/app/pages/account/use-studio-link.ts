import { useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";

/**
 * The emailed studio-link confirmation lands on `/account/membership?studio_link={token}`: confirms it once
 * (`POST /v2/subscriptions/subs/create-marianatek`), drops the token from the address bar, and answers the outcome:
 * the success note, or the spec's unlimited-link failure copy for an OOPS! dialog.
 */
export function useStudioLinkConfirmation() {
  const store = useStore();
  const [location, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get("studio_link");
  const started = useRef<string | null>(null);
  const [notice, setNotice] = useState("");
  const [failure, setFailure] = useState("");
  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    navigate(location, { replace: true });
    void store.membership.createStudioLink.run({ token }).then((answer) => {
      if (answer === undefined) return setFailure(t("error.unlimitedLink"));
      setNotice(t("accountMembership.studioLinked"));
    });
  }, [token, location, navigate, store]);
  return { notice, failure, dismiss: () => setFailure("") };
}
