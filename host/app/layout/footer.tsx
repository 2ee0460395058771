import { Link } from "wouter";
import { css } from "goober";
import { bp, color, space, text, touch, up } from "../theme/tokens.js";
import { EXTERNAL } from "../lib/links.js";
import { container } from "../ui/page.js";
import { LanguagePicker } from "../ui/language-picker.js";
import { t } from "../../../src/i18n/index.js";

const foot = css`background: ${color.ink}; color: rgba(255,255,255,.78); padding: ${space[7]}px 0 ${space[6]}px; margin-top: auto;`;
const grid = css`display: grid; gap: ${space[5]}px; grid-template-columns: 1fr 1fr; ${up(bp.md)} { grid-template-columns: 2fr 1fr 1fr 1fr; }`;
const heading = css`color: #fff; font-size: ${text.xs}px; font-weight: 800; letter-spacing: .16em; text-transform: uppercase; margin-bottom: ${space[2]}px;`;
const list = css`
  list-style: none; margin: 0; padding: 0;
  a, button { display: inline-flex; align-items: center; min-height: ${touch}px; color: inherit; text-decoration: none; font-size: ${text.sm}px;
    background: none; border: 0; padding: 0; cursor: pointer; text-align: start; }
  a:hover, button:hover { color: #fff; text-decoration: underline; }
`;
const brand = css`grid-column: 1 / -1; ${up(bp.md)} { grid-column: auto; } display: grid; gap: ${space[2]}px; align-content: start;
  strong { color: #fff; font-size: ${text.lg}px; letter-spacing: .14em; text-transform: uppercase; } p { font-size: ${text.sm}px; max-width: 34ch; }`;
const legal = css`border-top: 1px solid rgba(255,255,255,.14); margin-top: ${space[6]}px; padding-top: ${space[4]}px; font-size: ${text.xs}px; display: flex; flex-wrap: wrap; gap: ${space[4]}px; justify-content: space-between;`;

export function Footer({ onCookieSettings }: { onCookieSettings: () => void }) {
  return (
    <footer className={foot}>
      <div className={container}>
        <div className={grid}>
          <div className={brand}>
            <strong>fitkit</strong>
            <p>{t("footer.lowImpactHighIntensity")}</p>
          </div>
          <nav aria-label={t("footer.workouts")}>
            <h2 className={heading}>{t("footer.workouts")}</h2>
            <ul className={list}>
              <li>
                <Link href="/classes">{t("footer.classes")}</Link>
              </li>
              <li>
                <Link href="/series">{t("footer.series")}</Link>
              </li>
              <li>
                <Link href="/calendars">{t("footer.calendars")}</Link>
              </li>
              <li>
                <Link href="/live">{t("footer.live")}</Link>
              </li>
            </ul>
          </nav>
          <nav aria-label={t("footer.company")}>
            <h2 className={heading}>{t("footer.company")}</h2>
            <ul className={list}>
              <li>
                <Link href="/locations">{t("footer.locations")}</Link>
              </li>
              <li>
                <a href={EXTERNAL.shop}>{t("footer.shop")}</a>
              </li>
              <li>
                <a href={EXTERNAL.franchise} target="_blank" rel="noopener noreferrer">
                  {t("footer.franchise")}
                </a>
              </li>
            </ul>
          </nav>
          <nav aria-label={t("footer.help")}>
            <h2 className={heading}>{t("footer.help")}</h2>
            <ul className={list}>
              <li>
                <a href={`mailto:${EXTERNAL.support}`}>{t("footer.contactSupport")}</a>
              </li>
              <li>
                <Link href="/embed">{t("footer.embed")}</Link>
              </li>
              <li>
                <Link href="/account">{t("footer.yourAccount")}</Link>
              </li>
              <li>
                <button type="button" onClick={onCookieSettings}>
                  {t("footer.cookieSettings")}
                </button>
              </li>
            </ul>
          </nav>
        </div>
        <div className={legal}>
          <span>{t("footer.rights", { year: new Date().getFullYear() })}</span>
          <span>{t("footer.madeForEveryBody")}</span>
          <LanguagePicker variant="compact" />
        </div>
      </div>
    </footer>
  );
}
