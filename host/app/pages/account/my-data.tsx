import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { ACCOUNT_DELETION_GRACE_DAYS, dataExportFilename } from "../../../../src/domain/account-deletion.js";
import { ApiError, getMyDataExport, requestAccountDeletion } from "../../../../src/api/index.js";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { color, space } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Modal, modalActions } from "../../ui/modal.js";
import { SuccessNote } from "../../ui/notice.js";
import { OopsInline } from "../../ui/oops.js";
import { card, sectionTitle, stack } from "../../ui/page.js";
import { PasswordField } from "../auth/password-field.js";

/** The local calendar day, `YYYY-MM-DD`, that names the archive (the server names its own by its clock). */
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/**
 * The account page's "Your data" section: "Download my data" fetches the member's archive through the API client (a
 * member call: bearer token, one refresh after a 401) and hands it to the browser as a file; "Delete my account"
 * asks for the password in a confirmation dialog, then shows the signed-out page with the date of erasure.
 */
export function YourData() {
  const store = useStore();
  const [, navigate] = useLocation();
  const claims = useSignal(store.session.claims.data);
  const [downloading, setDownloading] = useState(false);
  const [notice, setNotice] = useState("");
  const [failure, setFailure] = useState("");
  const [confirm, setConfirm] = useState(false);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState("");
  const [deleting, setDeleting] = useState(false);

  async function download() {
    if (!claims) return;
    setDownloading(true);
    setNotice("");
    setFailure("");
    try {
      const file = await getMyDataExport(store.api, claims.sub);
      const url = URL.createObjectURL(file);
      const link = Object.assign(document.createElement("a"), {
        href: url,
        download: dataExportFilename(localDay(new Date())),
      });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      setNotice(t("myData.downloaded"));
    } catch {
      setFailure(t("error.unexpected"));
    } finally {
      setDownloading(false);
    }
  }

  function closeConfirm() {
    setConfirm(false);
    setPassword("");
    setPasswordError("");
  }

  async function confirmDeletion(e: FormEvent) {
    e.preventDefault();
    if (!password) return setPasswordError(t("myData.passwordMissing"));
    setPasswordError("");
    setDeleting(true);
    try {
      const answer = await requestAccountDeletion(store.api, password);
      // Close the dialog first (an open modal leaves the next page inert), then leave: the server has already
      // signed out every device, so this one only forgets its tokens.
      setConfirm(false);
      const query = new URLSearchParams({ on: answer.erase_at });
      for (const n of answer.notices) query.append("notice", n);
      navigate(`/account-deleted?${query}`, { replace: true });
      store.auth.logout();
    } catch (err) {
      // The server's refusals are English; the member reads them in their language, by status.
      if (err instanceof ApiError && err.status === 400) setPasswordError(t("myData.passwordWrong"));
      else {
        closeConfirm();
        setFailure(
          err instanceof ApiError && err.status === 409 ? t("myData.alreadyScheduled") : t("error.unexpected"),
        );
      }
      setDeleting(false);
    }
  }

  return (
    <section className={card} style={{ marginTop: space[5] }} aria-labelledby="your-data-title">
      <div className={stack(space[4])}>
        <h2 id="your-data-title" className={sectionTitle}>
          {t("myData.title")}
        </h2>
        <OopsInline message={failure} />
        <SuccessNote>{notice}</SuccessNote>
        <div className={stack(space[2])}>
          <p style={{ color: color.muted }}>{t("myData.downloadNote")}</p>
          <div>
            <Button variant="secondary" disabled={!claims || downloading} onClick={() => void download()}>
              {downloading ? t("myData.downloading") : t("myData.download")}
            </Button>
          </div>
        </div>
        <div className={stack(space[2])}>
          <h3 style={{ fontWeight: 800 }}>{t("myData.deleteTitle")}</h3>
          <p style={{ color: color.muted }}>{t("myData.deleteNote", { days: ACCOUNT_DELETION_GRACE_DAYS })}</p>
          <div>
            <Button variant="danger" onClick={() => setConfirm(true)}>
              {t("myData.delete")}
            </Button>
          </div>
        </div>
      </div>
      <Modal open={confirm} title={t("myData.deleteTitle")} onClose={closeConfirm}>
        <form className={stack(space[4])} onSubmit={confirmDeletion} noValidate>
          <p>{t("myData.deleteConfirm", { days: ACCOUNT_DELETION_GRACE_DAYS })}</p>
          <p style={{ color: color.muted }}>{t("myData.deleteStores")}</p>
          <PasswordField
            label={t("myData.password")}
            value={password}
            autoComplete="current-password"
            error={passwordError}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <div className={modalActions}>
            <Button variant="secondary" onClick={closeConfirm}>
              {t("action.goBack")}
            </Button>
            <Button type="submit" variant="danger" disabled={deleting}>
              {t("myData.deleteYes")}
            </Button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
