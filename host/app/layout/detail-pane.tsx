import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useSearch } from "wouter";
import { css } from "goober";
import { ApiError, getPreview, workoutImageUrl } from "../../../src/api/index.js";
import { t, type MessageKey } from "../../../src/i18n/index.js";
import type { Workout } from "../../../src/api/types.js";
import { useStore } from "../lib/store.js";
import { useSignal } from "../lib/use-signal.js";
import { useSession } from "../lib/session.js";
import { signInFor } from "../lib/redirect.js";
import { bp, color, radius, space, text, touch, up } from "../theme/tokens.js";
import { Button, ButtonLink } from "../ui/button.js";
import { Spinner } from "../ui/page.js";
import { dateLabel, label } from "../ui/format.js";
import { RENDER_ERROR } from "./error-boundary.js";

const drawer = css`
  margin: 0 0 0 auto; height: 100vh; max-height: 100vh; width: 100%; max-width: 100%; border: 0; padding: 0; background: ${color.surface}; color: ${color.ink};
  ${up(bp.sm)} { width: 560px; }
  &::backdrop { background: rgba(22,22,29,.5); }
  &[open] { animation: fk-slide .22s ease-out; }
  @keyframes fk-slide { from { transform: translateX(40px); opacity: 0; } }
  @media (prefers-reduced-motion: reduce) { &[open] { animation: none; } }
`;
const topBar = css`position: sticky; top: 0; z-index: 2; display: flex; justify-content: flex-end; padding: ${space[2]}px; pointer-events: none;`;
const closeBtn = css`width: ${touch}px; height: ${touch}px; border-radius: 50%; border: 0; background: rgba(255,255,255,.92); box-shadow: 0 2px 10px rgba(0,0,0,.2);
  font-size: 22px; cursor: pointer; pointer-events: auto; &:hover { background: #fff; }`;
const media = css`position: relative; aspect-ratio: 16 / 9; background: ${color.ink}; margin-top: -${touch + space[4]}px; img, video { width: 100%; height: 100%; object-fit: cover; }`;
const body = css`padding: ${space[5]}px; display: grid; gap: ${space[5]}px;`;
const meta = css`display: flex; flex-wrap: wrap; gap: ${space[2]}px ${space[4]}px; align-items: center; color: ${color.muted}; font-size: ${text.sm}px;`;
const trainer = css`display: flex; align-items: center; gap: ${space[3]}px; font-weight: 700; img, span.avatar { width: 48px; height: 48px; border-radius: 50%; object-fit: cover; background: ${color.accentSoft}; display: grid; place-items: center; color: ${color.accent}; }`;
const section = css`display: grid; gap: ${space[2]}px; h3 { font-size: ${text.xs}px; letter-spacing: .16em; text-transform: uppercase; color: ${color.muted}; }`;
const chips = css`display: flex; flex-wrap: wrap; gap: ${space[2]}px; list-style: none; margin: 0; padding: 0; li { background: ${color.sunken}; border-radius: ${radius.pill}px; padding: 6px 12px; font-size: ${text.sm}px; font-weight: 600; }`;
/** What a class loads or involves (its strain tags, which the library's Avoid chips leave out: docs/members.md). */
const INVOLVES: Record<string, MessageKey> = {
  jumping: "detail.involves.jumping",
  wrists: "detail.involves.wrists",
  shoulders: "detail.involves.shoulders",
  knees: "detail.involves.knees",
  "lower-back": "detail.involves.lowerBack",
  floor: "detail.involves.floor",
};
const steps = css`list-style: none; margin: 0; padding: 0; display: grid; gap: 1px; background: ${color.line}; border-radius: ${radius.md}px; overflow: hidden;
  li { display: flex; justify-content: space-between; gap: ${space[3]}px; padding: ${space[2]}px ${space[3]}px; background: ${color.surface}; font-size: ${text.sm}px; }
  li span:last-child { color: ${color.muted}; font-weight: 600; }`;
// A button is never narrower than its label ("♥ REMOVE FROM FAVORITES" overflowed at 180px): it takes a row of its
// own instead, and wraps inside only when even a whole row is too narrow.
const actions = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; > * { flex: 1 1 180px; min-width: min(100%, max-content); white-space: normal; text-align: center; }`;

/**
 * The workout detail pane over Home, Classes, a series or a calendar (`…/detail/{slug}`): opened and closed by the
 * URL without a reload, so it is deep-linkable and the page beneath keeps its scroll position.
 */
export function DetailPane({ slug, base, children }: { slug: string; base: string; children?: ReactNode }) {
  const store = useStore();
  const [, navigate] = useLocation();
  const search = useSearch();
  const ref = useRef<HTMLDialogElement>(null);
  const workout = useSignal(store.catalogue.workout.data);
  const status = useSignal(store.catalogue.workout.status);
  const close = () => navigate(search ? `${base}?${search}` : base);
  const failure = useSignal(store.catalogue.workout.error);
  const notFound = failure instanceof ApiError && failure.status === 404;

  useEffect(() => void store.catalogue.workout.load(slug), [slug, store]);
  useEffect(() => {
    const dialog = ref.current;
    // Read before showModal() moves focus into the pane: the card or link that opened it, given focus back on close
    // (Escape, the close button, or back) so a keyboard member carries on from where they were.
    const opener = focusedElement();
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      // The pane is gone from the page by now and focus has fallen to <body>; a page that replaced the opener (the
      // member went on to play the workout) keeps its own focus.
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  const current = workout?.slug === slug ? workout : undefined;
  return (
    <dialog
      ref={ref}
      className={drawer}
      aria-label={current?.name ?? t("detail.workoutDetails")}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <div className={topBar}>
        <button type="button" className={closeBtn} aria-label={t("detail.close")} onClick={close}>
          ×
        </button>
      </div>
      {current ? (
        <WorkoutDetail workout={current} />
      ) : status === "error" ? (
        <div className={body} role="alert">
          <h2 style={{ fontSize: text.xl, fontWeight: 800 }}>
            {notFound ? t("player.weCouldntFindThat") : RENDER_ERROR}
          </h2>
          <p>{notFound ? t("detail.retired") : t("error.loading")}</p>
        </div>
      ) : (
        <Spinner />
      )}
      {/* What must stay answerable above the modal pane (the cookie banner on a deep link): outside the dialog it
          would be covered and inert. */}
      {children}
    </dialog>
  );
}

/** The focused element, looking inside open shadow roots (a library card lives in `<fit-workout-search>`'s). */
function focusedElement(): HTMLElement | null {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el instanceof HTMLElement && el !== document.body ? el : null;
}

function WorkoutDetail({ workout }: { workout: Workout }) {
  const store = useStore();
  const session = useSession();
  const favouriteIds = useSignal(store.favourites.ids);
  const toggling = useSignal(store.favourites.toggle.loading);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const favourite = favouriteIds.includes(workout.id);

  useEffect(() => {
    if (session.signedIn) void store.favourites.favourites.load();
  }, [session.signedIn, store]);
  useEffect(() => {
    const controller = new AbortController();
    getPreview(store.api, workout.id, controller.signal).then(
      (p) => setPreview(p.uri),
      () => setPreview(null),
    );
    return () => controller.abort();
  }, [workout.id, store]);

  const lead = workout.trainers.at(0); // a workout may list no trainer
  // The catalogue's segments of the class ("Warm Up", "Main Set", …) with their minutes.
  const breakdown = workout.breakdown.filter((b) => b.title);
  // poster_url is "" for a workout without a poster: its video's still stands in.
  const poster =
    workout.video.poster_url || workoutImageUrl(store.api, workout.id, { width: 1120, height: 630, fit_mode: "crop" });
  const playHref = `/classes/video/${encodeURIComponent(workout.slug)}`;
  const sections: [string, string[]][] = [
    [t("detail.pacing"), workout.pacing ? [label(workout.pacing)] : []],
    [t("detail.benefits"), workout.benefits.map(label)],
    [t("detail.equipment"), workout.equipment.map(label)],
    [t("detail.involves"), workout.strain.map((tag) => (INVOLVES[tag] ? t(INVOLVES[tag]) : label(tag)))],
    [t("detail.bodyFocus"), workout.focusMember.map(label)],
    [t("detail.collections"), workout.collections.map((c) => c.name)],
  ];

  return (
    <article>
      <div className={media}>
        {previewing && preview ? (
          <video
            src={preview}
            autoPlay
            muted
            loop
            playsInline
            controls
            aria-label={t("detail.previewOf", { name: workout.name })}
          />
        ) : (
          <img src={poster} alt="" width={560} height={315} />
        )}
      </div>
      <div className={body}>
        <div style={{ display: "grid", gap: space[3] }}>
          <div className={meta}>
            <span>{t("workout.minutes", { minutes: workout.duration })}</span>
            {workout.level ? <span>{label(workout.level)}</span> : null}
            {workout.start_date || workout.created_at ? (
              <span>{t("detail.released", { date: dateLabel(workout.start_date) })}</span>
            ) : null}
          </div>
          <h2 style={{ fontSize: text.xxl, fontWeight: 800 }}>{workout.name}</h2>
          {lead ? (
            <div className={trainer}>
              {lead.image_url ? (
                <img src={lead.image_url} alt="" width={48} height={48} />
              ) : (
                <span className="avatar" aria-hidden="true">
                  {lead.name[0]}
                </span>
              )}
              <span>{workout.trainers.map((tr) => tr.name).join(" & ")}</span>
            </div>
          ) : null}
        </div>
        <div className={actions}>
          <ButtonLink href={session.signedIn ? playHref : signInFor(playHref)}>{t("detail.play")}</ButtonLink>
          {session.signedIn ? (
            <Button
              variant="secondary"
              aria-pressed={favourite}
              disabled={toggling}
              onClick={() => void store.favourites.toggle.run(workout.id)}
            >
              {favourite ? `♥ ${t("action.removeFavourite")}` : `♡ ${t("action.addFavourite")}`}
            </Button>
          ) : null}
          {preview ? (
            <Button variant="ghost" aria-pressed={previewing} onClick={() => setPreviewing(!previewing)}>
              {previewing ? t("detail.stopPreview") : t("detail.watchPreview")}
            </Button>
          ) : null}
        </div>
        <section className={section}>
          <h3>{t("detail.about")}</h3>
          <p>{workout.description}</p>
        </section>
        {breakdown.length ? (
          <section className={section}>
            <h3>{t("detail.classBreakdown")}</h3>
            <ol className={steps}>
              {breakdown.map((b, i) => (
                <li key={i}>
                  <span>{b.title}</span>
                  <span>{t("workout.minutes", { minutes: b.minutes })}</span>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        {sections
          .filter(([, values]) => values.length)
          .map(([name, values]) => (
            <section key={name} className={section}>
              <h3>{name}</h3>
              <ul className={chips}>
                {values.map((v) => (
                  <li key={v}>{v}</li>
                ))}
              </ul>
            </section>
          ))}
      </div>
    </article>
  );
}
