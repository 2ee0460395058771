import { useEffect, useMemo, useState } from "react";
import { css } from "goober";
import { NAME_MAX_LENGTH, nameFieldOf, type MemberStatus } from "../../../../src/domain/index.js";
import { ApiError } from "../../../../src/api/index.js";
import { t, type MessageKey } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";
import { bp, color, radius, space, text, touch, up } from "../../theme/tokens.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { Field } from "../../ui/field.js";
import { SuccessNote } from "../../ui/notice.js";
import { OopsInline } from "../../ui/oops.js";
import { Spinner, card, sectionTitle, stack } from "../../ui/page.js";
import { dateLabel } from "../../ui/format.js";
import { AccountLayout } from "./account-layout.js";
import { YourData } from "./my-data.js";
import {
  changeOf,
  formOf,
  maskBirthday,
  sameProfile,
  validateProfile,
  type Profile,
  type ProfileErrors,
} from "./profile.js";

const two = css`display: grid; gap: ${space[4]}px; ${up(bp.sm)} { grid-template-columns: 1fr 1fr; }`;
const phoneRow = css`display: grid; gap: ${space[3]}px; grid-template-columns: minmax(0, 1fr); ${up(bp.sm)} { grid-template-columns: 200px minmax(0, 1fr); align-items: end; }
  label { font-size: ${text.sm}px; font-weight: 600; } select { min-height: ${touch + 4}px; width: 100%; padding: 0 12px; border: 1.5px solid ${color.line}; border-radius: ${radius.sm}px; background: ${color.surface}; }`;

const summary = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: center; justify-content: space-between;`;

/** The member's state as the claims tell it (spec §6 sub-statuses). */
const statusKey = (s: MemberStatus): MessageKey =>
  s.vip
    ? "account.status.vip"
    : s.trial
      ? "account.status.trial"
      : s.paused
        ? "account.status.paused"
        : s.entitled
          ? "account.status.active"
          : s.previouslyEntitled
            ? "account.status.lapsed"
            : "account.status.none";

const MESSAGES = {
  required: (field: string) => t("account.required", { field }),
  invalid: (field: keyof Profile) => t(field === "birthday" ? "account.birthdayInvalid" : "account.phoneInvalid"),
  future: () => t("account.birthdayFuture"),
  tooLong: (field: string) => t("account.tooLong", { field, max: NAME_MAX_LENGTH }),
};

/**
 * /account: the profile form of product facts: first and last name (required), email (read-only), birthday
 * mm/dd/yyyy (no future dates) and phone with its country; Save stays disabled until something changes. Saving goes
 * to the member's profile call, which also renames the member in the claims (greeting, header).
 */
export default function AccountPage() {
  const store = useStore();
  const { status } = useSession();
  const profile = useSignal(store.session.profile.data);
  const loadFailed = useSignal(store.session.profile.status) === "error";
  const saving = useSignal(store.session.updateProfile.loading);
  useEffect(() => void store.session.profile.load(), [store]);
  // The membership card says when a pause starts and ends, and offers one when the membership may pause.
  // Only members who hold one ask for it (a member who never subscribed would get a 404).
  const holdsOne = status.entitled || status.paused;
  const subscription = useSignal(store.membership.subscription.data);
  useEffect(() => {
    if (holdsOne) void store.membership.subscription.load();
  }, [store, holdsOne]);
  const pause = subscription?.pause;
  const pausable = subscription?.pause_refusal === null;

  const saved = useMemo<Profile | undefined>(() => (profile ? formOf(profile) : undefined), [profile]);
  const [draft, setDraft] = useState<Profile | undefined>();
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [notice, setNotice] = useState("");
  const [failure, setFailure] = useState("");
  useEffect(() => setDraft((d) => d ?? saved), [saved]);

  if (!saved || !draft) {
    return (
      <AccountLayout title={t("account.title")}>
        {loadFailed ? <OopsInline message={t("error.unexpected")} /> : <Spinner />}
      </AccountLayout>
    );
  }
  const changed = !sameProfile(draft, saved);
  const set = (key: keyof Profile, value: string) => {
    setDraft({ ...draft, [key]: value });
    setNotice("");
    if (errors[key]) setErrors({ ...errors, [key]: undefined });
  };
  const errorOf = (key: keyof Profile, name: string) => {
    const kind = errors[key];
    return kind === "required"
      ? MESSAGES.required(name)
      : kind === "invalid"
        ? MESSAGES.invalid(key)
        : kind === "future"
          ? MESSAGES.future()
          : kind === "tooLong"
            ? MESSAGES.tooLong(name)
            : undefined;
  };

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const found = validateProfile(draft!);
    setErrors(found);
    setFailure("");
    if (Object.values(found).some(Boolean)) return;
    const answer = await store.session.updateProfile.run(changeOf(draft!));
    if (!answer) {
      // A name the server refused goes under its field; anything else stays the unexpected-error line.
      const failed = store.session.updateProfile.error.peek();
      const named =
        failed instanceof ApiError && failed.status === 400 ? nameFieldOf(failed.body, "tooLong") : undefined;
      return named ? setErrors({ [named]: "tooLong" }) : setFailure(t("error.unexpected"));
    }
    setDraft(formOf(answer));
    setNotice(t("account.saved"));
  }

  return (
    <AccountLayout title={t("account.title")}>
      <section className={card} aria-labelledby="profile-title">
        <form className={stack(space[4])} onSubmit={save} noValidate>
          <h2 id="profile-title" className={sectionTitle}>
            {t("account.profile")}
          </h2>
          <div className={two}>
            <Field
              label={t("account.firstName")}
              name="given_name"
              autoComplete="given-name"
              required
              maxLength={NAME_MAX_LENGTH}
              value={draft.given_name}
              onChange={(e) => set("given_name", e.target.value)}
              error={errorOf("given_name", t("account.firstName"))}
            />
            <Field
              label={t("account.lastName")}
              name="family_name"
              autoComplete="family-name"
              required
              maxLength={NAME_MAX_LENGTH}
              value={draft.family_name}
              onChange={(e) => set("family_name", e.target.value)}
              error={errorOf("family_name", t("account.lastName"))}
            />
          </div>
          <Field
            label={t("account.email")}
            type="email"
            readOnly
            value={profile?.email ?? ""}
            hint={t("account.emailNote")}
          />
          <Field
            label={t("account.birthday")}
            name="birthday"
            inputMode="numeric"
            autoComplete="bday"
            placeholder={t("account.birthdayHint")}
            hint={t("account.birthdayHint")}
            value={draft.birthday}
            onChange={(e) => set("birthday", maskBirthday(e.target.value))}
            error={errorOf("birthday", t("account.birthday"))}
          />
          <div className={phoneRow}>
            <div style={{ display: "grid", gap: 6 }}>
              <label htmlFor="phone-country">{t("account.phoneCountry")}</label>
              <select
                id="phone-country"
                value={draft.phone_country}
                onChange={(e) => set("phone_country", e.target.value)}
              >
                <option value="US">{t("account.country.US")}</option>
                <option value="CA">{t("account.country.CA")}</option>
              </select>
            </div>
            <Field
              label={t("account.phone")}
              name="phone"
              type="tel"
              autoComplete="tel-national"
              value={draft.phone}
              onChange={(e) => set("phone", e.target.value)}
              error={errorOf("phone", t("account.phone"))}
            />
          </div>
          <OopsInline message={failure} />
          <SuccessNote>{notice}</SuccessNote>
          <div>
            <Button type="submit" disabled={!changed || saving}>
              {t("account.save")}
            </Button>
          </div>
        </form>
      </section>
      <section className={card} style={{ marginTop: space[5] }} aria-labelledby="membership-title">
        <div className={summary}>
          <div>
            <h2 id="membership-title" className={sectionTitle}>
              {t("account.membership")}
            </h2>
            <p style={{ fontSize: text.lg, fontWeight: 800 }}>{t(statusKey(status))}</p>
            {pause ? (
              <p>
                {subscription.state === "paused"
                  ? t("accountMembership.pausedUntil", { date: dateLabel(pause.resumes_at) })
                  : t("accountMembership.pausesOn", {
                      start: dateLabel(pause.starts_at),
                      end: dateLabel(pause.resumes_at),
                    })}
              </p>
            ) : null}
          </div>
          <div style={{ display: "flex", flexWrap: "wrap", gap: space[3] }}>
            {pausable ? (
              // Self-serve pause (issue 19): the panel's pause flow, in place on its own page.
              <ButtonLink href="/account/membership/pause" variant="secondary">
                {t("accountMembership.pause")}
              </ButtonLink>
            ) : null}
            <ButtonLink href="/account/membership" variant="secondary">
              {t("accountMembership.manage")}
            </ButtonLink>
          </div>
        </div>
      </section>
      <YourData />
    </AccountLayout>
  );
}
