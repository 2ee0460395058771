/** @jsxImportSource preact */
import type { ButtonHTMLAttributes, ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { lazy } from "./lazy.js";
import { useCss, useWidget } from "./context.js";
import { say } from "./copy.js";

type ButtonProps = ButtonHTMLAttributes & { variant?: "primary" | "secondary" | "link" | "danger"; busy?: boolean };

/**
 * Every button of the kit: one look, a busy state that keeps its label for screen readers, and always the `button`
 * part (plus `primary`, plus its own name such as `reserve`), so a page styles every button with one `::part(button)`.
 */
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
    <button
      type="button"
      part={`button${variant === "primary" ? " primary" : ""}${part ? ` ${part}` : ""}`}
      class={`${look} ${variant} ${extra ?? ""}`}
      aria-busy={busy || undefined}
      disabled={busy || rest.disabled}
      {...rest}
    >
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
export function ErrorState({
  message,
  retry,
  retryLabel,
}: {
  message: string;
  retry?: () => void;
  retryLabel: string;
}) {
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

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ComponentChildren;
  maxWidth?: number;
  part?: string;
}

/** Every dialog of the kit opens on a press, so its code (modal-dialog.tsx) loads the first time one opens. */
const dialogCode = lazy(() => import("./modal-dialog.js"));

/**
 * A modal dialog (see modal-dialog.tsx), mounted from its first opening on; if its code cannot load (offline), the
 * error and Try again show in its place.
 */
export function Modal(props: ModalProps) {
  useWidget(); // speak the widget's language
  const code = dialogCode.use(props.open);
  // What had focus when it was asked to open (before a failed load's Try again took it): focus returns there.
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  if (props.open && !wasOpen.current) opener.current = deepActiveElement();
  wasOpen.current = props.open;
  if (code.module) return <code.module.ModalDialog {...props} opener={opener} />;
  return code.failed && props.open ? (
    <ErrorState message={say("error.loading")} retry={code.retry} retryLabel={say("retry")} />
  ) : null;
}

/** The focused element, looking through open shadow roots. */
function deepActiveElement(): Element | null {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}
