import { css } from "goober";
import { color, space, text } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { Page } from "../../ui/page.js";

const box = css`display: grid; justify-items: center; text-align: center; gap: ${space[4]}px; padding: ${space[8]}px 0;`;

/** Any path outside the route list. */
export default function NotFoundPage() {
  return (
    <Page>
      <section className={box}>
        <p style={{ fontSize: 88, fontWeight: 900, color: color.accent, lineHeight: 1 }} aria-hidden="true">
          404
        </p>
        <h1 style={{ fontSize: text.xxl, fontWeight: 800 }}>We couldn't find that page</h1>
        <p style={{ color: color.muted, maxWidth: "44ch" }}>
          The link may be old or mistyped. Your workouts are right where you left them.
        </p>
        <div style={{ display: "flex", gap: space[3], flexWrap: "wrap", justifyContent: "center" }}>
          <ButtonLink href="/home">Back to Home</ButtonLink>
          <ButtonLink href="/classes" variant="secondary">
            Browse classes
          </ButtonLink>
        </div>
      </section>
    </Page>
  );
}
