import { Link } from "wouter";
import type { ContentStatus } from "../../../../src/api/index.js";
import { Field, FormError } from "../../ui/field.js";
import { SuccessNote } from "../../ui/notice.js";
import { sectionTitle } from "../../ui/page.js";
import { ct } from "./copy.js";
import { ContentPill } from "./content-pill.js";

/**
 * The top of a content record's edit page (a series, a calendar): the way back to its list, its name and state (or
 * the new one's title), a note when the operator may only read, and the polite region a save's outcome is told in.
 */
export function ContentEditHeader({
  back,
  backLabel,
  record,
  newTitle,
  editable,
  error,
  notice,
}: {
  back: string;
  backLabel: string;
  record: { name: string; status: ContentStatus } | null;
  newTitle: string;
  editable: boolean;
  error: string;
  notice: string;
}) {
  return (
    <>
      <p>
        <Link href={back}>{backLabel}</Link>
      </p>
      {record ? (
        <h2 className={sectionTitle}>
          {record.name} <ContentPill status={record.status} />
        </h2>
      ) : (
        <h2 className={sectionTitle}>{newTitle}</h2>
      )}
      {!editable ? <p role="note">{ct("console.edit.readOnly")}</p> : null}
      <div aria-live="polite" role="status">
        {error ? <FormError>{error}</FormError> : null}
        {notice ? <SuccessNote>{notice}</SuccessNote> : null}
      </div>
    </>
  );
}

/** A content record's name and slug, both required, with what was wrong with each after a save was tried. */
export function NameSlugFields({
  initial,
  errors,
}: {
  initial: { name: string; slug: string };
  errors: { name?: string; slug?: string };
}) {
  return (
    <>
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
    </>
  );
}
