import "../../../../widgets/live-schedule/define.js";
import "../../../../widgets/workout-search/define.js";
import { useEffect, useId, useState } from "react";
import { css } from "goober";
import { getWidgetIntegrity } from "../../../../src/api/index.js";
import { BASE_LOCALE, LOCALES, type Locale } from "../../../../src/domain/locales.js";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { Widget } from "../../lib/widget.js";
import { color, radius, space, text, touch, up, bp } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { SuccessNote } from "../../ui/notice.js";
import { Page, PageHeader, card, sectionTitle, stack } from "../../ui/page.js";
import {
  EMBEDDABLE,
  FONTS,
  embedSnippet,
  elementAttributes,
  themeProperties,
} from "../../../../widgets/ui/embed-snippet.js";
import type { EmbedChoice, Embeddable, FontChoice } from "../../../../widgets/ui/embed-snippet.js";

const layout = css`display: grid; gap: ${space[5]}px; ${up(bp.lg)} { grid-template-columns: minmax(280px, 340px) 1fr; align-items: start; }`;
const form = css`display: grid; gap: ${space[4]}px;
  > div { display: grid; gap: 6px; } label { font-size: ${text.sm}px; font-weight: 600; }
  select, input[type="number"] { min-height: ${touch}px; padding: 0 ${space[2]}px; border: 1.5px solid ${color.line};
    border-radius: ${radius.sm}px; background: ${color.surface}; font: inherit; font-weight: 400; color: ${color.ink}; }
  input[type="color"] { width: 100%; min-height: ${touch}px; padding: 2px; border: 1.5px solid ${color.line}; border-radius: ${radius.sm}px; background: ${color.surface}; }
  :is(select, input):focus-visible { outline: 2px solid ${color.accent}; outline-offset: 2px; }`;
const snippetBox = css`width: 100%; min-height: 180px; padding: ${space[3]}px; border: 1.5px solid ${color.line}; border-radius: ${radius.sm}px;
  font: ${text.sm}px/1.5 ui-monospace, Menlo, Consolas, monospace; background: ${color.sunken}; color: ${color.ink}; resize: vertical;
  white-space: pre; overflow-x: auto;`;
const preview = css`padding: ${space[4]}px; border: 1px dashed ${color.line}; border-radius: ${radius.md}px; background: #fff; min-width: 0;`;

const CONTROLS = [
  "embed.widget",
  "embed.location",
  "embed.language",
  "embed.accent",
  "embed.radius",
  "embed.font",
] as const;
const LANGUAGE_KEYS = { "en-US": "language.en-US", "es-US": "language.es-US", "fr-CA": "language.fr-CA" } as const;
const WIDGET_KEYS = { "live-schedule": "embed.widgetSchedule", "workout-search": "embed.widgetLibrary" } as const;
const FONT_KEYS = { system: "embed.fontSystem", serif: "embed.fontSerif", humanist: "embed.fontHumanist" } as const;

/**
 * /embed: the snippet builder for a studio's or marketing site's web admin (Cal.com's embed builder): choose a widget,
 * its theme, language and location, see it live, and copy the HTML with its script pinned by the hash in sri.json.
 */
export default function EmbedPage() {
  const store = useStore();
  const locations = useSignal(store.live.locations.data);
  useEffect(() => void store.live.locations.load(), [store]);
  const [integrity, setIntegrity] = useState<Record<string, string> | null>();
  useEffect(() => {
    const controller = new AbortController();
    getWidgetIntegrity(store.api, controller.signal).then(setIntegrity, () => {
      if (!controller.signal.aborted) setIntegrity(null);
    });
    return () => controller.abort();
  }, [store]);

  const [choice, setChoice] = useState<EmbedChoice>({
    widget: "live-schedule",
    accent: "#1d5c4f",
    radius: 10,
    font: "system",
    lang: BASE_LOCALE,
  });
  const studios = (locations ?? []).filter((l) => l.kind !== "virtual");
  const location = choice.location ?? studios[0]?.slug;
  const chosen = { ...choice, location };
  const set = (patch: Partial<EmbedChoice>) => setChoice((c) => ({ ...c, ...patch }));

  const hash = integrity?.[`esm/${choice.widget}.js`];
  const snippet = embedSnippet(chosen, appOrigin(), hash);
  const [copied, setCopied] = useState<"yes" | "no">();
  useEffect(() => setCopied(undefined), [snippet]);
  const copy = () =>
    navigator.clipboard.writeText(snippet).then(
      () => setCopied("yes"),
      () => setCopied("no"),
    );

  const id = useId();
  const ids = {
    snippet: `${id}snippet`,
    preview: `${id}preview`,
    ...Object.fromEntries(CONTROLS.map((key) => [key, `${id}${key}`])),
  } as Record<(typeof CONTROLS)[number] | "snippet" | "preview", string>;
  return (
    <Page>
      <PageHeader kicker={t("embed.kicker")} title={t("routes.embed")}>
        {t("embed.lead")}
      </PageHeader>
      <div className={layout}>
        <form className={`${card} ${form}`} aria-label={t("embed.options")} onSubmit={(e) => e.preventDefault()}>
          <div>
            <label htmlFor={ids["embed.widget"]}>{t("embed.widget")}</label>
            <select
              id={ids["embed.widget"]}
              value={choice.widget}
              onChange={(e) => set({ widget: e.currentTarget.value as Embeddable })}
            >
              {(Object.keys(EMBEDDABLE) as Embeddable[]).map((w) => (
                <option key={w} value={w}>
                  {t(WIDGET_KEYS[w])}
                </option>
              ))}
            </select>
          </div>
          {choice.widget === "live-schedule" ? (
            <div>
              <label htmlFor={ids["embed.location"]}>{t("embed.location")}</label>
              <select
                id={ids["embed.location"]}
                value={location ?? ""}
                onChange={(e) => set({ location: e.currentTarget.value })}
              >
                {studios.map((l) => (
                  <option key={l.id} value={l.slug}>
                    {l.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div>
            <label htmlFor={ids["embed.language"]}>{t("embed.language")}</label>
            <select
              id={ids["embed.language"]}
              value={choice.lang}
              onChange={(e) => set({ lang: e.currentTarget.value as Locale })}
            >
              {LOCALES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {t(LANGUAGE_KEYS[l])}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids["embed.accent"]}>{t("embed.accent")}</label>
            <input
              id={ids["embed.accent"]}
              type="color"
              value={choice.accent}
              onChange={(e) => set({ accent: e.currentTarget.value })}
            />
          </div>
          <div>
            <label htmlFor={ids["embed.radius"]}>{t("embed.radius")}</label>
            <input
              id={ids["embed.radius"]}
              type="number"
              min={0}
              max={32}
              step={1}
              value={choice.radius}
              onChange={(e) => {
                const px = Math.round(Number(e.currentTarget.value));
                if (Number.isFinite(px)) set({ radius: Math.min(32, Math.max(0, px)) });
              }}
            />
          </div>
          <div>
            <label htmlFor={ids["embed.font"]}>{t("embed.font")}</label>
            <select
              id={ids["embed.font"]}
              value={choice.font}
              onChange={(e) => set({ font: e.currentTarget.value as FontChoice })}
            >
              {(Object.keys(FONTS) as FontChoice[]).map((f) => (
                <option key={f} value={f}>
                  {t(FONT_KEYS[f])}
                </option>
              ))}
            </select>
          </div>
        </form>
        <div className={stack(space[5])}>
          <section className={stack(space[3])} aria-labelledby={ids.snippet}>
            <h2 id={ids.snippet} className={sectionTitle}>
              {t("embed.snippet")}
            </h2>
            <textarea
              className={snippetBox}
              aria-labelledby={ids.snippet}
              readOnly
              spellCheck={false}
              rows={6}
              value={snippet}
              onFocus={(e) => e.currentTarget.select()}
            />
            {integrity === null ? <p role="alert">{t("embed.noIntegrity")}</p> : null}
            <div style={{ display: "flex", gap: space[3], alignItems: "center", flexWrap: "wrap" }}>
              <Button onClick={() => void copy()} disabled={integrity === undefined}>
                {t("embed.copy")}
              </Button>
              <SuccessNote>{copied === "yes" ? t("embed.copied") : null}</SuccessNote>
              {copied === "no" ? <p role="alert">{t("embed.copyFailed")}</p> : null}
            </div>
          </section>
          <section className={stack(space[3])} aria-labelledby={ids.preview}>
            <h2 id={ids.preview} className={sectionTitle}>
              {t("embed.preview")}
            </h2>
            <div className={preview}>
              {choice.widget !== "live-schedule" || location ? (
                <Widget
                  key={`${choice.widget}:${location ?? ""}`}
                  tag={EMBEDDABLE[choice.widget]}
                  props={{ store }}
                  attrs={elementAttributes(chosen)}
                  style={themeProperties(chosen)}
                />
              ) : null}
            </div>
          </section>
        </div>
      </div>
    </Page>
  );
}

/** The origin this app is served from: the one every snippet points at. */
const appOrigin = () => window.location.origin;
