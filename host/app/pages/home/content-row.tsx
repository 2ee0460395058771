import type { Workout } from "../../../../src/api/types.js";
import { Row } from "../../ui/row.js";
import { WorkoutCard } from "../../ui/workout-card.js";
import { ButtonLink } from "../../ui/button.js";
import { t } from "../../../../src/i18n/index.js";

/**
 * A row of the home page as the server resolves it: asked `distinct`, each category or collection row leaves out the
 * classes of the carousels and rows above it, so "New This Week", "New Classes" and "Quick Hits" (all newest first,
 * and overlapping in the catalogue) each open with classes of their own.
 */
export interface HomeRow {
  title: string;
  kind: string;
  source?: { slug?: string; limit?: number };
  items?: Workout[];
}

/** A home row from content: its workouts and a See all link to the category or the library. */
export function ContentRow({ row, workouts, base }: { row: HomeRow; workouts: Workout[]; base: string }) {
  if (!workouts.length) return null;
  const slug = row.source?.slug;
  const seeAll = row.kind === "category" && slug && slug !== "all-classes" ? `/classes/categories/${slug}` : "/classes";
  return (
    <Row
      title={row.title}
      action={
        <ButtonLink href={seeAll} variant="ghost">
          {t("home.seeAll")}
        </ButtonLink>
      }
    >
      {workouts.map((w) => (
        <WorkoutCard key={w.id} workout={w} base={base} />
      ))}
    </Row>
  );
}
