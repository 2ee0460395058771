import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useConsoleData } from "./use-console-data.js";
import { css } from "goober";
import {
  changeOrderedState,
  createOrdered,
  getOrdered,
  moveOrdered,
  updateOrdered,
  type OrderedFields,
  type OrderedKind,
  type OrderedRecord,
} from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { bp, color, radius, space, text, up } from "../../theme/tokens.js";
import { Field, FormError } from "../../ui/field.js";
import { SuccessNote } from "../../ui/notice.js";
import { card, sectionTitle, Spinner, stack } from "../../ui/page.js";
import { ConsoleFrame, useOperator } from "./console-frame.js";
import { ContentRow } from "./content-row.js";
import { ct } from "./copy.js";
import { RecordFormButtons } from "./record-form-buttons.js";

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const rows = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[2]}px;
  > li { display: grid; gap: ${space[2]}px; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[3]}px; background: ${color.surface}; }
  .head { display: flex; flex-wrap: wrap; gap: ${space[2]}px; align-items: center; }
  .place { font-weight: 800; min-width: 2ch; color: ${color.muted}; }
  .name { font-weight: 700; overflow-wrap: anywhere; }
  .meta { color: ${color.muted}; font-size: ${text.sm}px; }
  .actions { display: flex; flex-wrap: wrap; gap: ${space[2]}px; }
  /* Buttons named after a record (Remove …, Add …, Publish …) wrap rather than push the page sideways. */
  button { white-space: normal; max-width: 100%; min-height: 44px; height: auto; text-align: left; }`;
const textArea = css`display: grid; gap: 6px;
  label { font-size: ${text.sm}px; font-weight: 600; }
  textarea { border-radius: ${radius.sm}px; border: 1.5px solid ${color.line}; padding: 10px 12px; font: inherit; font-size: ${text.md}px; background: ${color.surface}; }`;
const grid = css`display: grid; gap: ${space[3]}px; ${up(bp.md)} { grid-template-columns: repeat(2, minmax(0, 1fr)); }`;
/** The field a kind's prose goes in: a trainer's bio, a collection's description. */
const TEXT_FIELD = { trainers: "bio", collections: "description" } as const;

/**
 * /admin/trainers and /admin/collections: the records members see in this order, each moved one place at a time with
 * Move up / Move down buttons (the keyboard's way to reorder; the new place is announced), edited in place, published
 * and retired. Retired records are listed apart, to bring back.
 */
export function OrderedContentPage({ kind }: { kind: OrderedKind }) {
  return (
    <ConsoleFrame section={kind} title={ct(`console.${kind}.title`)}>
      <OrderedContent kind={kind} />
    </ConsoleFrame>
  );
}

function OrderedContent({ kind }: { kind: OrderedKind }) {
  const store = useStore();
  const editable = useOperator().areas.includes("catalogue");
  const [editing, setEditing] = useState<string | null>(null);
  /** The button to give focus back to once the list has re-rendered (a move keeps the keyboard on its item). */
  const [focusAfter, setFocusAfter] = useState<string | null>(null);

  const read = useCallback(
    (signal?: AbortSignal) => getOrdered(store.api, kind, signal).then((r) => r.items),
    [store, kind],
  );
  const { data: items, error, notice, busy, run, setData: setItems } = useConsoleData(read);
  useEffect(() => {
    if (!focusAfter) return;
    document.getElementById(focusAfter)?.focus();
    setFocusAfter(null);
  }, [focusAfter, items]);

  const live = items?.filter((i) => i.status !== "retired") ?? [];
  const retired = items?.filter((i) => i.status === "retired") ?? [];

  // The move buttons stay enabled while a move is on its way (a disabled button would drop the keyboard's focus).
  const move = (item: OrderedRecord<OrderedKind>, direction: "up" | "down") =>
    !busy &&
    run(
      async () => {
        const next = (await moveOrdered(store.api, kind, item.id, direction)).items;
        setItems(next);
        const inOrder = next.filter((i) => i.status !== "retired");
        const at = inOrder.findIndex((i) => i.id === item.id);
        // Keep the keyboard on the item; at either end the other button is the one still enabled.
        const edge = direction === "up" ? at === 0 : at === inOrder.length - 1;
        setFocusAfter(`move-${direction === "up" ? (edge ? "down" : "up") : edge ? "up" : "down"}-${item.id}`);
        return ct("console.content.moved", { name: item.name, position: at + 1, count: inOrder.length });
      },
      { reload: false },
    );
  const change = (item: OrderedRecord<OrderedKind>, verb: "publish" | "retire") =>
    run(async () => {
      await changeOrderedState(store.api, kind, item.id, verb);
      return ct(verb === "publish" ? "console.content.published" : "console.content.retired", { name: item.name });
    });

  const row = (item: OrderedRecord<OrderedKind>, at: number | null) => (
    <ContentRow
      key={item.id}
      name={item.name}
      status={item.status}
      meta={
        <>
          {item.slug} · {ct("console.content.workouts", { count: item.workouts })}
        </>
      }
      at={at}
      count={live.length}
      editable={editable}
      busy={busy}
      editing={editing === item.id}
      moveId={(direction) => `move-${direction}-${item.id}`}
      onMove={(direction) => void move(item, direction)}
      onEdit={() => setEditing(editing === item.id ? null : item.id)}
      onChange={(verb) => void change(item, verb)}
    >
      <RecordForm
        kind={kind}
        record={item}
        onCancel={() => setEditing(null)}
        onSave={(fields) =>
          run(async () => {
            const saved = await updateOrdered(store.api, kind, item.id, fields);
            setEditing(null);
            return ct("console.content.saved", { name: saved.name });
          })
        }
      />
    </ContentRow>
  );

  return (
    <div className={stack(space[5])}>
      <p>{ct(`console.${kind}.lead`)}</p>
      {!editable ? <p role="note">{ct("console.edit.readOnly")}</p> : null}
      <div aria-live="polite" role="status">
        {error ? <FormError>{error}</FormError> : null}
        {notice ? <SuccessNote>{notice}</SuccessNote> : null}
      </div>
      {editable ? (
        <section className={`${card} ${stack(space[3])}`} aria-labelledby={`${kind}-new`}>
          <h2 id={`${kind}-new`} className={sectionTitle}>
            {ct(`console.${kind}.new`)}
          </h2>
          <RecordForm
            kind={kind}
            record={null}
            onSave={(fields) =>
              run(async () => {
                const created = await createOrdered(store.api, kind, fields);
                return ct("console.content.created", { name: created.name });
              })
            }
          />
        </section>
      ) : null}
      {!items ? (
        error ? null : (
          <Spinner />
        )
      ) : (
        <>
          <section className={stack(space[3])} aria-labelledby={`${kind}-list`}>
            <h2 id={`${kind}-list`} className={sectionTitle}>
              {ct(`console.${kind}.list`)}
            </h2>
            {live.length ? (
              <ol className={rows}>{live.map((item, i) => row(item, i))}</ol>
            ) : (
              <p>{ct("console.content.none")}</p>
            )}
          </section>
          {retired.length ? (
            <section className={stack(space[3])} aria-labelledby={`${kind}-retired`}>
              <h2 id={`${kind}-retired`} className={sectionTitle}>
                {ct("console.content.retiredList")}
              </h2>
              <ul className={rows}>{retired.map((item) => row(item, null))}</ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

/** A trainer's or collection's fields: new (empty) or the record's, checked before they are sent. */
function RecordForm({
  kind,
  record,
  onSave,
  onCancel,
}: {
  kind: OrderedKind;
  record: OrderedRecord<OrderedKind> | null;
  onSave: (fields: OrderedFields<OrderedKind>) => Promise<void>;
  onCancel?: () => void;
}) {
  const prose = TEXT_FIELD[kind];
  const prefix = `${kind}-${record?.id ?? "new"}`;
  const [errors, setErrors] = useState<{ name?: string; slug?: string }>({});
  const initialText = record
    ? prose === "bio"
      ? (record as { bio: string }).bio
      : (record as { description: string }).description
    : "";

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const element = e.currentTarget;
    const form = new FormData(element);
    const name = String(form.get("name") ?? "").trim();
    const slug = String(form.get("slug") ?? "").trim();
    const problems: typeof errors = {};
    if (!name) problems.name = ct("console.edit.required");
    if (!SLUG.test(slug)) problems.slug = ct("console.edit.slugRule");
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const fields = {
      name,
      slug,
      image_url: String(form.get("image_url") ?? "").trim(),
      [prose]: String(form.get("text") ?? "").trim(),
    } as OrderedFields<OrderedKind>;
    void onSave(fields).then(() => {
      if (!record) element.reset();
    });
  };

  return (
    <form
      className={stack(space[3])}
      onSubmit={submit}
      noValidate
      aria-label={record ? ct("console.content.edit", { name: record.name }) : ct(`console.${kind}.new`)}
    >
      <div className={grid}>
        <Field
          id={`${prefix}-name`}
          name="name"
          label={ct("console.col.name")}
          defaultValue={record?.name ?? ""}
          error={errors.name}
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
      </div>
      <div className={textArea}>
        <label htmlFor={`${prefix}-text`}>{ct(`console.${kind}.text`)}</label>
        <textarea id={`${prefix}-text`} name="text" rows={3} maxLength={5000} defaultValue={initialText} />
      </div>
      <Field
        id={`${prefix}-image`}
        name="image_url"
        type="url"
        label={ct("console.content.image")}
        defaultValue={record?.image_url ?? ""}
        maxLength={500}
      />
      <RecordFormButtons isNew={!record} onCancel={onCancel} />
    </form>
  );
}
