import { useState, type FormEvent, type ReactNode } from "react";
import type { AdminEntry, AdminEntryFields } from "../../../../src/api/index.js";
import { space } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field } from "../../ui/field.js";
import { stack } from "../../ui/page.js";
import { ConsoleFrame } from "./console-frame.js";
import { ct } from "./copy.js";
import { control } from "./home-content.js";
import { ListedSection, type ListedFormProps } from "./listed-content.js";

const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
type Key = "faq" | "welcome" | "coachMark";
const KEYS: Key[] = ["faq", "welcome", "coachMark"];

/** What an entry is called in its list: its question, its title, or its first step. */
const entryName = (e: AdminEntry) =>
  e.value.question ?? e.value.title ?? (e.value.steps?.length ? e.value.steps.join(" · ") : (e.value.text ?? e.name));

/**
 * /admin/copy: the FAQ, the welcome screen's copy and the coach marks members are shown, each list in its order. The
 * member app shows its built-in copy wherever no published entry says otherwise.
 */
export default function ConsoleCopyPage() {
  return (
    <ConsoleFrame section="copy" title={ct("console.copy.title")}>
      <div className={stack(space[7])}>
        <p>{ct("console.copy.lead")}</p>
        {KEYS.map((key) => (
          <ListedSection
            key={key}
            kind="content-entries"
            entryKey={key}
            id={`copy-${key}`}
            heading={ct(`console.copy.${key}`)}
            lead={ct(`console.copy.${key}Lead`)}
            newHeading={ct(`console.copy.${key}New`)}
            name={entryName}
            meta={(e) => e.name}
            Form={FORMS[key]}
          />
        ))}
      </div>
    </ConsoleFrame>
  );
}

function TextArea({
  id,
  name,
  label,
  value,
  error,
  rows = 3,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  rows?: number;
}) {
  return (
    <div className={control}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={5000}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <span id={`${id}-error`} className="error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** Each key's form, made once (a component made while rendering would be a new one, its typing lost, every render). */
const formOf =
  (entryKey: Key) =>
  (props: ListedFormProps<"content-entries">): ReactNode => <EntryForm {...props} entryKey={entryKey} />;
const FORMS = Object.fromEntries(KEYS.map((key) => [key, formOf(key)])) as Record<Key, ReturnType<typeof formOf>>;

/** One entry's name and value, the value's fields those of its key (the welcome copy: a lead or its steps). */
function EntryForm({
  record,
  prefix,
  onSave,
  onCancel,
  entryKey,
}: ListedFormProps<"content-entries"> & { entryKey: Key }) {
  const [shape, setShape] = useState<"lead" | "steps">(record?.value.steps ? "steps" : "lead");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const value = record?.value ?? {};
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const element = e.currentTarget;
    const form = new FormData(element);
    const read = (field: string) => String(form.get(field) ?? "").trim();
    const name = read("name");
    const fields: AdminEntryFields["value"] =
      entryKey === "faq"
        ? { question: read("question"), answer: read("answer") }
        : entryKey === "welcome" && shape === "steps"
          ? {
              steps: read("steps")
                .split("\n")
                .map((s) => s.trim())
                .filter(Boolean),
            }
          : { title: read("title"), body: read("body") };
    const problems: Record<string, string> = {};
    if (!NAME.test(name)) problems.name = ct("console.edit.slugRule");
    for (const [field, given] of Object.entries(fields))
      if (Array.isArray(given) ? !given.length : !given) problems[field] = ct("console.edit.required");
    setErrors(problems);
    if (Object.keys(problems).length) return;
    void onSave({ key: entryKey, name, value: fields }).then(() => {
      if (!record) element.reset();
    });
  };
  return (
    <form
      className={stack(space[3])}
      onSubmit={submit}
      noValidate
      aria-label={record ? ct("console.content.edit", { name: entryName(record) }) : ct(`console.copy.${entryKey}New`)}
    >
      <Field
        id={`${prefix}-name`}
        name="name"
        label={ct("console.copy.name")}
        hint={ct(`console.copy.${entryKey}Name`)}
        defaultValue={record?.name ?? ""}
        error={errors.name}
        maxLength={100}
        required
      />
      {entryKey === "welcome" ? (
        <div className={control}>
          <label htmlFor={`${prefix}-shape`}>{ct("console.copy.shape")}</label>
          <select
            id={`${prefix}-shape`}
            value={shape}
            onChange={(e) => setShape(e.currentTarget.value as "lead" | "steps")}
          >
            <option value="lead">{ct("console.copy.shapeLead")}</option>
            <option value="steps">{ct("console.copy.shapeSteps")}</option>
          </select>
        </div>
      ) : null}
      {entryKey === "faq" ? (
        <>
          <Field
            id={`${prefix}-question`}
            name="question"
            label={ct("console.copy.question")}
            defaultValue={value.question ?? ""}
            error={errors.question}
            maxLength={300}
            required
          />
          <TextArea
            id={`${prefix}-answer`}
            name="answer"
            label={ct("console.copy.answer")}
            value={value.answer ?? ""}
            error={errors.answer}
          />
        </>
      ) : entryKey === "welcome" && shape === "steps" ? (
        <TextArea
          id={`${prefix}-steps`}
          name="steps"
          label={ct("console.copy.steps")}
          value={(value.steps ?? []).join("\n")}
          error={errors.steps}
          rows={4}
        />
      ) : (
        <>
          <Field
            id={`${prefix}-title`}
            name="title"
            label={ct("console.copy.entryTitle")}
            defaultValue={value.title ?? ""}
            error={errors.title}
            maxLength={120}
            required
          />
          <TextArea
            id={`${prefix}-body`}
            name="body"
            label={ct("console.copy.body")}
            value={value.body ?? ""}
            error={errors.body}
          />
        </>
      )}
      <div style={{ display: "flex", flexWrap: "wrap", gap: space[2] }}>
        <Button type="submit">{record ? ct("console.edit.save") : ct("console.edit.create")}</Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {ct("console.content.cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
