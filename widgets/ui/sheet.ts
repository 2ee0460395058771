export type Css = (strings: TemplateStringsArray, ...values: (string | number)[]) => string;

/** Whitespace the CSS does not need (the build already squeezes the kit's literals the same way). */
const squeeze = (css: string) => css.replace(/\s+/g, " ").replace(/\s*([{};,>])\s*/g, "$1").replace(/:\s+/g, ":").trim();

/**
 * The rules for one class: its own declarations, each nested `&…{…}` block with `&` replaced by the class selector,
 * and `@media…{…}` blocks wrapped around the same treatment of what they hold. That is all the nesting the kit's
 * literals use (checked by the browser tests' styles), so no CSS parser ships.
 */
function flatten(selector: string, body: string): string {
  let own = "";
  let nested = "";
  let depth = 0;
  let start = 0;
  let head = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "{" && depth++ === 0) {
      head = body.slice(start, i);
      start = i + 1;
    } else if (c === "}" && --depth === 0) {
      const inner = body.slice(start, i);
      nested += head[0] === "@" ? `${head}{${flatten(selector, inner)}}` : flatten(head.replaceAll("&", selector), inner);
      start = i + 1;
    } else if (c === ";" && depth === 0) {
      own += body.slice(start, i + 1);
      start = i + 1;
    }
  }
  own += body.slice(start);
  return (own ? `${selector}{${own}}` : "") + nested;
}

/** A short stable class name for a block of CSS (the same CSS gets the same class in every root). */
function className(css: string) {
  let h = 5381;
  for (let i = 0; i < css.length; i++) h = (h * 33) ^ css.charCodeAt(i);
  return `fit${(h >>> 0).toString(36)}`;
}

/**
 * A `css` tag bound to one shadow root: each distinct block of CSS becomes a class whose rules are appended once to a
 * `<style>` this root owns, created with the page's CSP nonce, so every widget styles itself under
 * `style-src 'nonce-…'` without a global and nothing reaches the page's head.
 * @example const css = createSheet(root, baseCss, nonce); const box = css`display: grid; & h3 { margin: 0; }`;
 */
export function createSheet(root: ShadowRoot, baseCss: string, nonce: string | null): Css {
  const style = document.createElement("style");
  if (nonce) style.setAttribute("nonce", nonce);
  style.textContent = baseCss;
  root.prepend(style);
  const made = new Map<string, string>();
  return (strings, ...values) => {
    const css = squeeze(strings.reduce((all, s, i) => all + s + (i < values.length ? values[i] : ""), ""));
    let name = made.get(css);
    if (!name) {
      made.set(css, (name = className(css)));
      style.append(flatten(`.${name}`, css));
    }
    return name;
  };
}
