import { useState } from "react";
import { useLocation } from "wouter";
import { signOut } from "../../../../src/api/index.js";
import { AuthLayout } from "./auth-layout.js";
import { Button } from "../../ui/button.js";
import { useStore } from "../../lib/store.js";
import { useSession } from "../../lib/session.js";
import { t } from "../../../../src/i18n/index.js";

/** Asks before signing out; signing out revokes the refresh token on the server and forgets it in every tab. */
export default function LogoutPage() {
  const store = useStore();
  const session = useSession();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    const refresh = store.auth.tokens.peek()?.refresh;
    if (refresh) await signOut(store.api, refresh).catch(() => undefined);
    store.auth.logout();
    navigate("/continue", { replace: true });
  }

  if (!session.signedIn) {
    return (
      <AuthLayout title={t("auth.youAreLoggedOut")} subtitle={t("auth.seeYouNext")}>
        <Button full onClick={() => navigate("/continue")}>
          {t("auth.logIn")}
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t("auth.logOut")} subtitle={t("auth.confirmLogOut")}>
      <div style={{ display: "grid", gap: 12 }}>
        <Button full onClick={logout} disabled={busy}>
          {busy ? t("auth.loggingOut") : t("auth.yesLogOut")}
        </Button>
        <Button full variant="secondary" onClick={() => (history.length > 1 ? history.back() : navigate("/home"))}>
          {t("auth.cancel")}
        </Button>
      </div>
    </AuthLayout>
  );
}
