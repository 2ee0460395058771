import { useState } from "react";
import { css } from "goober";
import { CONSENT_CATEGORIES, type ConsentCategory } from "../../../src/analytics/index.js";
import { bp, color, radius, shadow, space, text, up } from "../theme/tokens.js";
import { Button } from "../ui/button.js";
import { Checkbox } from "../ui/field.js";

/**
 * Spec §4's four cookie categories: analytics needs Essential; Segment, referral and pop-up forms need Functional.
 * Essential is always part of an answer (the site cannot run without it), so an empty grant means "not asked yet".
 */
const DETAILS: Record<ConsentCategory, string> = {
  Essential: "Sign-in, security, remembering these choices and basic usage analytics. Always on.",
  Performance: "Helps us measure load times and fix what is slow.",
  Functional: "Enables the referral offer, product analytics and sign-up forms.",
  Marketing: "Lets us show you relevant offers on other sites.",
};

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
    <section className={inline ? `${box} ${inFlow}` : box} role="region" aria-label="Cookie consent">
      <h2 className={title}>We value your privacy</h2>
      <p className={body}>
        We use cookies to run fitkit and, with your permission, to improve it and personalise offers.
      </p>
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
                  <strong>{c}</strong>
                  <span className={detail}>{DETAILS[c]}</span>
                </>
              }
            />
          ))}
        </div>
      ) : null}
      <div className={actions}>
        {customize ? (
          <Button onClick={() => onSave(CONSENT_CATEGORIES.filter((c) => c === "Essential" || choice.has(c)))}>
            Save choices
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setCustomize(true)}>
              Customize
            </Button>
            <Button onClick={() => onSave([...CONSENT_CATEGORIES])}>Accept all</Button>
          </>
        )}
        <Button variant="ghost" onClick={() => onSave(["Essential"])}>
          Essential only
        </Button>
      </div>
    </section>
  );
}
