import { useSearch } from "wouter";
import { t, currentLocale } from "../../../../src/i18n/index.js";
import { AuthLayout } from "./auth-layout.js";
import { ButtonLink } from "../../ui/button.js";

/**
 * The signed-out page after "Delete my account": the date the account will be erased (from the server's answer, in
 * the member's own calendar), what to cancel in an app store, and how to change one's mind.
 */
export default function AccountDeletedPage() {
  const params = new URLSearchParams(useSearch());
  const on = new Date(params.get("on") ?? "");
  const date = Number.isNaN(on.getTime()) ? undefined : on.toLocaleDateString(currentLocale(), { dateStyle: "long" });
  const notices = params.getAll("notice");
  return (
    <AuthLayout title={t("myData.deletedTitle")}>
      <div style={{ display: "grid", gap: 12 }}>
        {date ? <p role="status">{t("myData.deletedOn", { date })}</p> : null}
        {notices.map((n) => (
          <p key={n}>
            <strong>{n}</strong>
          </p>
        ))}
        <p>{t("myData.deletedCancel")}</p>
        <ButtonLink href="/continue" full>
          {t("auth.logIn")}
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
