import { css } from "goober";
import { color, space, text } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { Page } from "../../ui/page.js";
import { t } from "../../../../src/i18n/index.js";

const box = css`display: grid; justify-items: center; text-align: center; gap: ${space[4]}px; padding: ${space[8]}px 0;`;

/** Any path outside the route list. */
export default function NotFoundPage() {
  return (
    <Page>
      <section className={box}>
        <p style={{ fontSize: 88, fontWeight: 900, color: color.accent, lineHeight: 1 }} aria-hidden="true">
          404
        </p>
        <h1 style={{ fontSize: text.xxl, fontWeight: 800 }}>{t("notFound.weCouldntFindThat")}</h1>
        <p style={{ color: color.muted, maxWidth: "44ch" }}>{t("notFound.theLinkMayBe")}</p>
        <div style={{ display: "flex", gap: space[3], flexWrap: "wrap", justifyContent: "center" }}>
          <ButtonLink href="/home">{t("notFound.backToHome")}</ButtonLink>
          <ButtonLink href="/classes" variant="secondary">
            {t("notFound.browseClasses")}
          </ButtonLink>
        </div>
      </section>
    </Page>
  );
}
