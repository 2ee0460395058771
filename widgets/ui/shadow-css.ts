import { css as goober } from "goober";

/** The `css` tag a widget styles itself with: a tagged template in, a class name of its shadow root out. */
export type Css = (strings: TemplateStringsArray, ...values: (string | number)[]) => string;

/**
 * goober's `css` bound to one shadow root with its `target` option (goober issues #482, #323): each block becomes a
 * class whose rules goober appends to the root's own `<style id="_goober">`, so nothing reaches the page's head and no
 * page rule reaches in. The style element is made here, before goober looks for it, so it can carry the theme and the
 * page's CSP nonce: goober would otherwise create it itself and re-assign `el.nonce = window.__nonce__` (one global
 * nonce) on every call, which this element ignores to keep its own.
 * @example const css = createShadowCss(root, baseCss, nonce); const box = css`display: grid; & h3 { margin: 0; }`;
 */
export function createShadowCss(root: ShadowRoot, baseCss: string, nonce: string | null): Css {
  const style = document.createElement("style");
  style.id = "_goober";
  if (nonce) style.setAttribute("nonce", nonce);
  Object.defineProperty(style, "nonce", { configurable: true, get: () => nonce ?? "", set() {} });
  // goober appends to the style's first text node; the base theme comes first.
  style.textContent = baseCss || " ";
  root.prepend(style);
  return goober.bind({ target: root as unknown as Element });
}
