import { useEffect, useId, useRef, type ReactNode } from "react";
import { css } from "goober";
import { color, radius, shadow, space, text, touch } from "../theme/tokens.js";
import { t } from "../../../src/i18n/index.js";

const dialogClass = css`
  border: 0; padding: 0; border-radius: ${radius.lg}px; box-shadow: ${shadow.raised}; background: ${color.surface}; color: ${color.ink};
  width: min(92vw, var(--modal-width, 480px)); max-height: 90vh;
  &::backdrop { background: rgba(22,22,29,.55); }
`;
const inner = css`padding: ${space[6]}px ${space[5]}px ${space[5]}px; display: grid; gap: ${space[4]}px;`;
const titleClass = css`font-size: ${text.xl}px; font-weight: 800; text-transform: uppercase; letter-spacing: .04em; padding-right: ${touch}px;`;
const closeClass = css`
  position: absolute; top: 8px; right: 8px; width: ${touch}px; height: ${touch}px; border: 0; border-radius: 50%;
  background: transparent; font-size: 24px; cursor: pointer; &:hover { background: ${color.sunken}; }
`;

/**
 * A modal on the native <dialog> (focus trap, Escape and inert background come from the browser).
 * Closing by Escape or the × button calls onClose; the parent owns `open`.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  width,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  width?: number;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={dialogClass}
      aria-labelledby={titleId}
      style={width ? ({ "--modal-width": `${width}px` } as React.CSSProperties) : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <div className={inner}>
          <h2 id={titleId} className={titleClass}>
            {title}
          </h2>
          <button type="button" className={closeClass} aria-label={t("ui.close")} onClick={onClose}>
            ×
          </button>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

export const modalActions = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; justify-content: flex-end; margin-top: ${space[2]}px;`;
