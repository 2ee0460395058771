import { useEffect, useRef, useState, type FormEvent } from "react";
import { css } from "goober";
import { useLocation, useParams, useSearch } from "wouter";
import {
  changeSeriesState,
  createSeries,
  getAdminSeries,
  getAdminWorkouts,
  updateSeries,
  type AdminSeries,
  type AdminSeriesFields,
  type AdminWorkoutPage,
} from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { bp, color, radius, space, text, up } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Checkbox, Field, FormError } from "../../ui/field.js";
import { card, sectionTitle, Spinner, stack } from "../../ui/page.js";
import { ConsoleFrame, failureMessage, useOperator } from "./console-frame.js";
import { ContentEditHeader, NameSlugFields } from "./content-edit.js";
import { ct } from "./copy.js";
import { StatusPill } from "./workouts.js";

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const grid = css`display: grid; gap: ${space[3]}px; ${up(bp.md)} { grid-template-columns: repeat(2, minmax(0, 1fr)); }`;
const textArea = css`display: grid; gap: 6px;
  label { font-size: ${text.sm}px; font-weight: 600; }
  textarea { border-radius: ${radius.sm}px; border: 1.5px solid ${color.line}; padding: 10px 12px; font: inherit; font-size: ${text.md}px; background: ${color.surface}; }`;
const items = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[2]}px;
  li { display: flex; flex-wrap: wrap; gap: ${space[2]}px; align-items: center; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[2]}px ${space[3]}px; }
  .place { font-weight: 800; color: ${color.muted}; min-width: 2ch; }
  .name { flex: 1 1 180px; font-weight: 700; overflow-wrap: anywhere; }
  .actions { display: flex; flex-wrap: wrap; gap: ${space[2]}px; }
  /* Buttons named after a record (Remove …, Add …, Publish …) wrap rather than push the page sideways. */
  button { white-space: normal; max-width: 100%; min-height: 44px; height: auto; text-align: left; }`;
const stateActions = css`display: flex; flex-wrap: wrap; gap: ${space[2]}px;
  button { white-space: normal; max-width: 100%; height: auto; text-align: left; }`;
const finder = css`display: flex; flex-wrap: wrap; gap: ${space[2]}px; align-items: end; > div:first-child { flex: 1 1 220px; }`;

type Item = AdminSeries["items"][number] & { key: number };
/** The id of an item's button (the keyboard's focus is put back on it after the list changes). */
const itemControl = (part: "up" | "down" | "remove", key: number) => ["item", part, key].join("-");

const BLANK: AdminSeries = {
  id: "",
  slug: "",
  name: "",
  description: "",
  level: "",
  image_url: "",
  suggested_schedule: "",
  before_you_start: "",
  featured: false,
  items: [],
  status: "draft",
  updated_at: "",
};

/** /admin/series/new and /admin/series/:id: a series' fields, its workouts in order, and its state. */
export default function ConsoleSeriesPage() {
  const { id } = useParams<{ id?: string }>();
  return (
    <ConsoleFrame section="series" title={ct("console.series.title")}>
      <SeriesEditor key={id ?? "new"} id={id} />
    </ConsoleFrame>
  );
}

function SeriesEditor({ id }: { id: string | undefined }) {
  const store = useStore();
  const [series, setSeries] = useState<AdminSeries | null | undefined>(id ? undefined : null);
  const [error, setError] = useState("");
  useEffect(() => {
    if (!id) return;
    const abort = new AbortController();
    getAdminSeries(store.api, id, abort.signal).then(
      (s) => !abort.signal.aborted && setSeries(s),
      (e: unknown) => !abort.signal.aborted && setError(failureMessage(e)),
    );
    return () => abort.abort();
  }, [store, id]);
  if (error) return <FormError>{error}</FormError>;
  if (series === undefined) return <Spinner />;
  return <SeriesForm series={series} onChanged={setSeries} />;
}

function SeriesForm({ series, onChanged }: { series: AdminSeries | null; onChanged: (s: AdminSeries) => void }) {
  const store = useStore();
  const [, navigate] = useLocation();
  const editable = useOperator().areas.includes("catalogue");
  const initial = series ?? BLANK;
  const nextKey = useRef(initial.items.length);
  const [list, setList] = useState<Item[]>(initial.items.map((item, key) => ({ ...item, key })));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; slug?: string }>({});
  const [error, setError] = useState("");
  const created = new URLSearchParams(useSearch()).get("created");
  const [notice, setNotice] = useState(created ? ct("console.content.created", { name: initial.name }) : "");
  const [busy, setBusy] = useState(false);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  useEffect(() => {
    if (!focusAfter) return;
    document.getElementById(focusAfter)?.focus();
    setFocusAfter(null);
  }, [focusAfter, list]);

  const announce = (message: string) => {
    setError("");
    setNotice(message);
  };
  const move = (at: number, direction: "up" | "down") => {
    const to = direction === "up" ? at - 1 : at + 1;
    const next = [...list];
    [next[at], next[to]] = [next[to]!, next[at]!];
    setList(next);
    setDirty(true);
    const item = next[to];
    const edge = to === 0 || to === next.length - 1;
    setFocusAfter(itemControl(edge ? (direction === "up" ? "down" : "up") : direction, item.key));
    announce(ct("console.content.moved", { name: item.name, position: to + 1, count: next.length }));
  };
  const remove = (at: number) => {
    const item = list[at]!;
    const next = list.filter((_, i) => i !== at);
    setList(next);
    setDirty(true);
    const neighbour = next[Math.min(at, next.length - 1)];
    setFocusAfter(neighbour ? itemControl("remove", neighbour.key) : "series-workouts");
    announce(ct("console.series.removed", { name: item.name }));
  };
  const add = (workout: { id: string; name: string }) => {
    const last = list.at(-1);
    setList([
      ...list,
      {
        key: nextKey.current++,
        workout_id: workout.id,
        name: workout.name,
        chapter: last?.chapter ?? 1,
        chapter_title: last?.chapter_title ?? "",
      },
    ]);
    setDirty(true);
    announce(ct("console.series.added", { name: workout.name, position: list.length + 1 }));
  };

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const field = (name: string) => String(form.get(name) ?? "").trim();
    const fields: AdminSeriesFields = {
      name: field("name"),
      slug: field("slug"),
      description: field("description"),
      level: field("level"),
      image_url: field("image_url"),
      suggested_schedule: field("suggested_schedule"),
      before_you_start: field("before_you_start"),
      featured: form.get("featured") === "on",
      items: list.map(({ workout_id, chapter, chapter_title }) => ({ workout_id, chapter, chapter_title })),
    };
    const problems: typeof errors = {};
    if (!fields.name) problems.name = ct("console.edit.required");
    if (!SLUG.test(fields.slug)) problems.slug = ct("console.edit.slugRule");
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    setError("");
    setNotice("");
    try {
      const saved = series ? await updateSeries(store.api, series.id, fields) : await createSeries(store.api, fields);
      setDirty(false);
      if (!series) return navigate(`/admin/series/${encodeURIComponent(saved.id)}?created=1`);
      onChanged(saved);
      setNotice(ct("console.content.saved", { name: saved.name }));
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  }
  const change = async (verb: "publish" | "retire") => {
    if (!series) return;
    setBusy(true);
    setError("");
    setNotice("");
    try {
      const next = await changeSeriesState(store.api, series.id, verb);
      onChanged(next);
      setNotice(ct(verb === "publish" ? "console.content.published" : "console.content.retired", { name: next.name }));
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const area = (name: keyof AdminSeriesFields, label: Parameters<typeof ct>[0]) => (
    <div className={textArea}>
      <label htmlFor={`series-${name}`}>{ct(label)}</label>
      <textarea id={`series-${name}`} name={name} rows={3} maxLength={5000} defaultValue={String(initial[name])} />
    </div>
  );

  return (
    <div className={stack(space[5])}>
      <ContentEditHeader
        back="/admin/series"
        backLabel={ct("console.series.back")}
        record={series}
        newTitle={ct("console.series.new")}
        editable={editable}
        error={error}
        notice={notice}
      />
      <form
        id="series-form"
        className={`${card} ${stack(space[4])}`}
        onSubmit={(e) => void save(e)}
        noValidate
        aria-label={ct("console.edit.details")}
      >
        <fieldset disabled={!editable} className={stack(space[3])} style={{ border: 0, padding: 0, margin: 0 }}>
          <div className={grid}>
            <NameSlugFields initial={initial} errors={errors} />
            <Field name="level" label={ct("console.series.level")} defaultValue={initial.level} maxLength={60} />
            <Field
              name="image_url"
              type="url"
              label={ct("console.content.image")}
              defaultValue={initial.image_url}
              maxLength={500}
            />
          </div>
          {area("description", "console.edit.description")}
          {area("suggested_schedule", "console.series.schedule")}
          {area("before_you_start", "console.series.beforeStart")}
          <Checkbox name="featured" label={ct("console.series.featured")} defaultChecked={initial.featured} />
        </fieldset>
      </form>

      <section className={`${card} ${stack(space[3])}`} aria-labelledby="series-workouts">
        <h2 id="series-workouts" className={sectionTitle} tabIndex={-1}>
          {ct("console.series.workouts")}
        </h2>
        {!list.length ? (
          <p>{ct("console.series.noWorkouts")}</p>
        ) : (
          <ol className={items}>
            {list.map((item, at) => (
              <li key={item.key}>
                <span className="place">{at + 1}</span>
                <span className="name">{item.name}</span>
                {editable ? (
                  <span className="actions">
                    <Button
                      id={itemControl("up", item.key)}
                      variant="secondary"
                      disabled={at === 0}
                      aria-label={ct("console.content.moveUp", { name: item.name })}
                      onClick={() => move(at, "up")}
                    >
                      ↑
                    </Button>
                    <Button
                      id={itemControl("down", item.key)}
                      variant="secondary"
                      disabled={at === list.length - 1}
                      aria-label={ct("console.content.moveDown", { name: item.name })}
                      onClick={() => move(at, "down")}
                    >
                      ↓
                    </Button>
                    <Button id={itemControl("remove", item.key)} variant="ghost" onClick={() => remove(at)}>
                      {ct("console.series.remove", { name: item.name })}
                    </Button>
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        {editable ? <WorkoutFinder onAdd={add} /> : null}
      </section>

      {editable ? (
        <div className={stack(space[2])}>
          {dirty ? <p>{ct("console.series.unsaved")}</p> : null}
          <div>
            <Button type="submit" form="series-form" disabled={busy}>
              {series ? ct("console.edit.save") : ct("console.edit.create")}
            </Button>
          </div>
        </div>
      ) : null}

      {series ? (
        <section className={`${card} ${stack(space[3])}`} aria-labelledby="series-state">
          <h2 id="series-state" className={sectionTitle}>
            {ct("console.series.state")}
          </h2>
          <p>
            {series.status === "draft"
              ? ct("console.series.draft")
              : series.status === "published"
                ? ct("console.series.isPublished")
                : ct("console.series.isRetired")}
          </p>
          {editable ? (
            <div className={stateActions}>
              {series.status !== "published" ? (
                <Button disabled={busy || dirty} onClick={() => void change("publish")}>
                  {ct("console.content.publish", { name: series.name })}
                </Button>
              ) : null}
              {series.status !== "retired" ? (
                <Button variant="danger" disabled={busy} onClick={() => void change("retire")}>
                  {ct("console.content.retire", { name: series.name })}
                </Button>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** Finds workouts (any state) by name, slug or id, each with a button adding it at the end of the series. */
export function WorkoutFinder({ onAdd }: { onAdd: (w: { id: string; name: string }) => void }) {
  const store = useStore();
  const [found, setFound] = useState<AdminWorkoutPage["items"] | undefined>();
  const [error, setError] = useState("");
  const find = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get("q") ?? "").trim();
    setError("");
    try {
      setFound((await getAdminWorkouts(store.api, { q: q || undefined, limit: 10 })).items);
    } catch (err) {
      setError(failureMessage(err));
    }
  };
  return (
    <div className={stack(space[3])}>
      <form role="search" className={finder} onSubmit={(e) => void find(e)} aria-label={ct("console.series.find")}>
        <Field name="q" type="search" label={ct("console.series.find")} />
        <Button type="submit" variant="secondary">
          {ct("console.series.findButton")}
        </Button>
      </form>
      {error ? <FormError>{error}</FormError> : null}
      {found ? (
        <section aria-label={ct("console.series.results")}>
          <ul className={items}>
            {found.map((w) => (
              <li key={w.id}>
                <span className="name">{w.name}</span>
                <StatusPill status={w.status} />
                <Button variant="secondary" onClick={() => onAdd(w)}>
                  {ct("console.series.add", { name: w.name })}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
