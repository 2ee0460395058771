import { useState, type FormEvent } from "react";
import { Link, useSearch } from "wouter";
import { ApiError } from "../../../../src/api/index.js";
import { signUpErrorMessage, t } from "../../../../src/i18n/index.js";
import { looksLikeEmail, NAME_MAX_LENGTH, nameFieldOf, nameProblem } from "../../../../src/domain/index.js";
import { AuthLayout, form, small } from "./auth-layout.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { Checkbox, Field, FormError } from "../../ui/field.js";
import { useStore } from "../../lib/store.js";
import { afterSignIn, withReturn } from "../../lib/redirect.js";
import { PasswordField } from "./password-field.js";
import { rich } from "../../lib/rich.js";
import { EXTERNAL } from "../../lib/links.js";

const MIN_PASSWORD = 6;

/** "First name is required" / "First name can be at most 100 characters" (the server's limit). */
const nameMessage = (field: string, value: string) => {
  const problem = nameProblem(value);
  return problem === "required"
    ? t("account.required", { field })
    : problem === "tooLong"
      ? t("account.tooLong", { field, max: NAME_MAX_LENGTH })
      : "";
};

/** Spec §8 sign-up errors: 400 with the server's detail, 500, anything else with its code. */
function signUpError(err: unknown): string {
  if (!(err instanceof ApiError)) return t("error.loading");
  // 409: the email has an account; said in the member's language rather than with the server's English detail.
  if (err.status === 409) return signUpErrorMessage(400, t("auth.error.exists"), t);
  const detail = (err.body as { message?: string | string[] } | undefined)?.message;
  return signUpErrorMessage(err.status, detail, t);
}

export default function SignupPage() {
  const store = useStore();
  const search = useSearch();
  const [values, setValues] = useState({
    email: new URLSearchParams(search).get("email") ?? "",
    given: "",
    family: "",
    password: "",
  });
  const [optIn, setOptIn] = useState(false);
  const [terms, setTerms] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState(false);
  /** A name the server refused (until it is edited). */
  const [serverName, setServerName] = useState<{ field: "given" | "family"; value: string } | null>(null);

  const problems = {
    email: looksLikeEmail(values.email) ? "" : t("error.invalidEmail"),
    given: nameMessage(t("auth.firstName"), values.given),
    family: nameMessage(t("auth.lastName"), values.family),
    password: values.password.length >= MIN_PASSWORD ? "" : t("error.passwordLength"),
  };
  const ready = !Object.values(problems).some(Boolean) && terms;
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [key]: e.currentTarget.value });
  const blur = (key: string) => () => setTouched({ ...touched, [key]: true });
  if (serverName && values[serverName.field] === serverName.value && !problems[serverName.field]) {
    problems[serverName.field] = t("account.tooLong", {
      field: serverName.field === "given" ? t("auth.firstName") : t("auth.lastName"),
      max: NAME_MAX_LENGTH,
    });
  }
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
    if (answer) return setCreated(true);
    const failed = store.session.signUp.error.peek();
    // A name the server refused shows under its field, in the form's words, not as the server's raw detail.
    const named = failed instanceof ApiError && failed.status === 400 ? nameFieldOf(failed.body, "tooLong") : undefined;
    if (named)
      setServerName({
        field: named === "given_name" ? "given" : "family",
        value: named === "given_name" ? values.given : values.family,
      });
    else setError(signUpError(failed));
  }

  if (created) {
    return (
      <AuthLayout title={t("auth.accountCreated")} subtitle={t("success.accountCreated")}>
        <p className={small}>{t("auth.welcomeName", { name: values.given.trim() })}</p>
        <ButtonLink href={afterSignIn(search)} full autoFocus>
          {t("action.continue")}
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t("auth.createYourAccount")} subtitle={t("auth.startMoving")}>
      <form className={form} onSubmit={submit} noValidate>
        <FormError>{error}</FormError>
        <Field
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set("email")}
          onBlur={blur("email")}
          error={shown("email")}
        />
        <div style={{ display: "grid", gap: 16, gridTemplateColumns: "repeat(auto-fit, minmax(160px, 1fr))" }}>
          <Field
            label={t("auth.firstName")}
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
            value={values.given}
            onChange={set("given")}
            onBlur={blur("given")}
            error={shown("given")}
          />
          <Field
            label={t("auth.lastName")}
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
            value={values.family}
            onChange={set("family")}
            onBlur={blur("family")}
            error={shown("family")}
          />
        </div>
        <PasswordField
          label={t("auth.password")}
          autoComplete="new-password"
          value={values.password}
          onChange={set("password")}
          onBlur={blur("password")}
          error={shown("password")}
          hint={shown("password") ? undefined : t("auth.passwordHint", { count: MIN_PASSWORD })}
        />
        <div>
          <Checkbox checked={optIn} onChange={(e) => setOptIn(e.currentTarget.checked)} label={t("auth.keepMeUpTo")} />
          <Checkbox
            checked={terms}
            required
            onChange={(e) => setTerms(e.currentTarget.checked)}
            label={
              <>
                {rich(t("auth.agreeTo"), {
                  terms: (
                    <a href={EXTERNAL.terms} target="_blank" rel="noopener noreferrer">
                      {t("auth.termsOfService")}
                    </a>
                  ),
                  waiver: (
                    <a href={EXTERNAL.waiver} target="_blank" rel="noopener noreferrer">
                      {t("auth.liabilityWaiver")}
                    </a>
                  ),
                })}
                *
              </>
            }
          />
        </div>
        <Button type="submit" full disabled={!ready || busy}>
          {busy ? t("auth.creatingAccount") : t("auth.createAccount")}
        </Button>
      </form>
      <p className={small}>
        {t("auth.alreadyAMember")} <Link href={withReturn("/continue", search)}>{t("auth.logIn")}</Link>
      </p>
    </AuthLayout>
  );
}
