/**
 * Spec §7: links open in the same tab by default, or a new tab, or a 600×400 new window, without opener or referrer.
 */
export type LinkMode = "sameTab" | "newTab" | "newWindow";

export const NEW_WINDOW = { width: 600, height: 400 } as const;

/** The `window.open` target and features for a mode (null for same tab: plain navigation). */
export function linkTarget(mode: LinkMode): { target: string; features: string } | null {
  if (mode === "sameTab") return null;
  const size = mode === "newWindow" ? `width=${NEW_WINDOW.width},height=${NEW_WINDOW.height},` : "";
  return { target: "_blank", features: `${size}noopener,noreferrer` };
}

/** What opening a link needs of the browser's `window` (passed in: the domain rules do not see the DOM). */
export type LinkWindow = {
  open(url: string, target: string, features: string): unknown;
  location: { assign(url: string): void };
};

/** Opens `url` in the given mode, in `win` (the browser's `window`). */
export function openLink(url: string, mode: LinkMode = "sameTab", win: LinkWindow) {
  const t = linkTarget(mode);
  if (t) win.open(url, t.target, t.features);
  else win.location.assign(url);
}
