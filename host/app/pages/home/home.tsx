import { useEffect } from "react";
import { Link } from "wouter";
import { css } from "goober";
import { t, currentLocale } from "../../../../src/i18n/index.js";
import type { Workout } from "../../../../src/api/types.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";
import { itemsOf } from "../../lib/content.js";
import { useMembershipStartLink } from "../../lib/membership-start.js";
import { useAnalytics } from "../../lib/analytics.js";
import { bp, color, radius, space, text, up } from "../../theme/tokens.js";
import { ButtonLink, buttonClass } from "../../ui/button.js";
import { EmptyState, Page, card, eyebrow, pageTitle, sectionTitle, stack } from "../../ui/page.js";
import { Row } from "../../ui/row.js";
import { StreakPanel } from "../../ui/streaks.js";
import { WorkoutCard } from "../../ui/workout-card.js";
import { ContentRow, type HomeRow } from "./content-row.js";
import { OtherSeries, SeriesBlock } from "./series-block.js";
import { WeekStrip } from "./week-strip.js";

const hero = css`display: grid; gap: ${space[4]}px; ${up(bp.md)} { grid-template-columns: 1fr auto; align-items: end; }`;
const statsGrid = css`display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: ${space[3]}px;`;
const stat = css`
  background: ${color.ink}; color: #fff; border-radius: ${radius.lg}px; padding: ${space[4]}px; display: grid; gap: 2px;
  strong { font-size: ${text.xxl}px; font-weight: 800; line-height: 1; ${up(bp.md)} { font-size: ${text.display}px; } }
  span { font-size: ${text.xs}px; font-weight: 700; letter-spacing: .14em; text-transform: uppercase; color: rgba(255,255,255,.72); }
`;
const challengeLink = css`justify-self: start; display: inline-flex; align-items: center; min-height: 44px; font-weight: 800; color: ${color.accent};`;
const bannerClass = css`
  background: ${color.accent}; color: #fff; border-radius: ${radius.md}px; padding: ${space[3]}px ${space[4]}px; display: flex; flex-wrap: wrap;
  gap: ${space[2]}px ${space[4]}px; align-items: center; justify-content: space-between; font-weight: 600;
  a { color: #fff; font-weight: 800; text-transform: uppercase; letter-spacing: .08em; font-size: ${text.sm}px; min-height: 44px; display: inline-flex; align-items: center; }
`;
// The card's class plus this panel's own: interpolating a class name into css`` adds no declarations (the panel had
// no padding, border or radius).
const welcome = `${card} ${css`background: linear-gradient(120deg, ${color.accentSoft}, ${color.surface}); display: grid; gap: ${space[3]}px;
  ol { margin: 0; padding-left: 20px; display: grid; gap: 4px; }`}`;
const joinPanel = `${card} ${css`display: grid; gap: ${space[3]}px; border: 2px solid ${color.accent};
  ${up(bp.md)} { grid-template-columns: 1fr auto; align-items: center; }`}`;
const visitorHero = css`
  background: ${color.ink}; color: #fff; border-radius: ${radius.lg}px; padding: ${space[7]}px ${space[5]}px; display: grid; gap: ${space[4]}px;
  background-image: radial-gradient(600px 300px at 90% 10%, rgba(180,64,42,.55), transparent 70%);
  h1 { font-size: ${text.xxl}px; ${up(bp.md)} { font-size: 56px; } max-width: 14ch; }
  p { color: rgba(255,255,255,.8); max-width: 48ch; font-size: ${text.lg}px; }
`;

type Banner = { message?: string; link_text?: string; link_url?: string };
type Tip = { name?: string; value?: { title?: string; body?: string; steps?: string[] } };

function AnnouncementBanner() {
  const store = useStore();
  const data = useSignal(store.content.banner.data);
  useEffect(() => void store.content.banner.load(), [store]);
  const banner = itemsOf<Banner>(data).find((b) => b.message);
  if (!banner) return null;
  return (
    <aside className={bannerClass} aria-label={t("home.announcement")}>
      <span>{banner.message}</span>
      {banner.link_url && banner.link_text ? (
        banner.link_url.startsWith("/") ? (
          <Link href={banner.link_url}>{banner.link_text} →</Link>
        ) : (
          <a href={banner.link_url}>{banner.link_text} →</a>
        )
      ) : null}
    </aside>
  );
}

type Carousel = { id: string; title: string; kind: string; items?: Workout[] };

/** Editorial carousels of workouts ("New This Week", …) from content. */
function Carousels() {
  const store = useStore();
  const data = useSignal(store.content.carousels.data);
  useEffect(() => void store.content.carousels.load(), [store]);
  const rows = itemsOf<Carousel>(data).filter((c) => c.kind === "workouts" && c.items?.length);
  return (
    <>
      {rows.map((c) => (
        <Row key={c.id} title={c.title}>
          {c.items!.map((w) => (
            <WorkoutCard key={w.id} workout={w} base="/home" />
          ))}
        </Row>
      ))}
    </>
  );
}

/** The home page's content rows, each leaving out the classes the carousels and rows above already show. */
function HomeRows() {
  const store = useStore();
  const home = useSignal(store.content.home.data);
  useEffect(() => void store.content.home.load({ distinct: true }), [store]);
  const rows = ((home as { rows?: HomeRow[] } | undefined)?.rows ?? []).filter(
    (r) => r.kind === "category" || r.kind === "collection",
  );
  return (
    <>
      {rows.map((row) => (
        <ContentRow key={row.title} row={row} workouts={row.items ?? []} base="/home" />
      ))}
    </>
  );
}

function Stats() {
  const store = useStore();
  const stats = useSignal(store.activity.stats.data);
  useEffect(() => void store.activity.stats.load(), [store]);
  const hours = stats ? Math.round((stats.total_minutes / 60) * 10) / 10 : 0;
  return (
    <section aria-label={t("home.yourStats")} className={statsGrid}>
      <Link href="/classes?from=all_time_stats" className={stat} style={{ textDecoration: "none" }}>
        <strong>{stats?.total_on_demand ?? "–"}</strong>
        <span>{t("home.onDemand")}</span>
      </Link>
      <Link href="/live/booked-classes" className={stat} style={{ textDecoration: "none" }}>
        <strong>{stats?.total_lvs ?? "–"}</strong>
        <span>{t("home.live")}</span>
      </Link>
      <Link href="/workout-history" className={stat} style={{ textDecoration: "none" }}>
        <strong>{stats ? hours : "–"}</strong>
        <span>{t("home.hours")}</span>
      </Link>
    </section>
  );
}

/** Where members look for the challenge: beside their stats, since its progress is counted from the same workouts. */
function ChallengeLink() {
  return (
    <Link href="/challenge" className={challengeLink}>
      {t("home.challenge")} →
    </Link>
  );
}

function Favourites() {
  const store = useStore();
  const workouts = useSignal(store.favourites.workouts.data);
  const ids = useSignal(store.favourites.ids);
  useEffect(() => void store.favourites.loadWorkouts(), [store, ids]);
  const list = (workouts ?? []).filter((w) => ids.includes(w.id));
  if (!list.length) {
    return (
      <section aria-labelledby="fav-title" className={stack(space[3])}>
        <h2 id="fav-title" className={sectionTitle}>
          {t("home.favorites")}
        </h2>
        <EmptyState title={t("home.noFavourites")}>
          <p style={{ color: color.muted }}>{t("home.tapTheHeartOn")}</p>
          <ButtonLink href="/classes" variant="secondary">
            {t("home.browseClasses")}
          </ButtonLink>
        </EmptyState>
      </section>
    );
  }
  return (
    <Row
      title={t("home.favorites")}
      action={
        <ButtonLink href="/classes?favorites=true" variant="ghost">
          {t("home.seeAll")}
        </ButtonLink>
      }
    >
      {list.map((w) => (
        <WorkoutCard key={w.id} workout={w} base="/home" />
      ))}
    </Row>
  );
}

function FirstTimeWelcome() {
  const store = useStore();
  const welcomeData = useSignal(store.content.welcome.data);
  const tipsData = useSignal(store.content.coachMark.data);
  useEffect(() => {
    void store.content.welcome.load();
    void store.content.coachMark.load();
  }, [store]);
  const entries = itemsOf<Tip>(welcomeData);
  const title = entries.find((e) => e.value?.title)?.value;
  const steps = entries.find((e) => e.value?.steps)?.value?.steps ?? [];
  const tips = itemsOf<Tip>(tipsData).filter((e) => e.value?.title);
  return (
    <section className={welcome} aria-labelledby="welcome-title">
      <h2 id="welcome-title" className={sectionTitle}>
        {title?.title ?? t("home.welcomeTitle")}
      </h2>
      {title?.body ? <p>{title.body}</p> : null}
      {steps.length ? (
        <ol>
          {steps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      ) : null}
      {tips.length ? (
        <ul
          style={{
            display: "grid",
            gap: space[2],
            gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))",
            listStyle: "none",
            padding: 0,
            margin: 0,
          }}
        >
          {tips.map((tip) => (
            <li key={tip.name} style={{ background: color.surface, borderRadius: radius.md, padding: space[3] }}>
              <strong>{tip.value!.title}</strong>
              <p style={{ fontSize: text.sm, color: color.muted }}>{tip.value!.body}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <div style={{ display: "flex", gap: space[3], flexWrap: "wrap" }}>
        <ButtonLink href="/onboarding">{t("home.takeTheQuiz")}</ButtonLink>
        <ButtonLink href="/series" variant="secondary">
          {t("home.startSeries")}
        </ButtonLink>
      </div>
    </section>
  );
}

/**
 * A signed-in account without a membership (never subscribed, or lapsed) is told how to become a member on home,
 * not only when it presses Play. A paused membership has its own way back (Account → Membership).
 */
function MembershipCallToAction() {
  const session = useSession();
  if (!session.ready || session.entitled || session.status.paused) return null;
  const lapsed = session.status.previouslyEntitled;
  return (
    <section className={joinPanel} aria-labelledby="join-title">
      <div className={stack(space[2])}>
        <h2 id="join-title" className={sectionTitle}>
          {lapsed ? t("home.join.lapsedTitle") : t("home.join.title")}
        </h2>
        <p>{lapsed ? t("home.join.lapsedLead") : t("home.join.lead")}</p>
      </div>
      <ButtonLink href="/account/membership/join">
        {lapsed ? t("home.join.resubscribe") : t("home.join.become")}
      </ButtonLink>
    </section>
  );
}

function MemberHome() {
  const store = useStore();
  const session = useSession();
  const enrollments = useSignal(store.series.active);
  const enrolledReady = useSignal(store.series.ready);
  const history = useSignal(store.activity.history.data);
  const stats = useSignal(store.activity.stats.data);
  useEffect(() => {
    void store.series.enrollments.load();
    void store.activity.history.load();
  }, [store]);
  const name = session.claims?.given_name ?? "";
  const enrolled = enrollments ?? [];
  // The series under way leads; every other one (a paused series with its Resume) is listed below it.
  const first = enrolled.find((e) => !e.paused) ?? enrolled[0];
  const others = enrolled.filter((e) => e !== first);
  const greeting = enrolledReady && enrolled.length ? t("home.welcomeBack", { name }) : t("home.goodToSee", { name });
  const firstTime = stats ? stats.total_on_demand + stats.total_lvs === 0 : false;

  return (
    <Page>
      <div className={stack(space[6])}>
        <AnnouncementBanner />
        <MembershipCallToAction />
        <header className={hero}>
          <div className={stack(space[2])}>
            <p className={eyebrow}>
              {new Date().toLocaleDateString(currentLocale(), { weekday: "long", month: "long", day: "numeric" })}
            </p>
            <h1 className={pageTitle}>{enrolledReady ? greeting : "\u00a0"}</h1>
          </div>
          <div style={{ display: "flex", gap: space[3], flexWrap: "wrap" }}>
            <ButtonLink href="/series">{t("home.startSeries")}</ButtonLink>
            <ButtonLink href="/classes/manage-workouts" variant="secondary">
              {t("home.manageWorkouts")}
            </ButtonLink>
          </div>
        </header>
        <Stats />
        <ChallengeLink />
        <WeekStrip history={history?.items ?? []} />
        <StreakPanel compact />
        {firstTime ? <FirstTimeWelcome /> : null}
        {first ? <SeriesBlock enrollment={first} /> : null}
        {others.length ? <OtherSeries enrollments={others} /> : null}
        <Favourites />
        <Carousels />
        <HomeRows />
      </div>
    </Page>
  );
}

function VisitorHome() {
  const analytics = useAnalytics();
  const startLink = useMembershipStartLink();
  return (
    <Page>
      <div className={stack(space[6])}>
        <AnnouncementBanner />
        <section className={visitorHero} aria-labelledby="visitor-title">
          <p className={eyebrow} style={{ color: "#f5b3a4" }}>
            {t("home.onDemandLiveIn")}
          </p>
          <h1 id="visitor-title">{t("home.strongerEverySingleDay")}</h1>
          <p>{t("home.hundredsOfLowImpact")}</p>
          <div style={{ display: "flex", gap: space[3], flexWrap: "wrap" }}>
            <a
              className={buttonClass("primary")}
              {...startLink}
              onClick={() => analytics.track("CTA Clicked", { cta_name: "Start free trial" })}
            >
              {t("home.startFreeTrial")}
            </a>
            <ButtonLink href="/continue?redirect=%2Fhome" variant="inverse">
              {t("home.logIn")}
            </ButtonLink>
          </div>
        </section>
        <Carousels />
        <HomeRows />
      </div>
    </Page>
  );
}

/** /home: the member's dashboard, or the public home for visitors. */
export default function HomePage() {
  const session = useSession();
  return session.signedIn ? <MemberHome /> : <VisitorHome />;
}
