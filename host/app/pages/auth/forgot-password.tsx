import { useState, type FormEvent } from "react";
import { Link, useSearch } from "wouter";
import { t } from "../../../../src/i18n/index.js";
import { forgotPassword } from "../../../../src/api/index.js";
import { AuthLayout, form, small, textLink } from "./auth-layout.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { useStore } from "../../lib/store.js";
import { withReturn } from "../../lib/redirect.js";
import { messageOf } from "./continue.js";
import { looksLikeEmail } from "../../../../src/domain/index.js";

/** Sends the reset link; the answer never says whether the email has an account. */
export default function ForgotPasswordPage() {
  const store = useStore();
  const search = useSearch();
  const [email, setEmail] = useState(new URLSearchParams(search).get("email") ?? "");
  const [sent, setSent] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (!looksLikeEmail(email)) return setError(t("error.invalidEmail"));
    setBusy(true);
    setError("");
    try {
      await forgotPassword(store.api, email.trim());
      if (sent) setResent(true);
      setSent(true);
    } catch (err) {
      // A refused resend (429: too many) must not read "We sent it again."; the server says how long to wait.
      setResent(false);
      setError(messageOf(err, "error.invalidEmail"));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <AuthLayout title={t("auth.checkYourEmail")} subtitle={t("auth.emailSentTo", { email: email.trim() })}>
        <p className={small}>{t("auth.followTheLinkIn")}</p>
        <FormError>{error}</FormError>
        <ButtonLink href={withReturn("/continue", search, { email: email.trim() })} full>
          {t("auth.gotIt")}
        </ButtonLink>
        <p className={small} aria-live="polite">
          {error ? "" : resent ? t("auth.sentAgain") : t("auth.didntGetIt")}{" "}
          <button type="button" className={textLink} disabled={busy} onClick={() => send()}>
            {t("auth.resendEmail")}
          </button>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t("auth.forgotPassword")} subtitle={t("auth.forgotLead")}>
      <form className={form} onSubmit={send} noValidate>
        <Field
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          error={error}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" full disabled={busy}>
          {busy ? t("auth.sending") : t("auth.sendEmail")}
        </Button>
      </form>
      <p className={small}>
        <Link href={withReturn("/continue", search)}>{t("auth.backToLogIn")}</Link>
      </p>
    </AuthLayout>
  );
}
