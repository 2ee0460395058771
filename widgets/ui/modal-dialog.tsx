/** @jsxImportSource preact */
import { useEffect, useRef } from "preact/hooks";
import { useCss } from "./context.js";
import { say } from "./copy.js";
import { Button, type ModalProps } from "./parts.js";

/**
 * The modal dialog on the native `<dialog>` (loaded on first use through `Modal` in parts.tsx): `showModal()` makes
 * the rest of the page inert (focus stays inside), Escape closes it, and focus returns to `opener`.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  children,
  maxWidth = 548,
  part = "dialog",
  opener,
}: ModalProps & { opener: { current: Element | null } }) {
  const css = useCss();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const dialog = ref.current!;
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    const onClosed = () => (opener.current as HTMLElement | null)?.focus();
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onClosed);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onClosed);
      if (dialog.open) dialog.close();
    };
  }, []);
  const look = css`
    width: calc(100% - 32px); max-width: var(--_max); padding: 0; border: 1px solid var(--_border); border-radius: var(--_radius);
    background: var(--_surface); color: var(--_text); box-shadow: 0 20px 60px rgb(0 0 0 / 0.3);
    &::backdrop { background: rgb(0 0 0 / 0.45); }
    & > header { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 16px 20px; border-bottom: 1px solid var(--_border); }
    & > header h2 { font-size: 1.2em; }
    & > .body { padding: 20px; max-height: 75vh; overflow: auto; }
  `;
  return (
    <dialog ref={ref} part={part} class={look} style={{ "--_max": `${maxWidth}px` }} aria-label={title}>
      {open && (
        <>
          <header>
            <h2>{title}</h2>
            <Button variant="link" aria-label={say("close")} onClick={onClose}>
              ✕
            </Button>
          </header>
          <div class="body">{children}</div>
        </>
      )}
    </dialog>
  );
}
