import { useEffect } from "react";
import { Link } from "wouter";
import { css } from "goober";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";
import { bp, color, radius, space, text, up } from "../../theme/tokens.js";
import { ButtonLink, buttonClass } from "../../ui/button.js";
import { Page, PageHeader, Spinner } from "../../ui/page.js";
import { Row } from "../../ui/row.js";
import { SeriesCard } from "./series-card.js";

const banner = css`position: relative; display: grid; overflow: hidden; border-radius: ${radius.lg}px; background: ${color.ink}; color: #fff; min-height: 260px;
  img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; opacity: .9; } /* the art keeps its left side dark for the title */
  > div { position: relative; align-self: end; padding: ${space[5]}px; display: grid; gap: ${space[2]}px; justify-items: start; max-width: 640px; }
  h2 { font-size: ${text.xxl}px; } p { font-size: ${text.md}px; }
  ${up(bp.md)} { min-height: 340px; > div { padding: ${space[6]}px; } h2 { font-size: ${text.display}px; } }`;
const column = css`display: grid; gap: ${space[7]}px; > * { min-width: 0; }`;
const kicker = css`font-size: ${text.xs}px; font-weight: 800; letter-spacing: .16em; text-transform: uppercase;`;

type Banner = { title?: string; subtitle?: string; image_url?: string; seriesSlug?: string };

/** /series: the featured banner, the member's series, and the overview's sections as carousels with See All (A-Z). */
export default function SeriesHomePage() {
  const store = useStore();
  const { signedIn } = useSession();
  const overview = useSignal(store.series.overview.data);
  const failed = useSignal(store.series.overview.error);
  const enrollments = useSignal(store.series.active);
  useEffect(() => void store.series.overview.load(), [store]);
  useEffect(() => {
    if (signedIn) void store.series.enrollments.load();
  }, [signedIn, store]);
  const featured = (overview?.newfeaturedSeriesBanner ?? {}) as Banner;
  const seeAll = (
    <Link href="/series/all-series" className={buttonClass("ghost")}>
      {t("series.seeAll")}
    </Link>
  );
  const mine = (enrollments ?? []).map((e) => ({
    slug: String((e.series_detail as { slug?: string } | undefined)?.slug ?? e.series_id),
  }));
  return (
    <Page>
      <PageHeader kicker={t("series.kicker")} title={t("series.title")}>
        {overview?.pageDescription}
      </PageHeader>
      {failed && !overview ? (
        <p role="alert">{t("error.loading")}</p>
      ) : !overview ? (
        <Spinner />
      ) : (
        <div className={column}>
          {featured.seriesSlug ? (
            <section className={banner} aria-labelledby="featured-title">
              {featured.image_url ? (
                <img
                  src={`${featured.image_url}${featured.image_url.includes("?") ? "&" : "?"}width=1280&height=560&fit_mode=crop`}
                  alt=""
                />
              ) : null}
              <div>
                <p className={kicker}>{t("series.featured")}</p>
                <h2 id="featured-title">{featured.title}</h2>
                {featured.subtitle ? <p>{featured.subtitle}</p> : null}
                <ButtonLink href={`/series/${featured.seriesSlug}`} variant="inverse">
                  {t("series.moreInfo")}
                </ButtonLink>
              </div>
            </section>
          ) : null}
          {mine.length ? (
            <Row title={t("series.yours")} action={seeAll}>
              {mine.map((s) => (
                <SeriesCard key={s.slug} series={s} />
              ))}
            </Row>
          ) : null}
          {overview.seriesCategoriesList
            .filter((section) => section.series.length)
            .map((section) => (
              <Row key={section.slug} title={section.name} action={seeAll}>
                {section.series.map((s) => (
                  <SeriesCard key={s.id} series={s} />
                ))}
              </Row>
            ))}
          <div>
            <ButtonLink href="/series/all-series" variant="secondary">
              {t("series.seeAll")}
            </ButtonLink>
          </div>
        </div>
      )}
    </Page>
  );
}
