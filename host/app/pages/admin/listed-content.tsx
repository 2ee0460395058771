import { useCallback, useEffect, useState, type ReactNode } from "react";
import { css } from "goober";
import {
  changeListedState,
  createListed,
  getListed,
  moveListed,
  updateListed,
  type AdminEntry,
  type ListedFields,
  type ListedKind,
  type ListedRecord,
} from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { FormError } from "../../ui/field.js";
import { SuccessNote } from "../../ui/notice.js";
import { card, sectionTitle, Spinner, stack } from "../../ui/page.js";
import { useOperator } from "./console-frame.js";
import { ct } from "./copy.js";
import { ContentRow } from "./content-row.js";
import { useConsoleData } from "./use-console-data.js";

const rows = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[2]}px;
  > li { display: grid; gap: ${space[2]}px; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[3]}px; background: ${color.surface}; overflow-wrap: anywhere; }
  .head { display: flex; flex-wrap: wrap; gap: ${space[2]}px; align-items: center; }
  .place { font-weight: 800; min-width: 2ch; color: ${color.muted}; }
  .name { font-weight: 700; }
  .meta { color: ${color.muted}; font-size: ${text.sm}px; }
  .actions { display: flex; flex-wrap: wrap; gap: ${space[2]}px; }
  button { white-space: normal; max-width: 100%; min-height: 44px; height: auto; text-align: left; }`;

/** What a kind's form is given: the record (null: a new one), the prefix of its ids, and what to do with its fields. */
export interface ListedFormProps<K extends ListedKind> {
  record: ListedRecord<K> | null;
  prefix: string;
  onSave: (fields: ListedFields<K>) => Promise<void>;
  onCancel?: () => void;
}

/**
 * One list of the members' home page or keyed copy (home rows, carousels, one key's entries): the records in their
 * order, each moved one place at a time with Move up / Move down buttons (the keyboard's way to reorder; the new
 * place is announced and the keyboard stays on the record), edited in place, published and retired; retired records
 * are listed apart, to bring back. The kind's fields are its own form's.
 */
export function ListedSection<K extends ListedKind>({
  kind,
  entryKey,
  id,
  heading,
  lead,
  newHeading,
  name,
  meta,
  Form,
}: {
  kind: K;
  /** For content entries: the key whose entries this list holds. */
  entryKey?: AdminEntry["key"];
  /** The section's own id (its headings' and buttons' ids start with it). */
  id: string;
  heading: string;
  lead: string;
  newHeading: string;
  /** How a record is named in its buttons and the announcements. */
  name: (record: ListedRecord<K>) => string;
  meta: (record: ListedRecord<K>) => ReactNode;
  Form: (props: ListedFormProps<K>) => ReactNode;
}) {
  const store = useStore();
  const editable = useOperator().areas.includes("catalogue");
  const [editing, setEditing] = useState<string | null>(null);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);

  const read = useCallback(
    (signal?: AbortSignal) => getListed(store.api, kind, signal, entryKey).then((r) => r.items),
    [store, kind, entryKey],
  );
  const { data: items, error, notice, busy, run, setData } = useConsoleData(read);
  useEffect(() => {
    if (!focusAfter) return;
    document.getElementById(focusAfter)?.focus();
    setFocusAfter(null);
  }, [focusAfter, items]);

  const mine = (all: ListedRecord<K>[]) => (entryKey ? all.filter((r) => (r as AdminEntry).key === entryKey) : all);
  const live = items?.filter((i) => i.status !== "retired") ?? [];
  const retired = items?.filter((i) => i.status === "retired") ?? [];
  const buttonId = (direction: "up" | "down", record: ListedRecord<K>) => `${id}-move-${direction}-${record.id}`;

  // The move buttons stay enabled while a move is on its way (a disabled button would drop the keyboard's focus).
  const move = (record: ListedRecord<K>, direction: "up" | "down") =>
    !busy &&
    run(
      async () => {
        const next = mine((await moveListed(store.api, kind, record.id, direction)).items);
        setData(next);
        const inOrder = next.filter((i) => i.status !== "retired");
        const at = inOrder.findIndex((i) => i.id === record.id);
        const edge = direction === "up" ? at === 0 : at === inOrder.length - 1;
        setFocusAfter(buttonId(direction === "up" ? (edge ? "down" : "up") : edge ? "up" : "down", record));
        return ct("console.content.moved", { name: name(record), position: at + 1, count: inOrder.length });
      },
      { reload: false },
    );
  const change = (record: ListedRecord<K>, verb: "publish" | "retire") =>
    run(async () => {
      await changeListedState(store.api, kind, record.id, verb);
      return ct(verb === "publish" ? "console.content.published" : "console.content.retired", { name: name(record) });
    });

  const row = (record: ListedRecord<K>, at: number | null) => (
    <ContentRow
      key={record.id}
      name={name(record)}
      status={record.status}
      meta={meta(record)}
      at={at}
      count={live.length}
      editable={editable}
      busy={busy}
      editing={editing === record.id}
      moveId={(direction) => buttonId(direction, record)}
      onMove={(direction) => void move(record, direction)}
      onEdit={() => setEditing(editing === record.id ? null : record.id)}
      onChange={(verb) => void change(record, verb)}
    >
      <Form
        record={record}
        prefix={`${id}-${record.id}`}
        onCancel={() => setEditing(null)}
        onSave={(fields) =>
          run(async () => {
            const saved = await updateListed(store.api, kind, record.id, fields);
            setEditing(null);
            return ct("console.content.saved", { name: name(saved) });
          })
        }
      />
    </ContentRow>
  );

  return (
    <section className={stack(space[4])} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={sectionTitle}>
        {heading}
      </h2>
      <p>{lead}</p>
      <div aria-live="polite" role="status">
        {error ? <FormError>{error}</FormError> : null}
        {notice ? <SuccessNote>{notice}</SuccessNote> : null}
      </div>
      {editable ? (
        <div className={`${card} ${stack(space[3])}`} role="group" aria-labelledby={`${id}-new`}>
          <h3 id={`${id}-new`}>{newHeading}</h3>
          <Form
            record={null}
            prefix={[id, "new"].join("-")}
            onSave={(fields) =>
              run(async () => {
                const created = await createListed(store.api, kind, fields);
                return ct("console.content.created", { name: name(created) });
              })
            }
          />
        </div>
      ) : null}
      {!items ? (
        error ? null : (
          <Spinner />
        )
      ) : (
        <>
          {live.length ? (
            <ol className={rows} aria-label={heading}>
              {live.map((r, i) => row(r, i))}
            </ol>
          ) : (
            <p>{ct("console.content.none")}</p>
          )}
          {retired.length ? (
            <>
              <h3 id={`${id}-retired`}>{ct("console.content.retiredList")}</h3>
              <ul className={rows} aria-labelledby={`${id}-retired`}>
                {retired.map((r) => row(r, null))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Ids typed one a line or separated by commas, in order. */
export const idList = (value: FormDataEntryValue | null) =>
  String(value ?? "")
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
