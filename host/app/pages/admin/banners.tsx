import { useCallback, useState, type FormEvent } from "react";
import { useConsoleData } from "./use-console-data.js";
import { css } from "goober";
import {
  changeBannerState,
  createBanner,
  getAdminBanners,
  updateBanner,
  type AdminBanner,
  type AdminBannerFields,
} from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { bp, color, radius, space, up } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { SuccessNote } from "../../ui/notice.js";
import { card, sectionTitle, Spinner, stack } from "../../ui/page.js";
import { ConsoleFrame, dateTime, useOperator } from "./console-frame.js";
import { ct } from "./copy.js";
import { ContentPill } from "./content-pill.js";

const grid = css`display: grid; gap: ${space[3]}px; ${up(bp.md)} { grid-template-columns: repeat(2, minmax(0, 1fr)); }`;
const rows = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[2]}px;
  > li { display: grid; gap: ${space[2]}px; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[3]}px; background: ${color.surface}; overflow-wrap: anywhere; }
  .head { display: flex; flex-wrap: wrap; gap: ${space[2]}px; align-items: center; }
  .meta { color: ${color.muted}; }
  .actions { display: flex; flex-wrap: wrap; gap: ${space[2]}px; }`;

/** "YYYY-MM-DDTHH:MM" in the browser's zone, what a datetime-local input holds, of an ISO instant. */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** The instant of a datetime-local value, read in the browser's zone; null when empty. */
const instant = (value: FormDataEntryValue | null) => (value ? new Date(String(value)).toISOString() : null);

/** /admin/banners: announcement banners members see on their home page within their window, once published. */
export default function ConsoleBannersPage() {
  return (
    <ConsoleFrame section="banners" title={ct("console.banners.title")}>
      <Banners />
    </ConsoleFrame>
  );
}

function Banners() {
  const store = useStore();
  const editable = useOperator().areas.includes("catalogue");
  const [editing, setEditing] = useState<string | null>(null);

  const read = useCallback((signal?: AbortSignal) => getAdminBanners(store.api, signal).then((r) => r.items), [store]);
  const { data: items, error, notice, busy, run } = useConsoleData(read);

  return (
    <div className={stack(space[5])}>
      <p>{ct("console.banners.lead")}</p>
      {!editable ? <p role="note">{ct("console.edit.readOnly")}</p> : null}
      <div aria-live="polite" role="status">
        {error ? <FormError>{error}</FormError> : null}
        {notice ? <SuccessNote>{notice}</SuccessNote> : null}
      </div>
      {editable ? (
        <section className={`${card} ${stack(space[3])}`} aria-labelledby="banner-new">
          <h2 id="banner-new" className={sectionTitle}>
            {ct("console.banners.new")}
          </h2>
          <BannerForm
            banner={null}
            onSave={(fields) =>
              run(async () => {
                await createBanner(store.api, fields);
                return ct("console.banners.created");
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
        <section className={stack(space[3])} aria-labelledby="banner-list">
          <h2 id="banner-list" className={sectionTitle}>
            {ct("console.banners.list")}
          </h2>
          <ul className={rows}>
            {items.map((b) => (
              <li key={b.id}>
                <div className="head">
                  <strong>{b.message}</strong>
                  <ContentPill status={b.status} />
                  {b.showing ? <span>{ct("console.banners.showing")}</span> : null}
                </div>
                <span className="meta">
                  {ct("console.banners.window", {
                    from: b.starts_at ? dateTime(b.starts_at) : ct("console.banners.now"),
                    until: b.ends_at ? dateTime(b.ends_at) : ct("console.banners.never"),
                  })}
                </span>
                {b.link_url ? (
                  <span className="meta">{ct("console.banners.link", { text: b.link_text, url: b.link_url })}</span>
                ) : null}
                {editable ? (
                  <div className="actions">
                    <Button
                      variant="ghost"
                      aria-expanded={editing === b.id}
                      onClick={() => setEditing(editing === b.id ? null : b.id)}
                    >
                      {ct("console.banners.edit")}
                    </Button>
                    {b.status === "published" ? (
                      <Button
                        variant="danger"
                        disabled={busy}
                        onClick={() =>
                          void run(async () => {
                            await changeBannerState(store.api, b.id, "retire");
                            return ct("console.banners.retired");
                          })
                        }
                      >
                        {ct("console.banners.retire")}
                      </Button>
                    ) : (
                      <Button
                        disabled={busy}
                        onClick={() =>
                          void run(async () => {
                            await changeBannerState(store.api, b.id, "publish");
                            return ct("console.banners.published");
                          })
                        }
                      >
                        {ct("console.banners.publish")}
                      </Button>
                    )}
                  </div>
                ) : null}
                {editing === b.id ? (
                  <BannerForm
                    banner={b}
                    onCancel={() => setEditing(null)}
                    onSave={(fields) =>
                      run(async () => {
                        await updateBanner(store.api, b.id, fields);
                        setEditing(null);
                        return ct("console.banners.saved");
                      })
                    }
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function BannerForm({
  banner,
  onSave,
  onCancel,
}: {
  banner: AdminBanner | null;
  onSave: (fields: AdminBannerFields) => Promise<void>;
  onCancel?: () => void;
}) {
  const prefix = ["banner", banner?.id ?? "new"].join("-");
  const [errors, setErrors] = useState<{ message?: string; ends?: string }>({});
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const element = e.currentTarget;
    const form = new FormData(element);
    const fields: AdminBannerFields = {
      message: String(form.get("message") ?? "").trim(),
      link_text: String(form.get("link_text") ?? "").trim(),
      link_url: String(form.get("link_url") ?? "").trim(),
      starts_at: instant(form.get("starts_at")),
      ends_at: instant(form.get("ends_at")),
    };
    const problems: typeof errors = {};
    if (!fields.message) problems.message = ct("console.edit.required");
    if (fields.starts_at && fields.ends_at && fields.ends_at <= fields.starts_at)
      problems.ends = ct("console.banners.endBeforeStart");
    setErrors(problems);
    if (Object.keys(problems).length) return;
    void onSave(fields).then(() => {
      if (!banner) element.reset();
    });
  };
  return (
    <form
      className={stack(space[3])}
      onSubmit={submit}
      noValidate
      aria-label={banner ? ct("console.banners.edit") : ct("console.banners.new")}
    >
      <Field
        id={`${prefix}-message`}
        name="message"
        label={ct("console.banners.message")}
        defaultValue={banner?.message ?? ""}
        error={errors.message}
        maxLength={300}
        required
      />
      <div className={grid}>
        <Field
          id={`${prefix}-link-text`}
          name="link_text"
          label={ct("console.banners.linkText")}
          defaultValue={banner?.link_text ?? ""}
          maxLength={60}
        />
        <Field
          id={`${prefix}-link-url`}
          name="link_url"
          label={ct("console.banners.linkUrl")}
          defaultValue={banner?.link_url ?? ""}
          maxLength={500}
        />
        <Field
          id={`${prefix}-starts`}
          name="starts_at"
          type="datetime-local"
          label={ct("console.banners.starts")}
          defaultValue={localInput(banner?.starts_at ?? null)}
        />
        <Field
          id={`${prefix}-ends`}
          name="ends_at"
          type="datetime-local"
          label={ct("console.banners.ends")}
          defaultValue={localInput(banner?.ends_at ?? null)}
          error={errors.ends}
        />
      </div>
      <div style={{ display: "flex", flexWrap: "wrap", gap: space[2] }}>
        <Button type="submit">{banner ? ct("console.edit.save") : ct("console.edit.create")}</Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {ct("console.content.cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
