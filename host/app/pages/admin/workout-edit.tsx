import { useEffect, useRef, useState, type FormEvent } from "react";
import { css } from "goober";
import { Link, useLocation, useParams, useSearch } from "wouter";
import {
  changeWorkoutState,
  createWorkout,
  getAdminWorkout,
  getAudit,
  getConsoleVocabulary,
  scheduleWorkout,
  updateWorkout,
  type AdminWorkout,
  type AdminWorkoutFields,
  type AuditEntry,
  type ConsoleVocabulary,
} from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { bp, color, radius, space, text, up } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Facts } from "../../ui/facts.js";
import { Field, FormError } from "../../ui/field.js";
import { SuccessNote } from "../../ui/notice.js";
import { card, sectionTitle, Spinner, stack } from "../../ui/page.js";
import { actionName, ConsoleFrame, dateTime, failureMessage, useOperator } from "./console-frame.js";
import { ct, type ConsoleKey } from "./copy.js";
import { StatusPill } from "./workouts.js";
import { VideoPanel } from "./workout-video.js";

const layout = css`display: grid; gap: ${space[5]}px; ${up(bp.md)} { grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); }`;
const grid = css`display: grid; gap: ${space[4]}px; ${up(bp.md)} { grid-template-columns: repeat(2, minmax(0, 1fr)); }`;
const control = css`display: grid; gap: 6px; min-width: 0;
  label { font-size: ${text.sm}px; font-weight: 600; }
  textarea, select { max-width: 100%; border-radius: ${radius.sm}px; border: 1.5px solid ${color.line}; padding: 10px 12px; font: inherit; font-size: ${text.md}px; font-weight: 400; background: ${color.surface}; }
  select { min-height: 48px; }`;
const choices = css`border: 1.5px solid ${color.line}; border-radius: ${radius.sm}px; padding: ${space[3]}px; margin: 0; min-width: 0;
  legend { font-size: ${text.sm}px; font-weight: 700; padding: 0 4px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; max-height: 220px; overflow: auto; }
  label { display: flex; gap: 8px; align-items: center; min-height: 32px; font-size: ${text.sm}px; }`;
const segment = css`display: grid; gap: ${space[2]}px; align-items: end;
  ${up(bp.sm)} { grid-template-columns: minmax(0, 1fr) 120px auto; }`;
const preview = css`display: grid; gap: ${space[2]}px;
  .frame { aspect-ratio: 16 / 9; border-radius: ${radius.md}px; overflow: hidden; background: ${color.sunken}; position: relative; }
  .frame img { width: 100%; height: 100%; object-fit: cover; }
  .badge { position: absolute; left: 8px; bottom: 8px; background: rgba(22,22,29,.82); color: #fff; border-radius: ${radius.pill}px; padding: 2px 10px; font-size: 12px; font-weight: 700; }
  strong { font-size: ${text.md}px; overflow-wrap: anywhere; }
  p { margin: 0; color: ${color.muted}; font-size: ${text.sm}px; overflow-wrap: anywhere; }`;
const history = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[3]}px; font-size: ${text.sm}px;
  li { border-left: 3px solid ${color.line}; padding-left: ${space[3]}px; overflow-wrap: anywhere; }`;

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const list = (value: FormDataEntryValue | null) => [
  ...new Set(
    String(value ?? "")
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];
/** The form field of a breakdown segment (keys stay with their row as rows are added and removed). */
const segmentField = (part: "title" | "minutes", key: number) => ["segment", part, key].join("-");
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const BLANK: AdminWorkoutFields = {
  name: "",
  slug: "",
  description: "",
  type: "workout",
  level: "",
  pacing: "",
  video_minutes: 20,
  equipment: [],
  focus: [],
  benefits: [],
  strain: [],
  poster_url: "",
  breakdown: [],
  trainer_ids: [],
  category_ids: [],
  collection_ids: [],
};

/** /admin/workouts/new and /admin/workouts/:id: every field a member sees, the release, a preview and the history. */
export default function ConsoleWorkoutPage() {
  const { id } = useParams<{ id?: string }>();
  return (
    <ConsoleFrame section="workouts" title={id ? ct("console.nav.workouts") : ct("console.edit.titleNew")}>
      <WorkoutEditor key={id ?? "new"} id={id} />
    </ConsoleFrame>
  );
}

function WorkoutEditor({ id }: { id: string | undefined }) {
  const store = useStore();
  const me = useOperator();
  const [, navigate] = useLocation();
  const [vocabulary, setVocabulary] = useState<ConsoleVocabulary | undefined>();
  const [workout, setWorkout] = useState<AdminWorkout | null | undefined>(id ? undefined : null);
  const [error, setError] = useState("");
  const [historyVersion, setHistoryVersion] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    getConsoleVocabulary(store.api, abort.signal).then(
      (v) => !abort.signal.aborted && setVocabulary(v),
      (e: unknown) => !abort.signal.aborted && setError(failureMessage(e)),
    );
    if (id)
      getAdminWorkout(store.api, id, abort.signal).then(
        (w) => !abort.signal.aborted && setWorkout(w),
        (e: unknown) => !abort.signal.aborted && setError(failureMessage(e)),
      );
    return () => abort.abort();
  }, [store, id]);

  if (error && (!vocabulary || workout === undefined)) return <FormError>{error}</FormError>;
  if (!vocabulary || workout === undefined) return <Spinner />;
  const editable = me.areas.includes("catalogue");
  const changed = (w: AdminWorkout) => {
    setWorkout(w);
    setHistoryVersion((v) => v + 1);
  };

  return (
    <div className={stack(space[5])}>
      <p>
        <Link href="/admin">{ct("console.edit.back")}</Link>
      </p>
      {workout ? (
        <h2 className={sectionTitle}>
          {workout.name} <StatusPill status={workout.status} />
        </h2>
      ) : null}
      {!editable ? <p role="note">{ct("console.edit.readOnly")}</p> : null}
      <div className={layout}>
        <WorkoutForm
          workout={workout}
          vocabulary={vocabulary}
          editable={editable}
          onSaved={(w, created) =>
            created ? navigate(`/admin/workouts/${encodeURIComponent(w.id)}?created=1`) : changed(w)
          }
        />
        <div className={stack(space[5])}>
          {workout ? <ReleasePanel workout={workout} editable={editable} onChanged={changed} /> : null}
          {workout ? <VideoPanel workoutId={workout.id} editable={editable} /> : null}
          {workout ? <Preview workout={workout} vocabulary={vocabulary} /> : null}
          {workout ? <History id={workout.id} version={historyVersion} /> : null}
        </div>
      </div>
    </div>
  );
}

function WorkoutForm({
  workout,
  vocabulary,
  editable,
  onSaved,
}: {
  workout: AdminWorkout | null;
  vocabulary: ConsoleVocabulary;
  editable: boolean;
  onSaved: (w: AdminWorkout, created: boolean) => void;
}) {
  const store = useStore();
  const initial = workout ?? BLANK;
  const [segments, setSegments] = useState(initial.breakdown.map((b, i) => ({ key: i, ...b })));
  const nextKey = useRef(initial.breakdown.length);
  const [errors, setErrors] = useState<Partial<Record<"name" | "slug" | "video_minutes", string>>>({});
  const [error, setError] = useState("");
  const created = new URLSearchParams(useSearch()).get("created");
  const [notice, setNotice] = useState(created ? ct("console.edit.created") : "");
  const [busy, setBusy] = useState(false);

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const fields: AdminWorkoutFields = {
      name: String(form.get("name") ?? "").trim(),
      slug: String(form.get("slug") ?? "").trim(),
      description: String(form.get("description") ?? "").trim(),
      type: String(form.get("type")) as AdminWorkoutFields["type"],
      level: String(form.get("level") ?? "").trim(),
      pacing: String(form.get("pacing") ?? "").trim(),
      video_minutes: Number(form.get("video_minutes")),
      equipment: list(form.get("equipment")),
      focus: list(form.get("focus")),
      benefits: list(form.get("benefits")),
      strain: form.getAll("strain").map(String) as AdminWorkoutFields["strain"],
      poster_url: String(form.get("poster_url") ?? "").trim(),
      // A segment left without a title is dropped.
      breakdown: segments
        .map((s) => ({
          title: String(form.get(segmentField("title", s.key)) ?? "").trim(),
          minutes: Math.max(0, Math.round(Number(form.get(segmentField("minutes", s.key))) || 0)),
        }))
        .filter((s) => s.title),
      trainer_ids: form.getAll("trainer_ids").map(String),
      category_ids: form.getAll("category_ids").map(String),
      collection_ids: form.getAll("collection_ids").map(String),
    };
    const problems: typeof errors = {};
    if (!fields.name) problems.name = ct("console.edit.required");
    if (!SLUG.test(fields.slug)) problems.slug = ct("console.edit.slugRule");
    if (!Number.isInteger(fields.video_minutes) || fields.video_minutes < 1 || fields.video_minutes > 600)
      problems.video_minutes = ct("console.edit.minutesRule");
    setErrors(problems);
    setNotice("");
    setError("");
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const saved = workout
        ? await updateWorkout(store.api, workout.id, fields)
        : await createWorkout(store.api, fields);
      setNotice(ct("console.edit.saved"));
      onSaved(saved, !workout);
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const checkboxes = (name: string, legend: ConsoleKey, items: { id: string; name: string }[], chosen: string[]) => (
    <fieldset className={choices} disabled={!editable}>
      <legend>{ct(legend)}</legend>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <label>
              <input type="checkbox" name={name} value={item.id} defaultChecked={chosen.includes(item.id)} />
              {item.name}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );

  return (
    <form
      className={`${card} ${stack(space[4])}`}
      onSubmit={(e) => void save(e)}
      noValidate
      aria-label={ct("console.edit.details")}
    >
      <fieldset
        disabled={!editable}
        className={stack(space[4])}
        style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
      >
        <div className={grid}>
          <Field
            name="name"
            label={ct("console.edit.name")}
            defaultValue={initial.name}
            error={errors.name}
            maxLength={200}
            required
          />
          <Field
            name="slug"
            label={ct("console.edit.slug")}
            defaultValue={initial.slug}
            error={errors.slug}
            maxLength={100}
            required
          />
        </div>
        <div className={control}>
          <label htmlFor="workout-description">{ct("console.edit.description")}</label>
          <textarea
            id="workout-description"
            name="description"
            rows={4}
            maxLength={5000}
            defaultValue={initial.description}
          />
        </div>
        <div className={grid}>
          <div className={control}>
            <label htmlFor="workout-type">{ct("console.edit.type")}</label>
            <select id="workout-type" name="type" defaultValue={initial.type}>
              {(["workout", "walk", "rest"] as const).map((type) => (
                <option key={type} value={type}>
                  {ct(`console.edit.type.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <Field
            name="video_minutes"
            type="number"
            min={1}
            max={600}
            label={ct("console.edit.minutes")}
            defaultValue={initial.video_minutes}
            error={errors.video_minutes}
          />
          <Field name="level" label={ct("console.edit.level")} defaultValue={initial.level} maxLength={60} />
          <Field name="pacing" label={ct("console.edit.pacing")} defaultValue={initial.pacing} maxLength={60} />
          <Field
            name="equipment"
            label={ct("console.edit.equipment")}
            hint={ct("console.edit.listHint")}
            defaultValue={initial.equipment.join(", ")}
          />
          <Field
            name="focus"
            label={ct("console.edit.focus")}
            hint={ct("console.edit.listHint")}
            defaultValue={initial.focus.join(", ")}
          />
          <Field
            name="benefits"
            label={ct("console.edit.benefits")}
            hint={ct("console.edit.listHint")}
            defaultValue={initial.benefits.join(", ")}
          />
          <Field
            name="poster_url"
            type="url"
            label={ct("console.edit.poster")}
            defaultValue={initial.poster_url}
            maxLength={500}
          />
        </div>
        <div className={grid}>
          {checkboxes("trainer_ids", "console.edit.trainers", vocabulary.trainers, initial.trainer_ids)}
          {checkboxes("category_ids", "console.edit.categories", vocabulary.categories, initial.category_ids)}
          {checkboxes("collection_ids", "console.edit.collections", vocabulary.collections, initial.collection_ids)}
          {checkboxes(
            "strain",
            "console.edit.strain",
            vocabulary.strain.map((s) => ({ id: s, name: s })),
            initial.strain,
          )}
        </div>
        <fieldset className={choices}>
          <legend>{ct("console.edit.breakdown")}</legend>
          <div className={stack(space[2])}>
            {segments.map((s, i) => (
              <div key={s.key} className={segment}>
                <Field
                  name={segmentField("title", s.key)}
                  label={ct("console.edit.segmentTitle", { n: i + 1 })}
                  defaultValue={s.title}
                  maxLength={120}
                />
                <Field
                  name={segmentField("minutes", s.key)}
                  type="number"
                  min={0}
                  max={600}
                  label={ct("console.edit.segmentMinutes", { n: i + 1 })}
                  defaultValue={s.minutes}
                />
                <Button variant="ghost" onClick={() => setSegments((all) => all.filter((x) => x.key !== s.key))}>
                  {ct("console.edit.removeSegment", { n: i + 1 })}
                </Button>
              </div>
            ))}
            <div>
              <Button
                variant="secondary"
                onClick={() => setSegments((all) => [...all, { key: nextKey.current++, title: "", minutes: 5 }])}
              >
                {ct("console.edit.addSegment")}
              </Button>
            </div>
          </div>
        </fieldset>
      </fieldset>
      {error ? <FormError>{error}</FormError> : null}
      {notice ? <SuccessNote>{notice}</SuccessNote> : null}
      {editable ? (
        <div>
          <Button type="submit" disabled={busy}>
            {workout ? ct("console.edit.save") : ct("console.edit.create")}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

type Verb = "publish" | "unschedule" | "archive" | "restore";

function ReleasePanel({
  workout,
  editable,
  onChanged,
}: {
  workout: AdminWorkout;
  editable: boolean;
  onChanged: (w: AdminWorkout) => void;
}) {
  const store = useStore();
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState(false);
  const zones = Intl.supportedValuesOf("timeZone");
  const status = workout.status;

  const act = async (run: () => Promise<AdminWorkout>, done: ConsoleKey) => {
    setBusy(true);
    setError("");
    setNotice("");
    try {
      onChanged(await run());
      setNotice(ct(done));
    } catch (e) {
      setError(failureMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const schedule = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const local = String(form.get("release_local") ?? "");
    if (!local) return setError(ct("console.state.pickTime"));
    void act(
      () => scheduleWorkout(store.api, workout.id, local.slice(0, 16), String(form.get("release_zone"))),
      "console.state.done.schedule",
    );
  };
  const button = (verb: Verb, variant: "primary" | "secondary" | "danger" = "secondary") => (
    <Button
      variant={variant}
      disabled={busy}
      onClick={() => void act(() => changeWorkoutState(store.api, workout.id, verb), `console.state.done.${verb}`)}
    >
      {ct(`console.state.${verb}`)}
    </Button>
  );

  return (
    <section className={`${card} ${stack(space[3])}`} aria-labelledby="release-title">
      <h2 id="release-title" className={sectionTitle}>
        {ct("console.state.title")}
      </h2>
      <p>
        {status === "draft"
          ? ct("console.state.draft")
          : status === "scheduled"
            ? ct("console.state.scheduled", {
                local: dateTime(workout.release_at!, workout.release_zone!),
                zone: workout.release_zone!,
              })
            : status === "published"
              ? ct("console.state.published", { date: workout.release_at ? dateTime(workout.release_at) : "" })
              : ct("console.state.archived")}
      </p>
      {editable && (status === "draft" || status === "scheduled") ? (
        <form className={stack(space[3])} onSubmit={schedule} noValidate>
          <Field
            name="release_local"
            type="datetime-local"
            label={ct("console.state.when")}
            defaultValue={workout.release_local ?? ""}
          />
          <div className={control}>
            <label htmlFor="release-zone">{ct("console.state.zone")}</label>
            <select id="release-zone" name="release_zone" defaultValue={workout.release_zone ?? browserZone()}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Button type="submit" disabled={busy}>
              {status === "scheduled" ? ct("console.state.reschedule") : ct("console.state.schedule")}
            </Button>
          </div>
        </form>
      ) : null}
      {editable ? (
        <div style={{ display: "flex", flexWrap: "wrap", gap: space[2] }}>
          {status === "draft" || status === "scheduled" ? button("publish") : null}
          {status === "scheduled" ? button("unschedule") : null}
          {status === "published" ? button("archive", "danger") : null}
          {status === "archived" ? button("restore") : null}
        </div>
      ) : null}
      <div aria-live="polite">
        {error ? <FormError>{error}</FormError> : null}
        {notice ? <SuccessNote>{notice}</SuccessNote> : null}
      </div>
    </section>
  );
}

/** The workout's tile and facts as the library would show them (drafts included, before anyone else sees them). */
function Preview({ workout, vocabulary }: { workout: AdminWorkout; vocabulary: ConsoleVocabulary }) {
  const names = (ids: string[], items: { id: string; name: string }[]) =>
    ids.map((id) => items.find((x) => x.id === id)?.name ?? id);
  return (
    <section className={`${card} ${preview}`} aria-labelledby="preview-title">
      <h2 id="preview-title" className={sectionTitle}>
        {ct("console.preview.title")}
      </h2>
      <div className="frame">
        {workout.poster_url ? <img src={workout.poster_url} alt="" /> : null}
        <span className="badge">{ct("console.preview.minutes", { minutes: workout.video_minutes })}</span>
      </div>
      <strong>{workout.name}</strong>
      <p>{names(workout.trainer_ids, vocabulary.trainers).join(" & ")}</p>
      {workout.description ? <p>{workout.description}</p> : null}
      <Facts
        groups={[
          { term: ct("console.edit.level"), values: workout.level ? [workout.level] : [] },
          { term: ct("console.edit.equipment"), values: workout.equipment },
          { term: ct("console.edit.focus"), values: workout.focus },
          { term: ct("console.edit.categories"), values: names(workout.category_ids, vocabulary.categories) },
        ]}
      />
    </section>
  );
}

function History({ id, version }: { id: string; version: number }) {
  const store = useStore();
  const [entries, setEntries] = useState<AuditEntry[] | undefined>();
  const [error, setError] = useState("");
  useEffect(() => {
    const abort = new AbortController();
    getAudit(store.api, { record_type: "workout", record_id: id, limit: 50 }, abort.signal).then(
      (r) => !abort.signal.aborted && setEntries(r.items),
      (e: unknown) => !abort.signal.aborted && setError(failureMessage(e)),
    );
    return () => abort.abort();
  }, [store, id, version]);
  return (
    <section className={`${card} ${stack(space[3])}`} aria-labelledby="history-title">
      <h2 id="history-title" className={sectionTitle}>
        {ct("console.history.title")}
      </h2>
      {error ? (
        <FormError>{error}</FormError>
      ) : !entries ? (
        <Spinner />
      ) : !entries.length ? (
        <p>{ct("console.history.none")}</p>
      ) : (
        <ol className={history}>
          {entries.map((e) => (
            <li key={e.id}>
              <strong>{actionName(e.action)}</strong> ·{" "}
              {e.actor_email === "system" ? ct("console.history.system") : e.actor_email}
              <br />
              <time dateTime={e.at}>{dateTime(e.at)}</time>
              {e.changed.length ? (
                <>
                  <br />
                  {e.changed.join(", ")}
                </>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
