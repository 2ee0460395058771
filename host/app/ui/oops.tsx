import { css } from "goober";
import { t } from "../../../src/i18n/index.js";
import { EXTERNAL } from "../lib/links.js";
import { color, radius, space, text } from "../theme/tokens.js";
import { Button } from "./button.js";
import { Modal, modalActions } from "./modal.js";

const supportLine = css`color: ${color.muted}; font-size: ${text.sm}px; a { font-weight: 700; color: ${color.ink}; }`;
const inline = css`display: grid; gap: ${space[1]}px; background: ${color.dangerSoft}; color: ${color.danger}; border-radius: ${radius.sm}px; padding: ${space[3]}px ${space[4]}px; font-size: ${text.sm}px;
  strong { letter-spacing: .08em; } a { color: inherit; font-weight: 700; }`;

/** Spec §8 support line: "If the problem persists, contact us at {email}." with the address as a mailto link. */
function SupportLine({ email = EXTERNAL.support }: { email?: string }) {
  const [before, after] = t("error.support", { email: "\u0000" }).split("\u0000");
  return (
    <p className={supportLine}>
      {before}
      <a href={`mailto:${email}`}>{email}</a>
      {after}
    </p>
  );
}

/** Spec §8: a modal error, titled OOPS!, with the message, the support line and its mailto link. */
export function OopsModal({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Modal open={!!message} title={t("error.modalTitle")} onClose={onClose}>
      <p role="alert">{message}</p>
      <SupportLine />
      <div className={modalActions}>
        <Button onClick={onClose}>{t("action.goBack")}</Button>
      </div>
    </Modal>
  );
}

/** The same error where it happened, inside a form or a card. */
export function OopsInline({ message }: { message: string }) {
  if (!message) return null;
  const [before, after] = t("error.support", { email: "\u0000" }).split("\u0000");
  return (
    <div role="alert" className={inline}>
      <strong>{t("error.modalTitle")}</strong>
      <span>{message}</span>
      <span>
        {before}
        <a href={`mailto:${EXTERNAL.support}`}>{EXTERNAL.support}</a>
        {after}
      </span>
    </div>
  );
}
