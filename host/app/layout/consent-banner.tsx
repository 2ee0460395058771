import { useState } from "react";
import { css } from "goober";
import { CONSENT_CATEGORIES, type ConsentCategory } from "../../../src/analytics/index.js";
import { bp, color, radius, shadow, space, text, up } from "../theme/tokens.js";
import { Button } from "../ui/button.js";
import { Checkbox } from "../ui/field.js";
import { t, type MessageKey } from "../../../src/i18n/index.js";

/**
 * Spec §4's four cookie categories: analytics needs Essential; Segment, referral and pop-up forms need Functional.
 * Essential is always part of an answer (the site cannot run without it), so an empty grant means "not asked yet".
 */
const DETAILS = {
  Essential: "consent.essentialDetail",
  Performance: "consent.performanceDetail",
  Functional: "consent.functionalDetail",
  Marketing: "consent.marketingDetail",
} as const satisfies Record<ConsentCategory, MessageKey>;
/** The categories' names as shown (the stored names stay the spec's English ones). */
const NAMES = {
  Essential: "consent.essential",
  Performance: "consent.performance",
  Functional: "consent.functional",
  Marketing: "consent.marketing",
} as const satisfies Record<ConsentCategory, MessageKey>;

const box = css`
  position: fixed; z-index: 80; left: ${space[3]}px; right: ${space[3]}px; bottom: ${space[3]}px; background: ${color.surface};
  border-radius: ${radius.lg}px; box-shadow: ${shadow.raised}; padding: ${space[5]}px; display: grid; gap: ${space[3]}px; max-height: 80vh; overflow-y: auto;
  ${up(bp.sm)} { left: auto; right: ${space[5]}px; bottom: ${space[5]}px; width: 440px; }
`;
/**
 * In a popup (a studio site's booking window, 600×400) or any short window the fixed banner would cover the sign-in
 * form it is opened for: there it sits in the page flow, after the content, instead.
 */
const inFlow = css`
  position: static; margin: ${space[3]}px; max-height: none; overflow: visible; box-shadow: none; border: 1px solid ${color.line};
  ${up(bp.sm)} { width: auto; }
`;
export const bannerInFlow = () => typeof window !== "undefined" && (!!window.opener || window.innerHeight < 480);
const title = css`font-size: ${text.lg}px; font-weight: 800;`;
const body = css`font-size: ${text.sm}px; color: ${color.muted};`;
const actions = css`display: flex; flex-wrap: wrap; gap: ${space[2]}px; button { flex: 1 1 auto; }`;
const detail = css`font-size: ${text.xs}px; color: ${color.muted}; display: block;`;

export function ConsentBanner({
  initial,
  onSave,
  inline = false,
}: {
  initial: readonly ConsentCategory[];
  onSave: (granted: ConsentCategory[]) => void;
  inline?: boolean;
}) {
  const [customize, setCustomize] = useState(initial.length > 0);
  const [choice, setChoice] = useState<Set<ConsentCategory>>(new Set(initial.length ? initial : ["Essential"]));
  const toggle = (c: ConsentCategory, on: boolean) => {
    const next = new Set(choice);
    if (on) next.add(c);
    else next.delete(c);
    setChoice(next);
  };
  return (
    <section className={inline ? `${box} ${inFlow}` : box} role="region" aria-label={t("consent.cookieConsent")}>
      <h2 className={title}>{t("consent.weValueYourPrivacy")}</h2>
      <p className={body}>{t("consent.weUseCookiesTo")}</p>
      {customize ? (
        <div>
          {CONSENT_CATEGORIES.map((c) => (
            <Checkbox
              key={c}
              checked={c === "Essential" || choice.has(c)}
              disabled={c === "Essential"}
              onChange={(e) => toggle(c, e.currentTarget.checked)}
              label={
                <>
                  <strong>{t(NAMES[c])}</strong>
                  <span className={detail}>{t(DETAILS[c])}</span>
                </>
              }
            />
          ))}
        </div>
      ) : null}
      <div className={actions}>
        {customize ? (
          <Button onClick={() => onSave(CONSENT_CATEGORIES.filter((c) => c === "Essential" || choice.has(c)))}>
            {t("consent.saveChoices")}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setCustomize(true)}>
              {t("consent.customize")}
            </Button>
            <Button onClick={() => onSave([...CONSENT_CATEGORIES])}>{t("consent.acceptAll")}</Button>
          </>
        )}
        <Button variant="ghost" onClick={() => onSave(["Essential"])}>
          {t("consent.essentialOnly")}
        </Button>
      </div>
    </section>
  );
}
