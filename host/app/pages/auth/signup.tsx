import { useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { ApiError } from "../../../../src/api/index.js";
import { signUpErrorMessage, t } from "../../../../src/i18n/index.js";
import { AuthLayout, form, small } from "./auth-layout.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { Checkbox, Field, FormError } from "../../ui/field.js";
import { useStore } from "../../lib/store.js";
import { afterSignIn, withReturn } from "../../lib/redirect.js";
import { PasswordField } from "./password-field.js";
import { EXTERNAL } from "../../lib/links.js";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD = 6;

/** Spec §8 sign-up errors: 400 with the server's detail, 500, anything else with its code. */
function signUpError(err: unknown): string {
  if (!(err instanceof ApiError)) return t("error.loading");
  const detail = (err.body as { message?: string | string[] } | undefined)?.message;
  return signUpErrorMessage(err.status === 409 ? 400 : err.status, detail);
}

export default function SignupPage() {
  const store = useStore();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [values, setValues] = useState({ email: new URLSearchParams(search).get("email") ?? "", given: "", family: "", password: "" });
  const [optIn, setOptIn] = useState(false);
  const [terms, setTerms] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState(false);

  const problems = {
    email: EMAIL.test(values.email.trim()) ? "" : t("error.invalidEmail"),
    given: values.given.trim() ? "" : "First name is required",
    family: values.family.trim() ? "" : "Last name is required",
    password: values.password.length >= MIN_PASSWORD ? "" : t("error.passwordLength"),
  };
  const ready = !Object.values(problems).some(Boolean) && terms;
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: e.currentTarget.value });
  const blur = (key: string) => () => setTouched({ ...touched, [key]: true });
  const shown = (key: keyof typeof problems) => (touched[key] ? problems[key] : "");

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return setTouched({ email: true, given: true, family: true, password: true });
    setBusy(true);
    setError("");
    const answer = await store.session.signUp.run({
        email: values.email.trim(),
        password: values.password,
        given_name: values.given.trim(),
        family_name: values.family.trim(),
        opt_in: optIn,
        waiver_accepted: true,
    });
    setBusy(false);
    if (answer) setCreated(true);
    else setError(signUpError(store.session.signUp.error.peek()));
  }

  if (created) {
    return (
      <AuthLayout title="Account created" subtitle={t("success.accountCreated")}>
        <p className={small}>Welcome to fitkit, {values.given.trim()}. Let's find the right workouts for you.</p>
        <ButtonLink href={afterSignIn(search)} full autoFocus>{t("action.continue")}</ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Create your account" subtitle="Start moving with fitkit today.">
      <form className={form} onSubmit={submit} noValidate>
        <FormError>{error}</FormError>
        <Field label="Email" type="email" autoComplete="email" value={values.email} onChange={set("email")} onBlur={blur("email")} error={shown("email")} />
        <div style={{ display: "grid", gap: 16, gridTemplateColumns: "repeat(auto-fit, minmax(160px, 1fr))" }}>
          <Field label="First Name" autoComplete="given-name" value={values.given} onChange={set("given")} onBlur={blur("given")} error={shown("given")} />
          <Field label="Last Name" autoComplete="family-name" value={values.family} onChange={set("family")} onBlur={blur("family")} error={shown("family")} />
        </div>
        <PasswordField label="Password" autoComplete="new-password" value={values.password} onChange={set("password")} onBlur={blur("password")}
          error={shown("password")} hint={shown("password") ? undefined : `At least ${MIN_PASSWORD} characters`} />
        <div>
          <Checkbox checked={optIn} onChange={(e) => setOptIn(e.currentTarget.checked)} label="Keep me up to date with news and exclusive offers" />
          <Checkbox checked={terms} required onChange={(e) => setTerms(e.currentTarget.checked)}
            label={<>I agree to <a href={EXTERNAL.terms} target="_blank" rel="noopener noreferrer">Terms of Service</a> and <a href={EXTERNAL.waiver} target="_blank" rel="noopener noreferrer">Liability Waiver</a>*</>} />
        </div>
        <Button type="submit" full disabled={!ready || busy}>{busy ? "Creating account…" : "Create account"}</Button>
      </form>
      <p className={small}>Already a member? <Link href={withReturn("/continue", search)}>Log in</Link></p>
    </AuthLayout>
  );
}
