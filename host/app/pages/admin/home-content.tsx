import { useState, type FormEvent } from "react";
import { css } from "goober";
import type { AdminCarouselFields, AdminHomeRowFields } from "../../../../src/api/index.js";
import { bp, color, radius, space, text, up } from "../../theme/tokens.js";
import { Checkbox, Field } from "../../ui/field.js";
import { stack } from "../../ui/page.js";
import { ConsoleFrame } from "./console-frame.js";
import { ct } from "./copy.js";
import { idList, ListedSection, type ListedFormProps } from "./listed-content.js";
import { RecordFormButtons } from "./record-form-buttons.js";

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const grid = css`display: grid; gap: ${space[3]}px; ${up(bp.md)} { grid-template-columns: repeat(2, minmax(0, 1fr)); }`;
export const control = css`display: grid; gap: 6px; min-width: 0;
  label { font-size: ${text.sm}px; font-weight: 600; }
  select, textarea { border-radius: ${radius.sm}px; border: 1.5px solid ${color.line}; padding: 10px 12px; font: inherit; font-size: ${text.md}px; background: ${color.surface}; min-height: 44px; }
  .error { color: ${color.danger}; font-size: ${text.sm}px; font-weight: 600; }`;

const ROW_KINDS = ["category", "collection", "workouts", "series", "favorites", "stats"] as const;
type RowKind = (typeof ROW_KINDS)[number];
const CAROUSEL_KINDS = ["workouts", "series", "collections"] as const;

/** /admin/home: the members' home page: the carousels at its top and its rows, each list in the order members see. */
export default function ConsoleHomePage() {
  return (
    <ConsoleFrame section="home" title={ct("console.home.title")}>
      <div className={stack(space[7])}>
        <ListedSection
          kind="home-rows"
          id="rows"
          heading={ct("console.home.rows")}
          lead={ct("console.home.rowsLead")}
          newHeading={ct("console.home.newRow")}
          name={(r) => r.title}
          meta={(r) => rowSummary(r.kind, r.source)}
          Form={HomeRowForm}
        />
        <ListedSection
          kind="carousels"
          id="carousels"
          heading={ct("console.home.carousels")}
          lead={ct("console.home.carouselsLead")}
          newHeading={ct("console.home.newCarousel")}
          name={(c) => c.title}
          meta={(c) =>
            `${ct(`console.home.carouselKind.${c.kind}`)} · ${ct("console.home.items", { count: c.item_ids.length })}`
          }
          Form={CarouselForm}
        />
      </div>
    </ConsoleFrame>
  );
}

function rowSummary(kind: RowKind, source: AdminHomeRowFields["source"]): string {
  const what = ct(`console.home.kind.${kind}`);
  if (source.slug) return `${what} · ${source.slug}`;
  if (source.ids) return `${what} · ${ct("console.home.items", { count: source.ids.length })}`;
  if (kind === "series")
    return `${what} · ${ct(source.featured === false ? "console.home.others" : "console.home.featured")}`;
  return what;
}

/** A home row: its title, what it shows (its kind) and the source that kind reads. */
function HomeRowForm({ record, prefix, onSave, onCancel }: ListedFormProps<"home-rows">) {
  const [kind, setKind] = useState<RowKind>(record?.kind ?? "category");
  const [errors, setErrors] = useState<{ title?: string; slug?: string; ids?: string }>({});
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const element = e.currentTarget;
    const form = new FormData(element);
    const title = String(form.get("title") ?? "").trim();
    const slug = String(form.get("slug") ?? "").trim();
    const ids = idList(form.get("ids"));
    const limit = Number(form.get("limit") || 0);
    const problems: typeof errors = {};
    if (!title) problems.title = ct("console.edit.required");
    if ((kind === "category" || kind === "collection") && !SLUG.test(slug)) problems.slug = ct("console.edit.slugRule");
    if (kind === "workouts" && !ids.length) problems.ids = ct("console.home.idsRequired");
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const source: AdminHomeRowFields["source"] =
      kind === "category" || kind === "collection"
        ? { slug, ...(limit ? { limit } : {}) }
        : kind === "workouts"
          ? { ids }
          : kind === "series"
            ? ids.length
              ? { ids }
              : { featured: form.get("featured") === "on" }
            : {};
    void onSave({ title, kind, source }).then(() => {
      if (!record) element.reset();
    });
  };
  const source = record?.source ?? {};
  return (
    <form
      className={stack(space[3])}
      onSubmit={submit}
      noValidate
      aria-label={record ? ct("console.content.edit", { name: record.title }) : ct("console.home.newRow")}
    >
      <div className={grid}>
        <Field
          id={`${prefix}-title`}
          name="title"
          label={ct("console.home.rowTitle")}
          defaultValue={record?.title ?? ""}
          error={errors.title}
          maxLength={120}
          required
        />
        <div className={control}>
          <label htmlFor={`${prefix}-kind`}>{ct("console.home.shows")}</label>
          <select
            id={`${prefix}-kind`}
            name="kind"
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as RowKind)}
          >
            {ROW_KINDS.map((k) => (
              <option key={k} value={k}>
                {ct(`console.home.kind.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {kind === "category" || kind === "collection" ? (
          <>
            <Field
              id={`${prefix}-slug`}
              name="slug"
              label={ct(kind === "category" ? "console.home.categorySlug" : "console.home.collectionSlug")}
              defaultValue={source.slug ?? ""}
              error={errors.slug}
              maxLength={100}
              required
            />
            <Field
              id={`${prefix}-limit`}
              name="limit"
              type="number"
              min={1}
              max={50}
              label={ct("console.home.limit")}
              defaultValue={source.limit ?? ""}
            />
          </>
        ) : null}
      </div>
      {kind === "workouts" || kind === "series" ? (
        <div className={control}>
          <label htmlFor={`${prefix}-ids`}>
            {ct(kind === "workouts" ? "console.home.workoutIds" : "console.home.seriesIds")}
          </label>
          <textarea
            id={`${prefix}-ids`}
            name="ids"
            rows={3}
            defaultValue={(source.ids ?? []).join("\n")}
            aria-invalid={errors.ids ? true : undefined}
            aria-describedby={errors.ids ? `${prefix}-ids-error` : undefined}
          />
          {errors.ids ? (
            <span id={`${prefix}-ids-error`} className="error">
              {errors.ids}
            </span>
          ) : null}
        </div>
      ) : null}
      {kind === "series" ? (
        <Checkbox name="featured" label={ct("console.home.featuredOnly")} defaultChecked={source.featured !== false} />
      ) : null}
      <RecordFormButtons isNew={!record} onCancel={onCancel} />
    </form>
  );
}

/** A carousel: its slug, title, what it shows and those items in order. */
function CarouselForm({ record, prefix, onSave, onCancel }: ListedFormProps<"carousels">) {
  const [errors, setErrors] = useState<{ title?: string; slug?: string }>({});
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const element = e.currentTarget;
    const form = new FormData(element);
    const fields: AdminCarouselFields = {
      slug: String(form.get("slug") ?? "").trim(),
      title: String(form.get("title") ?? "").trim(),
      kind: String(form.get("kind")) as AdminCarouselFields["kind"],
      item_ids: idList(form.get("item_ids")),
    };
    const problems: typeof errors = {};
    if (!fields.title) problems.title = ct("console.edit.required");
    if (!SLUG.test(fields.slug)) problems.slug = ct("console.edit.slugRule");
    setErrors(problems);
    if (Object.keys(problems).length) return;
    void onSave(fields).then(() => {
      if (!record) element.reset();
    });
  };
  return (
    <form
      className={stack(space[3])}
      onSubmit={submit}
      noValidate
      aria-label={record ? ct("console.content.edit", { name: record.title }) : ct("console.home.newCarousel")}
    >
      <div className={grid}>
        <Field
          id={`${prefix}-title`}
          name="title"
          label={ct("console.home.rowTitle")}
          defaultValue={record?.title ?? ""}
          error={errors.title}
          maxLength={120}
          required
        />
        <Field
          id={`${prefix}-slug`}
          name="slug"
          label={ct("console.edit.slug")}
          defaultValue={record?.slug ?? ""}
          error={errors.slug}
          maxLength={100}
          required
        />
        <div className={control}>
          <label htmlFor={`${prefix}-kind`}>{ct("console.home.shows")}</label>
          <select id={`${prefix}-kind`} name="kind" defaultValue={record?.kind ?? "workouts"}>
            {CAROUSEL_KINDS.map((k) => (
              <option key={k} value={k}>
                {ct(`console.home.carouselKind.${k}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={control}>
        <label htmlFor={`${prefix}-items`}>{ct("console.home.itemIds")}</label>
        <textarea id={`${prefix}-items`} name="item_ids" rows={3} defaultValue={(record?.item_ids ?? []).join("\n")} />
      </div>
      <RecordFormButtons isNew={!record} onCancel={onCancel} />
    </form>
  );
}
