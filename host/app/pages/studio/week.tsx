import { useCallback, useEffect, useState, type FormEvent } from "react";
import { css } from "goober";
import { Link } from "wouter";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { bp, color, radius, space, text, up } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { SuccessNote } from "../../ui/notice.js";
import { card, sectionTitle, Spinner, stack } from "../../ui/page.js";
import {
  createStaffClass,
  createClassTemplate,
  endClassTemplate,
  getStaffTrainers,
  getStaffWeek,
  getClassTemplates,
  updateClassTemplate,
  type StaffLocation,
  type Template,
  type Week,
} from "../../../../src/api/index.js";
import { failureMessage, StudioFrame, studioHref } from "./studio-frame.js";
import { count, dayLabel, dayList } from "./studio-format.js";

const grid = css`display: grid; gap: ${space[3]}px; grid-template-columns: 1fr; ${up(bp.md)} { grid-template-columns: repeat(7, minmax(0, 1fr)); }
  section { background: ${color.surface}; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[3]}px; display: grid; gap: ${space[2]}px; align-content: start; }
  section[data-today="true"] { border: 2px solid ${color.accent}; }
  h3 { font-size: ${text.sm}px; font-weight: 800; text-transform: uppercase; letter-spacing: .06em; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[2]}px; }
  a { display: grid; gap: 2px; padding: ${space[2]}px; border-radius: ${radius.sm}px; background: ${color.sunken}; color: ${color.ink}; text-decoration: none; font-size: ${text.sm}px; min-height: 44px; }
  a:hover, a:focus-visible { outline: 2px solid ${color.ink}; }
  a[data-cancelled="true"] { text-decoration: line-through; color: ${color.muted}; }
  .time { font-weight: 800; } .meta { color: ${color.muted}; }`;
const toolbar = css`display: flex; flex-wrap: wrap; gap: ${space[2]}px; align-items: center; margin-bottom: ${space[3]}px;`;
const formGrid = css`display: grid; gap: ${space[3]}px; ${up(bp.md)} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  select { min-height: 48px; width: 100%; border-radius: ${radius.sm}px; border: 1.5px solid ${color.line}; padding: 0 12px; font-size: ${text.md}px; background: ${color.surface}; }
  .select { display: grid; gap: 6px; font-size: ${text.sm}px; font-weight: 600; }
  fieldset { border: 0; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: ${space[2]}px; grid-column: 1 / -1; }
  fieldset label { display: inline-flex; gap: 6px; align-items: center; min-height: 44px; padding: 0 10px; border: 1.5px solid ${color.line}; border-radius: ${radius.pill}px; }
  legend { font-size: ${text.sm}px; font-weight: 600; margin-bottom: ${space[1]}px; }`;
const templateList = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[2]}px;
  li { display: flex; flex-wrap: wrap; gap: ${space[2]}px; align-items: center; justify-content: space-between; border-bottom: 1px solid ${color.line}; padding: ${space[2]}px 0; }`;

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const weekdayLabel = (n: number) => t(`studioAdmin.weekday.${n}` as "studioAdmin.weekday.1");
const shiftDay = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** /studio: the location's week in its own time zone, a one-off class form and the weekly classes (templates). */
export default function StudioWeekPage() {
  return (
    <StudioFrame section="week" title={t("studioAdmin.weekTitle")}>
      {(location) => <WeekView key={location.id} location={location} />}
    </StudioFrame>
  );
}

function WeekView({ location }: { location: StaffLocation }) {
  const store = useStore();
  const [anchor, setAnchor] = useState<string | undefined>();
  const [week, setWeek] = useState<Week | undefined>();
  const [templates, setTemplates] = useState<Template[] | undefined>();
  const [trainers, setTrainers] = useState<{ id: string; name: string }[]>([]);
  const [loadError, setLoadError] = useState("");
  const [notice, setNotice] = useState("");
  const [editing, setEditing] = useState<string | undefined>();

  const reload = useCallback(() => {
    getStaffWeek(store.api, location.slug, anchor).then(setWeek, (e: unknown) => setLoadError(failureMessage(e)));
    getClassTemplates(store.api, location.slug).then(
      (r) => setTemplates(r.items),
      (e: unknown) => setLoadError(failureMessage(e)),
    );
  }, [store, location.slug, anchor]);
  useEffect(reload, [reload]);
  useEffect(() => {
    getStaffTrainers(store.api).then(
      (r) => setTrainers(r.items),
      () => setTrainers([]),
    );
  }, [store]);

  async function endTemplate(template: Template) {
    setNotice("");
    try {
      const { kept_classes } = await endClassTemplate(store.api, template.id);
      setNotice(t("studioAdmin.templateEnded", { type: template.class_type, kept: count(kept_classes) }));
      reload();
    } catch (e) {
      setLoadError(failureMessage(e));
    }
  }

  return (
    <div className={stack(space[6])}>
      <SuccessNote>{notice}</SuccessNote>
      {loadError ? <FormError>{loadError}</FormError> : null}
      <section aria-labelledby="studio-week-title">
        <div className={toolbar}>
          <h2 id="studio-week-title" className={sectionTitle}>
            {week ? t("studioAdmin.weekOf", { date: dayLabel(week.week_start) }) : t("studioAdmin.weekTitle")}
          </h2>
          {week ? (
            <>
              <Button variant="ghost" onClick={() => setAnchor(shiftDay(week.week_start, -7))}>
                {t("studioAdmin.previousWeek")}
              </Button>
              <Button variant="ghost" onClick={() => setAnchor(undefined)}>
                {t("studioAdmin.thisWeek")}
              </Button>
              <Button variant="ghost" onClick={() => setAnchor(shiftDay(week.week_start, 7))}>
                {t("studioAdmin.nextWeek")}
              </Button>
            </>
          ) : null}
        </div>
        <p style={{ marginBottom: space[3] }}>{t("studioAdmin.timesIn", { zone: location.time_zone })}</p>
        {!week ? (
          <Spinner />
        ) : (
          <div className={grid}>
            {week.days.map((day) => {
              const classes = week.items.filter((c) => c.local_date === day);
              return (
                <section key={day} aria-label={dayLabel(day)} data-today={day === week.today}>
                  <h3>{dayLabel(day)}</h3>
                  {classes.length ? (
                    <ul>
                      {classes.map((c) => (
                        <li key={c.id}>
                          <Link href={studioHref(`/studio/classes/${c.id}`, location)} data-cancelled={c.cancelled}>
                            <span className="time">
                              {c.start_time}–{c.end_time}
                            </span>
                            <span>{c.class_type}</span>
                            <span className="meta">
                              {c.cancelled
                                ? t("studioAdmin.cancelled")
                                : t("studioAdmin.bookedOf", {
                                    booked: count(c.booked),
                                    capacity: count(c.capacity),
                                    waiting: count(c.waitlisted),
                                  })}
                            </span>
                            <span className="meta">
                              {c.room}
                              {c.trainer ? ` · ${c.trainer.name}` : ""}
                            </span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="meta">{t("studioAdmin.noClasses")}</p>
                  )}
                </section>
              );
            })}
          </div>
        )}
      </section>
      <OneOffForm
        location={location}
        trainers={trainers}
        defaultDate={week?.today}
        onDone={(message) => (setNotice(message), reload())}
      />
      <section aria-labelledby="studio-templates-title" className={`${card} ${stack(space[3])}`}>
        <h2 id="studio-templates-title" className={sectionTitle}>
          {t("studioAdmin.templatesTitle")}
        </h2>
        <p>{t("studioAdmin.templatesLead")}</p>
        {!templates ? (
          <Spinner />
        ) : (
          <ul className={templateList}>
            {templates.map((tpl) => (
              <li key={tpl.id}>
                <span>
                  <strong>
                    {tpl.start_time} {tpl.class_type}
                  </strong>{" "}
                  · {dayList(tpl.weekdays.map(weekdayLabel))} · {t("studioAdmin.minutes", { minutes: tpl.duration })} ·{" "}
                  {tpl.room} · {t("studioAdmin.capacityOf", { capacity: count(tpl.capacity) })}
                  {tpl.trainer ? ` · ${tpl.trainer.name}` : ""}
                </span>
                <span style={{ display: "flex", gap: space[2] }}>
                  <Button
                    variant="ghost"
                    aria-expanded={editing === tpl.id}
                    onClick={() => setEditing(editing === tpl.id ? undefined : tpl.id)}
                    aria-label={t("studioAdmin.editTemplateLabel", { type: tpl.class_type, time: tpl.start_time })}
                  >
                    {t("studioAdmin.editTemplate")}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => void endTemplate(tpl)}
                    aria-label={t("studioAdmin.endTemplateLabel", { type: tpl.class_type, time: tpl.start_time })}
                  >
                    {t("studioAdmin.endTemplate")}
                  </Button>
                </span>
                {editing === tpl.id ? (
                  <div style={{ flexBasis: "100%" }}>
                    <TemplateForm
                      location={location}
                      trainers={trainers}
                      template={tpl}
                      onDone={(message) => (setEditing(undefined), setNotice(message), reload())}
                    />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <TemplateForm location={location} trainers={trainers} onDone={(message) => (setNotice(message), reload())} />
      </section>
    </div>
  );
}

function TrainerSelect({
  trainers,
  id,
  initial = "",
}: {
  trainers: { id: string; name: string }[];
  id: string;
  initial?: string;
}) {
  return (
    <label className="select" htmlFor={id}>
      {t("studioAdmin.field.trainer")}
      <select id={id} name="trainer_id" required defaultValue={initial}>
        <option value="" disabled>
          {t("studioAdmin.field.chooseTrainer")}
        </option>
        {trainers.map((tr) => (
          <option key={tr.id} value={tr.id}>
            {tr.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function OneOffForm({
  location,
  trainers,
  defaultDate,
  onDone,
}: {
  location: StaffLocation;
  trainers: { id: string; name: string }[];
  defaultDate?: string;
  onDone: (message: string) => void;
}) {
  const store = useStore();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const read = (k: string) => String(form.get(k) ?? "");
    setError("");
    setBusy(true);
    try {
      const created = await createStaffClass(store.api, location.slug, {
        date: read("date"),
        start_time: read("start_time"),
        end_time: read("end_time"),
        class_type: read("class_type").trim(),
        trainer_id: read("trainer_id"),
        capacity: Number(read("capacity")),
        room: read("room").trim(),
      });
      onDone(
        t("studioAdmin.classCreated", {
          type: created.class_type,
          date: dayLabel(created.local_date),
          time: created.start_time,
        }),
      );
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="studio-oneoff-title" className={`${card} ${stack(space[3])}`}>
      <h2 id="studio-oneoff-title" className={sectionTitle}>
        {t("studioAdmin.oneOffTitle")}
      </h2>
      <form onSubmit={(e) => void submit(e)} className={stack(space[3])}>
        <div className={formGrid}>
          <Field label={t("studioAdmin.field.date")} name="date" type="date" required defaultValue={defaultDate} />
          <Field label={t("studioAdmin.field.start")} name="start_time" type="time" required />
          <Field label={t("studioAdmin.field.end")} name="end_time" type="time" required />
          <Field label={t("studioAdmin.field.classType")} name="class_type" required maxLength={80} />
          <TrainerSelect trainers={trainers} id="oneoff-trainer" />
          <Field
            label={t("studioAdmin.field.capacity")}
            name="capacity"
            type="number"
            min={1}
            max={500}
            required
            defaultValue={12}
          />
          <Field
            label={t("studioAdmin.field.room")}
            name="room"
            required
            maxLength={60}
            defaultValue={t("studioAdmin.defaultRoom")}
          />
        </div>
        <FormError>{error}</FormError>
        <div>
          <Button type="submit" disabled={busy}>
            {t("studioAdmin.addClass")}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Adds a weekly class, or with `template` changes that one (its unbooked upcoming classes follow at once). */
function TemplateForm({
  location,
  trainers,
  template,
  onDone,
}: {
  location: StaffLocation;
  trainers: { id: string; name: string }[];
  template?: Template;
  onDone: (message: string) => void;
}) {
  const key = template?.id ?? "new";
  const store = useStore();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const read = (k: string) => String(form.get(k) ?? "");
    setError("");
    const weekdays = form.getAll("weekdays").map(Number);
    if (!weekdays.length) return setError(t("studioAdmin.pickWeekday"));
    setBusy(true);
    try {
      const body = {
        weekdays,
        start_time: read("start_time"),
        duration: Number(read("duration")),
        class_type: read("class_type").trim(),
        trainer_id: read("trainer_id"),
        capacity: Number(read("capacity")),
        room: read("room").trim(),
      };
      if (template) {
        const saved = await updateClassTemplate(store.api, template.id, body);
        return onDone(t("studioAdmin.templateSaved", { type: saved.class_type, time: saved.start_time }));
      }
      const created = await createClassTemplate(store.api, location.slug, body);
      formEl.reset();
      onDone(t("studioAdmin.templateCreated", { type: created.class_type, time: created.start_time }));
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className={stack(space[3])} aria-labelledby={`template-form-${key}`}>
      <h3 id={`template-form-${key}`} className={sectionTitle}>
        {template
          ? t("studioAdmin.editTemplateTitle", { type: template.class_type, time: template.start_time })
          : t("studioAdmin.addTemplateTitle")}
      </h3>
      <div className={formGrid}>
        <fieldset>
          <legend>{t("studioAdmin.field.weekdays")}</legend>
          {WEEKDAYS.map((d) => (
            <label key={d}>
              <input type="checkbox" name="weekdays" value={d} defaultChecked={template?.weekdays.includes(d)} />
              {weekdayLabel(d)}
            </label>
          ))}
        </fieldset>
        <Field
          label={t("studioAdmin.field.start")}
          name="start_time"
          type="time"
          required
          defaultValue={template?.start_time}
        />
        <Field
          label={t("studioAdmin.field.duration")}
          name="duration"
          type="number"
          min={5}
          max={480}
          required
          defaultValue={template?.duration ?? 50}
        />
        <Field
          label={t("studioAdmin.field.classType")}
          name="class_type"
          required
          maxLength={80}
          defaultValue={template?.class_type}
        />
        <TrainerSelect trainers={trainers} id={`template-trainer-${key}`} initial={template?.trainer?.id} />
        <Field
          label={t("studioAdmin.field.capacity")}
          name="capacity"
          type="number"
          min={1}
          max={500}
          required
          defaultValue={template?.capacity ?? 12}
        />
        <Field
          label={t("studioAdmin.field.room")}
          name="room"
          required
          maxLength={60}
          defaultValue={template?.room ?? t("studioAdmin.defaultRoom")}
        />
      </div>
      <FormError>{error}</FormError>
      <div>
        <Button type="submit" disabled={busy}>
          {template ? t("studioAdmin.saveTemplate") : t("studioAdmin.addTemplate")}
        </Button>
      </div>
    </form>
  );
}
