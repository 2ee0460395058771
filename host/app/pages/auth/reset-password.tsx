import { useState, type FormEvent } from "react";
import { useSearch } from "wouter";
import { t } from "../../../../src/i18n/index.js";
import { resetPassword } from "../../../../src/api/index.js";
import { AuthLayout, form, small } from "./auth-layout.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { FormError } from "../../ui/field.js";
import { useStore } from "../../lib/store.js";
import { PasswordField } from "./password-field.js";
import { messageOf } from "./continue.js";

const MIN_PASSWORD = 6;

/** The page the reset email links to: /reset-password?token=… */
export default function ResetPasswordPage() {
  const store = useStore();
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState("");
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password.length < MIN_PASSWORD) return setError(t("error.passwordLength"));
    if (password !== confirm) return setError(t("auth.passwordsDiffer"));
    setBusy(true);
    setError("");
    try {
      await resetPassword(store.api, { token, password });
      store.auth.logout();
      setDone(true);
    } catch (err) {
      setError(messageOf(err, "auth.resetLinkInvalid"));
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <AuthLayout title={t("auth.resetPassword")} subtitle={t("auth.resetLinkInvalid")}>
        <ButtonLink href="/forgot-password" full>
          {t("auth.sendANewLink")}
        </ButtonLink>
      </AuthLayout>
    );
  }
  if (done) {
    return (
      <AuthLayout title={t("auth.passwordUpdated")} subtitle={t("auth.passwordChanged")}>
        <ButtonLink href="/continue" full autoFocus>
          {t("auth.logIn")}
        </ButtonLink>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t("auth.chooseANewPassword")}>
      <form className={form} onSubmit={submit} noValidate>
        <FormError>{error}</FormError>
        <PasswordField
          label={t("auth.newPassword")}
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          hint={t("auth.passwordHint", { count: MIN_PASSWORD })}
        />
        <PasswordField
          label={t("auth.confirmNewPassword")}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
        />
        <Button type="submit" full disabled={busy}>
          {busy ? t("auth.saving") : t("auth.savePassword")}
        </Button>
      </form>
      <p className={small}>{t("auth.signingInOnOther")}</p>
    </AuthLayout>
  );
}
