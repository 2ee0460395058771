import { useState } from "react";
import { css } from "goober";
import { bp, color, radius, shadow, space, text, up } from "../theme/tokens.js";
import { Button } from "../ui/button.js";
import { Checkbox } from "../ui/field.js";

/** The spec's four cookie categories (§4): analytics needs Essential; Segment, referral and pop-up forms need Functional. */
export const CONSENT_CATEGORIES = ["essential", "performance", "functional", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type ConsentChoice = Record<ConsentCategory, boolean>;

const LABELS: Record<ConsentCategory, { title: string; body: string }> = {
  essential: { title: "Essential", body: "Sign-in, security and remembering these choices. Needed for basic usage analytics." },
  performance: { title: "Performance", body: "Helps us measure load times and fix what is slow." },
  functional: { title: "Functional", body: "Enables the referral offer, product analytics and sign-up forms." },
  marketing: { title: "Marketing", body: "Lets us show you relevant offers on other sites." },
};

const box = css`
  position: fixed; z-index: 80; left: ${space[3]}px; right: ${space[3]}px; bottom: ${space[3]}px; background: ${color.surface};
  border-radius: ${radius.lg}px; box-shadow: ${shadow.raised}; padding: ${space[5]}px; display: grid; gap: ${space[3]}px; max-height: 80vh; overflow-y: auto;
  ${up(bp.sm)} { left: auto; right: ${space[5]}px; bottom: ${space[5]}px; width: 440px; }
`;
const title = css`font-size: ${text.lg}px; font-weight: 800;`;
const body = css`font-size: ${text.sm}px; color: ${color.muted};`;
const actions = css`display: flex; flex-wrap: wrap; gap: ${space[2]}px; button { flex: 1 1 auto; }`;
const detail = css`font-size: ${text.xs}px; color: ${color.muted}; display: block;`;

/** Asks once for cookie consent; "Cookie settings" in the footer brings it back with the current choice. */
export function ConsentBanner({ initial, onSave }: { initial?: ConsentChoice | null; onSave: (choice: ConsentChoice) => void }) {
  const [customize, setCustomize] = useState(!!initial);
  const [choice, setChoice] = useState<ConsentChoice>(initial ?? { essential: true, performance: false, functional: false, marketing: false });
  const all = { essential: true, performance: true, functional: true, marketing: true };
  return (
    <section className={box} role="region" aria-label="Cookie consent">
      <h2 className={title}>We value your privacy</h2>
      <p className={body}>We use cookies to run fitkit and, with your permission, to improve it and personalise offers.</p>
      {customize ? (
        <div>
          {CONSENT_CATEGORIES.map((key) => (
            <Checkbox
              key={key}
              checked={choice[key]}
              onChange={(e) => setChoice({ ...choice, [key]: e.currentTarget.checked })}
              label={<><strong>{LABELS[key].title}</strong><span className={detail}>{LABELS[key].body}</span></>}
            />
          ))}
        </div>
      ) : null}
      <div className={actions}>
        {customize ? (
          <Button onClick={() => onSave(choice)}>Save choices</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setCustomize(true)}>Customize</Button>
            <Button onClick={() => onSave(all)}>Accept all</Button>
          </>
        )}
        <Button variant="ghost" onClick={() => onSave({ essential: true, performance: false, functional: false, marketing: false })}>Essential only</Button>
      </div>
    </section>
  );
}
