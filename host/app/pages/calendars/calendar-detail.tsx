import { useEffect } from "react";
import { Link } from "wouter";
import { css } from "goober";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useParams } from "../../lib/route-context.js";
import { useSession } from "../../lib/session.js";
import { signInFor } from "../../lib/redirect.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { Page, PageHeader, Spinner } from "../../ui/page.js";

const days = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[2]}px; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  li { background: ${color.surface}; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[3]}px; display: grid; gap: 4px; }
  .day { font-size: ${text.xs}px; font-weight: 800; letter-spacing: .12em; text-transform: uppercase; color: ${color.muted}; }
  a { font-weight: 700; min-height: 44px; display: inline-flex; align-items: center; }`;

/** /calendars/{slug}: the plan day by day (workout, walk and rest days) with enrol and unenrol. */
export default function CalendarDetailPage() {
  const store = useStore();
  const session = useSession();
  const { slug } = useParams();
  const calendar = useSignal(store.calendars.detail.data);
  const enrollments = useSignal(store.calendars.enrollments.data);
  const enrolling = useSignal(store.calendars.enroll.loading);
  const unenrolling = useSignal(store.calendars.unenroll.loading);
  const busy = enrolling || unenrolling;
  useEffect(() => void store.calendars.detail.load(slug), [slug, store]);
  useEffect(() => {
    if (session.signedIn) void store.calendars.enrollments.load();
  }, [session.signedIn, store]);
  const current = calendar?.slug === slug ? calendar : undefined;
  if (!current) return <Page><Spinner /></Page>;
  const enrolled = !!enrollments?.some((e) => e.calendar_id === current.id && e.status === "enrolled");
  return (
    <Page>
      <PageHeader kicker="Calendar" title={current.name}>{typeof current.description === "string" ? current.description : null}</PageHeader>
      <div style={{ marginBottom: space[5] }}>
        {!session.signedIn ? <ButtonLink href={signInFor(`/calendars/${slug}`)}>Enroll</ButtonLink>
          : enrolled ? <Button variant="secondary" disabled={busy} onClick={() => void store.calendars.unenroll.run(current.id)}>Unenroll</Button>
          : <Button disabled={busy} onClick={() => void store.calendars.enroll.run(current.id)}>Enroll</Button>}
      </div>
      <ol className={days} aria-label="Plan">
        {(current.days ?? []).map((d) => (
          <li key={d.day}>
            <span className="day">Day {d.day}</span>
            {d.kind === "workout" && d.workout ? <Link href={`/calendars/${slug}/detail/${d.workout.slug}`}>{d.workout.name}</Link>
              : <strong>{d.kind === "walk" ? "Walk" : "Rest day"}</strong>}
          </li>
        ))}
      </ol>
    </Page>
  );
}
