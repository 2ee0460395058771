/** @jsxImportSource preact */
import type { ButtonHTMLAttributes, ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { useCss } from "./context.js";
import { say } from "./copy.js";

type ButtonProps = ButtonHTMLAttributes & { variant?: "primary" | "secondary" | "link" | "danger"; busy?: boolean };

/** Every button of the kit: one look, one `part`, a busy state that keeps its label for screen readers. */
export function Button({ variant = "secondary", busy, class: extra, part, children, ...rest }: ButtonProps) {
  const css = useCss();
  const look = css`
    display: inline-flex; align-items: center; justify-content: center; gap: 6px; min-height: 40px; padding: 8px 16px;
    border-radius: var(--_radius); border: 1px solid var(--_accent); background: transparent; color: var(--_accent);
    font-weight: 600; letter-spacing: 0.02em; cursor: pointer; transition: background 0.15s, color 0.15s;
    &:hover:not(:disabled) { background: color-mix(in srgb, var(--_accent) 10%, transparent); }
    &:disabled { opacity: 0.55; cursor: not-allowed; }
    &.primary { background: var(--_accent); color: var(--_on-accent); }
    &.primary:hover:not(:disabled) { background: color-mix(in srgb, var(--_accent) 85%, black); }
    &.danger { border-color: var(--_danger); color: var(--_danger); }
    &.link { border: 0; padding: 4px 2px; min-height: 0; text-decoration: underline; font-weight: 500; }
  `;
  return (
    <button type="button" part={part ?? (variant === "primary" ? "button primary" : "button")} class={`${look} ${variant} ${extra ?? ""}`} aria-busy={busy || undefined} disabled={busy || rest.disabled} {...rest}>
      {children}
    </button>
  );
}

/** Placeholder blocks while data loads; announced once as "Loading…". */
export function Skeleton({ rows = 3, height = 64, label }: { rows?: number; height?: number; label: string }) {
  const css = useCss();
  const block = css`
    background: var(--_skeleton); border-radius: var(--_radius); margin-block: 10px; animation: fit-pulse 1.4s ease-in-out infinite;
  `;
  return (
    <div role="status" aria-live="polite">
      <span class="fit-sr">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden="true" class={block} style={{ height: `${height}px` }} />
      ))}
    </div>
  );
}

/** A failed load: the catalogue's copy (never a raw error) and a Try again button. */
export function ErrorState({ message, retry, retryLabel }: { message: string; retry?: () => void; retryLabel: string }) {
  const css = useCss();
  const box = css`
    display: flex; flex-direction: column; align-items: flex-start; gap: 12px; padding: var(--_space); border-radius: var(--_radius);
    border: 1px solid var(--_danger); color: var(--_text); background: var(--_surface);
  `;
  return (
    <div part="error" role="alert" class={box}>
      <p>{message}</p>
      {retry && <Button onClick={retry}>{retryLabel}</Button>}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ComponentChildren }) {
  const css = useCss();
  const box = css`
    padding: calc(var(--_space) * 2) var(--_space); text-align: center; color: var(--_muted);
    & strong { display: block; color: var(--_text); font-family: var(--_heading); font-size: 1.15em; margin-bottom: 6px; }
  `;
  return (
    <div class={box} role="status">
      <strong>{title}</strong>
      {children}
    </div>
  );
}

/** Visually hidden polite live region announcing async results ("12 results", "You're in!"). */
export function LiveRegion({ message }: { message: string }) {
  return (
    <div class="fit-sr" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}

/** A notice shown while the browser is offline. */
export function OfflineNotice({ label }: { label: string }) {
  const css = useCss();
  const [offline, setOffline] = useState(typeof navigator !== "undefined" && navigator.onLine === false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  if (!offline) return null;
  const bar = css`
    padding: 8px 12px; margin-bottom: 12px; border-radius: var(--_radius); background: var(--_bg); border: 1px dashed var(--_border); color: var(--_muted);
  `;
  return (
    <p role="status" class={bar}>
      {label}
    </p>
  );
}

/**
 * A modal dialog on the native `<dialog>`: `showModal()` makes the rest of the page inert (focus stays inside),
 * Escape closes it, and focus returns to what opened it.
 */
export function Modal({ open, onClose, title, children, maxWidth = 548, part = "dialog" }: { open: boolean; onClose: () => void; title: string; children: ComponentChildren; maxWidth?: number; part?: string }) {
  const css = useCss();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = deepActiveElement();
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const dialog = ref.current!;
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    const onClosed = () => (opener.current as HTMLElement | null)?.focus?.();
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

/** The focused element, looking through open shadow roots. */
function deepActiveElement(): Element | null {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}
