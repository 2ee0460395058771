import { useEffect, useRef, useState, type PointerEvent } from "react";
import { Link } from "wouter";
import { css } from "goober";
import { getPreview, workoutImageUrl } from "../../../src/api/index.js";
import { t } from "../../../src/i18n/index.js";
import type { Workout } from "../../../src/api/types.js";
import { useStore } from "../lib/store.js";
import { color, radius, space, text } from "../theme/tokens.js";

const card = css`
  display: grid; gap: ${space[2]}px; text-decoration: none; color: inherit; border-radius: ${radius.md}px; min-width: 0;
  &:hover img { transform: scale(1.03); }
  &:focus-visible { outline-offset: 4px; }
`;
const frame = css`position: relative; aspect-ratio: 16 / 9; border-radius: ${radius.md}px; overflow: hidden; background: ${color.sunken};
  img { width: 100%; height: 100%; object-fit: cover; transition: transform .3s ease; }
  video { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; opacity: 0; transition: opacity .2s ease; pointer-events: none; }
  video[data-playing] { opacity: 1; }`;
const badge = css`position: absolute; left: 8px; bottom: 8px; background: rgba(22,22,29,.82); color: #fff; border-radius: ${radius.pill}px; padding: 2px 10px; font-size: ${text.xs}px; font-weight: 700;`;
const liveBadge = css`position: absolute; left: 8px; top: 8px; background: ${color.accent}; color: #fff; border-radius: ${radius.pill}px; padding: 2px 10px; font-size: ${text.xs}px; font-weight: 800; letter-spacing: .08em;`;
const name = css`font-weight: 700; font-size: ${text.md}px; line-height: 1.3; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden;`;
const sub = css`font-size: ${text.sm}px; color: ${color.muted};`;

const prefersReducedMotion = () =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The card's hover preview: on pointer hover or keyboard focus it fetches the workout's public preview clip once and
 * plays it muted and looping over the poster; leaving pauses it. Nothing moves for visitors who prefer reduced
 * motion, and touch taps (which open the class) do not start it.
 */
function useHoverPreview(workoutId: string) {
  const { api } = useStore();
  const [uri, setUri] = useState<string>();
  const [active, setActive] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const asked = useRef(false);

  const start = () => {
    if (prefersReducedMotion()) return;
    setActive(true);
    if (asked.current) return;
    asked.current = true;
    getPreview(api, workoutId).then(
      (p) => setUri(p.uri),
      () => (asked.current = false),
    );
  };
  const stop = () => setActive(false);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (active) {
      el.muted = true; // React does not reflect `muted`; autoplay policies need the property set before play()
      el.play().catch(() => undefined);
    } else el.pause();
  }, [active, uri]);

  const element = uri ? (
    <video
      ref={video}
      src={uri}
      muted
      loop
      playsInline
      preload="auto"
      aria-hidden="true"
      tabIndex={-1}
      data-playing={active ? "" : undefined}
    />
  ) : null;
  const handlers = {
    onPointerEnter: (e: PointerEvent) => e.pointerType !== "touch" && start(),
    onPointerLeave: stop,
    onFocus: start,
    onBlur: stop,
  };
  return { element, handlers };
}

/** A workout tile linking to its detail pane over the current page (`{base}/detail/{slug}`), previewing on hover. */
export function WorkoutCard({ workout, base, highlight }: { workout: Workout; base: string; highlight?: string }) {
  const { api } = useStore();
  const preview = useHoverPreview(workout.id);
  // poster_url is "" for a workout without a poster: its video's still stands in.
  const poster =
    workout.video.poster_url || workoutImageUrl(api, workout.id, { width: 480, height: 270, fit_mode: "crop" });
  return (
    <Link href={`${base}/detail/${encodeURIComponent(workout.slug)}`} className={card} {...preview.handlers}>
      <div className={frame}>
        <img src={poster} alt="" loading="lazy" width={480} height={270} />
        {preview.element}
        <span className={badge}>{t("workout.minutes", { minutes: workout.duration })}</span>
        {highlight ? (
          <span className={liveBadge}>{highlight}</span>
        ) : workout.live ? (
          <span className={liveBadge}>{t("ui.liveReplay")}</span>
        ) : null}
      </div>
      <span className={name}>{workout.name}</span>
      <span className={sub}>{workout.trainers.map((tr) => tr.name).join(" & ")}</span>
    </Link>
  );
}
