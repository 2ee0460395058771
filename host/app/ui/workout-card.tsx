import { Link } from "wouter";
import { css } from "goober";
import { workoutImageUrl } from "../../../src/api/index.js";
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
  img { width: 100%; height: 100%; object-fit: cover; transition: transform .3s ease; }`;
const badge = css`position: absolute; left: 8px; bottom: 8px; background: rgba(22,22,29,.82); color: #fff; border-radius: ${radius.pill}px; padding: 2px 10px; font-size: ${text.xs}px; font-weight: 700;`;
const liveBadge = css`position: absolute; left: 8px; top: 8px; background: ${color.accent}; color: #fff; border-radius: ${radius.pill}px; padding: 2px 10px; font-size: ${text.xs}px; font-weight: 800; letter-spacing: .08em;`;
const name = css`font-weight: 700; font-size: ${text.md}px; line-height: 1.3; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden;`;
const sub = css`font-size: ${text.sm}px; color: ${color.muted};`;

/** A workout tile linking to its detail pane over the current page (`{base}/detail/{slug}`). */
export function WorkoutCard({ workout, base, highlight }: { workout: Workout; base: string; highlight?: string }) {
  const { api } = useStore();
  const poster = workout.video?.poster_url ?? workoutImageUrl(api, workout.id, { width: 480, height: 270, fit_mode: "crop" });
  return (
    <Link href={`${base}/detail/${encodeURIComponent(workout.slug)}`} className={card}>
      <div className={frame}>
        <img src={poster} alt="" loading="lazy" width={480} height={270} />
        <span className={badge}>{t("workout.minutes", { minutes: workout.duration })}</span>
        {highlight ? <span className={liveBadge}>{highlight}</span> : workout.live ? <span className={liveBadge}>LIVE REPLAY</span> : null}
      </div>
      <span className={name}>{workout.name}</span>
      <span className={sub}>{workout.trainers.map((tr) => tr.name).join(" & ")}</span>
    </Link>
  );
}
