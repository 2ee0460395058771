import { describe, expect, it } from "vitest";
import { createSheet } from "../../widgets/ui/sheet.js";

function sheetIn(nonce: string | null = null) {
  const host = document.createElement("div");
  const root = host.attachShadow({ mode: "open" });
  const css = createSheet(root, ":host{display:block;}", nonce);
  return { css, style: () => root.querySelector("style")! };
}

describe("a widget's style sheet", () => {
  it("turns each block of CSS into one class, with the kit's nesting flattened", () => {
    const { css, style } = sheetIn("n0nce");
    const row = css`
      display: grid; gap: 12px;
      @media (max-width: 560px) { grid-template-columns: auto 1fr; & > :last-child { grid-column: 1 / -1; } }
    `;
    const button = css`color: red; &:hover:not(:disabled) { color: blue; } & input, & select { width: 100%; } & .a :focus { outline: 0; }`;
    expect(row).toMatch(/^fit[0-9a-z]+$/);
    expect(style().getAttribute("nonce")).toBe("n0nce");
    const text = style().textContent!;
    expect(text.startsWith(":host{display:block;}")).toBe(true);
    expect(text).toContain(`.${row}{display:grid;gap:12px;}@media (max-width:560px){.${row}{grid-template-columns:auto 1fr;}.${row}>:last-child{grid-column:1 / -1;}}`);
    expect(text).toContain(`.${button}{color:red;}.${button}:hover:not(:disabled){color:blue;}.${button} input,.${button} select{width:100%;}.${button} .a :focus{outline:0;}`);
  });

  it("adds the rules of a block once however often it is asked for", () => {
    const { css, style } = sheetIn();
    const a = css`display: flex;`;
    const before = style().textContent;
    expect(css`display: flex;`).toBe(a);
    expect(css`display:flex;`).toBe(a);
    expect(style().textContent).toBe(before);
    expect(css`display: block;`).not.toBe(a);
  });
});
