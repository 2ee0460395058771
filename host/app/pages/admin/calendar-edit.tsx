import { useEffect, useRef, useState, type FormEvent } from "react";
import { css } from "goober";
import { useLocation, useParams, useSearch } from "wouter";
import {
  changeCalendarState,
  createCalendar,
  getAdminCalendar,
  updateCalendar,
  type AdminCalendar,
  type AdminCalendarFields,
} from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { bp, color, radius, space, text, up } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { card, sectionTitle, Spinner, stack } from "../../ui/page.js";
import { ConsoleFrame, failureMessage, useOperator } from "./console-frame.js";
import { ContentEditHeader, NameSlugFields } from "./content-edit.js";
import { ct } from "./copy.js";
import { WorkoutFinder } from "./series-edit.js";

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const grid = css`display: grid; gap: ${space[3]}px; ${up(bp.md)} { grid-template-columns: repeat(2, minmax(0, 1fr)); }`;
const textArea = css`display: grid; gap: 6px;
  label { font-size: ${text.sm}px; font-weight: 600; }
  textarea { border-radius: ${radius.sm}px; border: 1.5px solid ${color.line}; padding: 10px 12px; font: inherit; font-size: ${text.md}px; background: ${color.surface}; }`;
const dayList = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[2]}px;
  li { display: flex; flex-wrap: wrap; gap: ${space[2]}px; align-items: center; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[2]}px ${space[3]}px; }
  .place { font-weight: 800; color: ${color.muted}; min-width: 6ch; }
  .name { flex: 1 1 180px; font-weight: 700; overflow-wrap: anywhere; }
  .actions { display: flex; flex-wrap: wrap; gap: ${space[2]}px; }
  button { white-space: normal; max-width: 100%; min-height: 44px; height: auto; text-align: left; }`;
const row = css`display: flex; flex-wrap: wrap; gap: ${space[2]}px;
  button { white-space: normal; max-width: 100%; height: auto; text-align: left; }`;

type Day = AdminCalendar["days"][number] & { key: number };
const dayControl = (part: "up" | "down" | "remove", key: number) => ["day", part, key].join("-");

const BLANK: AdminCalendar = {
  id: "",
  slug: "",
  name: "",
  description: "",
  image_url: "",
  days: [],
  status: "draft",
  enrolled: 0,
  updated_at: "",
};

/** /admin/calendars/new and /admin/calendars/:id: a calendar's fields, its days in order, and its state. */
export default function ConsoleCalendarPage() {
  const { id } = useParams<{ id?: string }>();
  return (
    <ConsoleFrame section="calendars" title={ct("console.calendars.title")}>
      <CalendarEditor key={id ?? "new"} id={id} />
    </ConsoleFrame>
  );
}

function CalendarEditor({ id }: { id: string | undefined }) {
  const store = useStore();
  const [calendar, setCalendar] = useState<AdminCalendar | null | undefined>(id ? undefined : null);
  const [error, setError] = useState("");
  useEffect(() => {
    if (!id) return;
    const abort = new AbortController();
    getAdminCalendar(store.api, id, abort.signal).then(
      (c) => !abort.signal.aborted && setCalendar(c),
      (e: unknown) => !abort.signal.aborted && setError(failureMessage(e)),
    );
    return () => abort.abort();
  }, [store, id]);
  if (error) return <FormError>{error}</FormError>;
  if (calendar === undefined) return <Spinner />;
  return <CalendarForm calendar={calendar} onChanged={setCalendar} />;
}

/** What a day is called: its workout's name, or the kind of day it is. */
const dayName = (d: Pick<Day, "kind" | "name">) =>
  d.name ?? (d.kind === "rest" ? ct("console.calendars.rest") : ct("console.calendars.walk"));

function CalendarForm({
  calendar,
  onChanged,
}: {
  calendar: AdminCalendar | null;
  onChanged: (c: AdminCalendar) => void;
}) {
  const store = useStore();
  const [, navigate] = useLocation();
  const editable = useOperator().areas.includes("catalogue");
  const initial = calendar ?? BLANK;
  const nextKey = useRef(initial.days.length);
  const [days, setDays] = useState<Day[]>(initial.days.map((d, key) => ({ ...d, key })));
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
  }, [focusAfter, days]);

  const announce = (message: string) => {
    setError("");
    setNotice(message);
  };
  const move = (at: number, direction: "up" | "down") => {
    const to = direction === "up" ? at - 1 : at + 1;
    const next = [...days];
    [next[at], next[to]] = [next[to]!, next[at]!];
    setDays(next);
    setDirty(true);
    const day = next[to];
    const edge = to === 0 || to === next.length - 1;
    setFocusAfter(dayControl(edge ? (direction === "up" ? "down" : "up") : direction, day.key));
    announce(ct("console.calendars.moved", { name: dayName(day), day: to + 1 }));
  };
  const remove = (at: number) => {
    const day = days[at]!;
    const next = days.filter((_, i) => i !== at);
    setDays(next);
    setDirty(true);
    const neighbour = next[Math.min(at, next.length - 1)];
    setFocusAfter(neighbour ? dayControl("remove", neighbour.key) : "calendar-days");
    announce(ct("console.series.removed", { name: dayName(day) }));
  };
  const add = (day: Pick<Day, "kind" | "workout_id" | "name">) => {
    setDays([...days, { ...day, day: days.length + 1, key: nextKey.current++ }]);
    setDirty(true);
    announce(ct("console.calendars.added", { name: dayName(day), day: days.length + 1 }));
  };

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const field = (name: string) => String(form.get(name) ?? "").trim();
    const fields: AdminCalendarFields = {
      name: field("name"),
      slug: field("slug"),
      description: field("description"),
      image_url: field("image_url"),
      days: days.map(({ kind, workout_id }) => ({ kind, workout_id })),
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
      const saved = calendar
        ? await updateCalendar(store.api, calendar.id, fields)
        : await createCalendar(store.api, fields);
      setDirty(false);
      if (!calendar) return navigate(`/admin/calendars/${encodeURIComponent(saved.id)}?created=1`);
      onChanged(saved);
      setNotice(ct("console.content.saved", { name: saved.name }));
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  }
  const change = async (verb: "publish" | "retire") => {
    if (!calendar) return;
    setBusy(true);
    setError("");
    setNotice("");
    try {
      const next = await changeCalendarState(store.api, calendar.id, verb);
      onChanged(next);
      setNotice(ct(verb === "publish" ? "console.content.published" : "console.content.retired", { name: next.name }));
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={stack(space[5])}>
      <ContentEditHeader
        back="/admin/calendars"
        backLabel={ct("console.calendars.back")}
        record={calendar}
        newTitle={ct("console.calendars.new")}
        editable={editable}
        error={error}
        notice={notice}
      />
      <form
        id="calendar-form"
        className={`${card} ${stack(space[4])}`}
        onSubmit={(e) => void save(e)}
        noValidate
        aria-label={ct("console.edit.details")}
      >
        <fieldset disabled={!editable} className={stack(space[3])} style={{ border: 0, padding: 0, margin: 0 }}>
          <div className={grid}>
            <NameSlugFields initial={initial} errors={errors} />
            <Field
              name="image_url"
              type="url"
              label={ct("console.content.image")}
              defaultValue={initial.image_url}
              maxLength={500}
            />
          </div>
          <div className={textArea}>
            <label htmlFor="calendar-description">{ct("console.edit.description")}</label>
            <textarea
              id="calendar-description"
              name="description"
              rows={3}
              maxLength={5000}
              defaultValue={initial.description}
            />
          </div>
        </fieldset>
      </form>

      <section className={`${card} ${stack(space[3])}`} aria-labelledby="calendar-days">
        <h2 id="calendar-days" className={sectionTitle} tabIndex={-1}>
          {ct("console.calendars.daysTitle")}
        </h2>
        <p>{ct("console.calendars.daysLead")}</p>
        {!days.length ? (
          <p>{ct("console.calendars.noDays")}</p>
        ) : (
          <ol className={dayList}>
            {days.map((d, at) => (
              <li key={d.key}>
                <span className="place">{ct("console.calendars.day", { day: at + 1 })}</span>
                <span className="name">{dayName(d)}</span>
                {editable ? (
                  <span className="actions">
                    <Button
                      id={dayControl("up", d.key)}
                      variant="secondary"
                      disabled={at === 0}
                      aria-label={ct("console.calendars.moveUp", { day: at + 1, name: dayName(d) })}
                      onClick={() => move(at, "up")}
                    >
                      ↑
                    </Button>
                    <Button
                      id={dayControl("down", d.key)}
                      variant="secondary"
                      disabled={at === days.length - 1}
                      aria-label={ct("console.calendars.moveDown", { day: at + 1, name: dayName(d) })}
                      onClick={() => move(at, "down")}
                    >
                      ↓
                    </Button>
                    <Button id={dayControl("remove", d.key)} variant="ghost" onClick={() => remove(at)}>
                      {ct("console.calendars.remove", { day: at + 1, name: dayName(d) })}
                    </Button>
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        {editable ? (
          <>
            <div className={row}>
              <Button variant="secondary" onClick={() => add({ kind: "rest", workout_id: null, name: null })}>
                {ct("console.calendars.addRest")}
              </Button>
              <Button variant="secondary" onClick={() => add({ kind: "walk", workout_id: null, name: null })}>
                {ct("console.calendars.addWalk")}
              </Button>
            </div>
            <WorkoutFinder onAdd={(w) => add({ kind: "workout", workout_id: w.id, name: w.name })} />
          </>
        ) : null}
      </section>

      {editable ? (
        <div className={stack(space[2])}>
          {dirty ? <p>{ct("console.calendars.unsaved")}</p> : null}
          <div>
            <Button type="submit" form="calendar-form" disabled={busy}>
              {calendar ? ct("console.edit.save") : ct("console.edit.create")}
            </Button>
          </div>
        </div>
      ) : null}

      {calendar ? (
        <section className={`${card} ${stack(space[3])}`} aria-labelledby="calendar-state">
          <h2 id="calendar-state" className={sectionTitle}>
            {ct("console.series.state")}
          </h2>
          <p>
            {calendar.status === "draft"
              ? ct("console.series.draft")
              : calendar.status === "published"
                ? ct("console.calendars.isPublished")
                : ct("console.calendars.isRetired")}{" "}
            {ct("console.calendars.enrolledNow", { count: calendar.enrolled })}
          </p>
          {editable ? (
            <div className={row}>
              {calendar.status !== "published" ? (
                <Button disabled={busy || dirty} onClick={() => void change("publish")}>
                  {ct("console.content.publish", { name: calendar.name })}
                </Button>
              ) : null}
              {calendar.status !== "retired" ? (
                <Button variant="danger" disabled={busy} onClick={() => void change("retire")}>
                  {ct("console.content.retire", { name: calendar.name })}
                </Button>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
