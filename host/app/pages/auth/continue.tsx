import { useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { t, currentLocale, type MessageKey } from "../../../../src/i18n/index.js";
import { cancelAccountDeletion, checkEmail, ApiError } from "../../../../src/api/index.js";
import { AuthLayout, form, small } from "./auth-layout.js";
import { Button } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { useStore } from "../../lib/store.js";
import { afterSignIn, redirectTarget, withReturn } from "../../lib/redirect.js";
import { landingAfterSignIn } from "../../lib/staff.js";
import { PasswordField } from "./password-field.js";
import { useAnalytics } from "../../lib/analytics.js";
import { looksLikeEmail } from "../../../../src/domain/index.js";

/** Two-step sign-in: the email first, then the password for a known email or /signup for an unknown one. */
export default function ContinuePage() {
  const store = useStore();
  const analytics = useAnalytics();
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const [email, setEmail] = useState(params.get("email") ?? "");
  const [step, setStep] = useState<"email" | "password">("email");
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [deletionPending, setDeletionPending] = useState(false);

  /** The asked-for page, else the landing that fits the account (the studio for staff at work, else home). */
  async function land(account: string) {
    const landing = redirectTarget(search) ? afterSignIn(search) : await landingAfterSignIn(store.api, account);
    navigate(landing, { replace: true });
  }

  async function submitEmail(e: FormEvent) {
    e.preventDefault();
    if (!looksLikeEmail(email)) return setError(t("error.invalidEmail"));
    setError("");
    setBusy(true);
    try {
      const { exists } = await checkEmail(store.api, email.trim());
      if (exists) setStep("password");
      else navigate(withReturn("/signup", search, { email: email.trim() }));
    } catch (err) {
      setError(messageOf(err, "error.invalidEmail"));
    } finally {
      setBusy(false);
    }
  }

  async function submitPassword(e: FormEvent) {
    e.preventDefault();
    if (!password) return setError(t("myData.passwordMissing"));
    setError("");
    setDeletionPending(false);
    setBusy(true);
    const answer = await store.session.signIn.run({ email: email.trim(), password });
    if (answer) {
      analytics.track("Account Logged In", {});
      await land(answer.user.id);
    } else {
      const failed = store.session.signIn.error.peek();
      // 403: the account is scheduled for deletion (My data); the message says when, and it can be cancelled here.
      setDeletionPending(failed instanceof ApiError && failed.status === 403);
      setError(messageOf(failed));
      setBusy(false);
    }
  }

  /** Cancels the pending deletion with the same credentials, which signs in (as a sign-in would). */
  async function cancelDeletion() {
    setBusy(true);
    try {
      const answer = await cancelAccountDeletion(store.api, { email: email.trim(), password });
      store.auth.setTokens(answer);
      void store.session.claims.reload();
      analytics.track("Account Logged In", {});
      await land(answer.user.id);
    } catch (err) {
      setDeletionPending(false);
      setError(messageOf(err));
      setBusy(false);
    }
  }

  if (step === "password") {
    return (
      <AuthLayout
        title={t("auth.welcomeBack")}
        subtitle={
          <>
            {t("auth.signingInAs")} <strong>{email}</strong>
          </>
        }
      >
        <form className={form} onSubmit={submitPassword} noValidate>
          <FormError>{error}</FormError>
          <PasswordField
            label={t("auth.password")}
            value={password}
            autoComplete="current-password"
            autoFocus
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setDeletionPending(false);
            }}
          />
          {deletionPending ? (
            <Button full disabled={busy} onClick={() => void cancelDeletion()}>
              {t("myData.cancelDeletion")}
            </Button>
          ) : (
            <Button type="submit" full disabled={busy}>
              {busy ? t("auth.signingIn") : t("auth.logIn")}
            </Button>
          )}
        </form>
        <p className={small}>
          <Link href={withReturn("/forgot-password", search, { email })}>{t("auth.forgotPassword")}</Link>
          {" · "}
          <Link
            href={withReturn("/continue", search)}
            onClick={() => {
              setStep("email");
              setPassword("");
              setError("");
            }}
          >
            {t("auth.useAnotherEmail")}
          </Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t("auth.logInOrSign")} subtitle={t("auth.enterEmailToContinue")}>
      <form className={form} onSubmit={submitEmail} noValidate>
        <Field
          label={t("auth.email")}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          value={email}
          error={error}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" full disabled={busy}>
          {busy ? t("auth.checking") : t("action.continue")}
        </Button>
      </form>
      <p className={small}>{t("auth.newHereEnterYour")}</p>
    </AuthLayout>
  );
}

/**
 * A refused sign-in family request in the member's language, from its status (the server's text is English): wrong
 * credentials (401), too many attempts (429), an account scheduled for deletion (403, with the date it names), a
 * refused form (400, `on400`); no answer or a server failure is the loading message.
 */
export function messageOf(err: unknown, on400: MessageKey = "error.unexpected"): string {
  if (!(err instanceof ApiError) || !err.status || err.status >= 500) return t("error.loading");
  if (err.status === 401) return t("auth.error.credentials");
  if (err.status === 429) return t("auth.error.tooMany");
  if (err.status === 403) {
    const named = /deletion on (.+?)\. /.exec(err.message);
    const on = named?.[1] ? new Date(Date.parse(named[1])) : undefined;
    return on && !Number.isNaN(on.getTime())
      ? t("auth.error.scheduled", { date: on.toLocaleDateString(currentLocale(), { dateStyle: "long" }) })
      : t("auth.error.scheduledSoon");
  }
  if (err.status === 400) return t(on400);
  return t("error.unexpected");
}
