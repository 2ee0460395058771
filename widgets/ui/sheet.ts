import { css as gooberCss } from "goober";

export type Css = (strings: TemplateStringsArray, ...values: (string | number)[]) => string;

/**
 * goober bound to one shadow root (goober issues #482, #323): it finds its "sheet" through `target.querySelector`,
 * so we hand it a target whose only `<style>` is the one this root owns. That style element is created here with the
 * page's CSP nonce, and goober's own `el.nonce = window.__nonce__` write is absorbed, so every widget styles itself
 * under `style-src 'nonce-…'` without a global.
 */
export function createSheet(root: ShadowRoot, baseCss: string, nonce: string | null) {
  const style = document.createElement("style");
  if (nonce) style.setAttribute("nonce", nonce);
  style.textContent = baseCss;
  root.prepend(style);
  const sheet = {
    parentNode: root,
    firstChild: style.firstChild as Text,
    set nonce(_ignored: unknown) {},
  };
  const target = { querySelector: () => sheet } as unknown as Element;
  return gooberCss.bind({ target }) as Css;
}
