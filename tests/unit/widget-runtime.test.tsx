/** @jsxImportSource preact */
// The library behaviour the widgets rely on, pinned against the packages they ship (@preact/signals, goober) through
// the kit's own seams (widgets/ui/element.ts, widgets/ui/shadow-css.ts).
import { afterEach, describe, expect, it } from "vitest";
import { render } from "preact";
import { computed, effect, signal } from "@preact/signals-core";
import { createWidgetElement } from "../../widgets/ui/element.js";
import { createShadowCss } from "../../widgets/ui/shadow-css.js";
import { useCss } from "../../widgets/ui/context.js";

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("signals in widget components", () => {
  it("does not re-render a component when a derived value it reads did not change (computed cut-off)", async () => {
    createWidgetElement(() => null); // installs the bridge the way every widget does
    const count = signal(1);
    const big = computed(() => count.value > 5);
    let renders = 0;
    function Badge() {
      renders++;
      return <b>{big.value ? "big" : "small"}</b>;
    }
    const root = document.createElement("div");
    render(<Badge />, root);
    count.value = 2;
    count.value = 3;
    await flush();
    expect([renders, root.textContent]).toEqual([1, "small"]);
    count.value = 6;
    await flush();
    expect([renders, root.textContent]).toEqual([2, "big"]);
    render(null, root);
  });

  it("surfaces a cycle as an error: a computed reading itself, an effect that keeps writing what it reads", () => {
    const self: { c?: { value: number } } = {};
    self.c = computed((): number => self.c!.value + 1);
    expect(() => self.c!.value).toThrow(/Cycle detected/);

    const n = signal(0);
    expect(() => effect(() => void (n.value = n.value + 1))).toThrow(/Cycle detected/);
  });

  it("fails a render that reads a cyclic computed instead of hanging or rendering stale output", () => {
    const self: { c?: { value: number } } = {};
    self.c = computed((): number => self.c!.value + 1);
    const root = document.createElement("div");
    expect(() => render(<i>{self.c!.value}</i>, root)).toThrow(/Cycle detected/);
  });

  it("lets go of every subscription after 100 mounts and unmounts: a source change recomputes and renders nothing", async () => {
    const source = signal(0);
    let computes = 0;
    const derived = computed(() => (computes++, source.value * 2));
    let renders = 0;
    function Reader() {
      renders++;
      return <b>{derived.value}</b>;
    }
    const root = document.createElement("div");
    for (let i = 0; i < 100; i++) {
      render(<Reader />, root);
      render(null, root);
    }
    const before = { computes, renders };
    source.value = 1;
    source.value = 2;
    await flush();
    expect({ computes, renders }).toEqual(before);
  });
});

describe("goober bound to each shadow root", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    delete (window as { __nonce__?: string }).__nonce__;
  });

  const shadow = () => document.body.appendChild(document.createElement("div")).attachShadow({ mode: "open" });

  it("writes each root's rules into that root's own nonce-carrying style, never into the page's head", () => {
    const a = shadow();
    const b = shadow();
    const cssA = createShadowCss(a, ":host{display:block;}", "n0nce-a");
    const cssB = createShadowCss(b, ":host{display:block;}", "n0nce-b");
    const onlyA = cssA`color:red;& h3{margin:0;}`;
    const shared = cssA`display:grid;`;
    expect(cssB`display:grid;`).toBe(shared); // the same CSS is the same class in every root
    const styleA = a.querySelector("style")!;
    const styleB = b.querySelector("style")!;
    expect(styleA.textContent).toContain(`.${onlyA}{color:red;}`);
    expect(styleA.textContent).toContain(`.${onlyA} h3{margin:0;}`);
    expect(styleB.textContent).not.toContain(onlyA);
    expect(styleB.textContent).toContain(`.${shared}{display:grid;}`);
    expect([styleA.getAttribute("nonce"), styleB.getAttribute("nonce")]).toEqual(["n0nce-a", "n0nce-b"]);
    expect(a.querySelectorAll("style")).toHaveLength(1);
    expect(document.head.querySelector("style")).toBeNull();
  });

  it("keeps the element's nonce when goober assigns the page-global window.__nonce__ on each call", () => {
    (window as { __nonce__?: string }).__nonce__ = "page-global";
    const root = shadow();
    const css = createShadowCss(root, "", "widget-nonce");
    css`color:blue;`;
    css`color:green;`;
    const style = root.querySelector("style")!;
    expect(style.nonce).toBe("widget-nonce");
    expect(style.getAttribute("nonce")).toBe("widget-nonce");
  });

  it("styles a mounted widget through useCss with the theme first", async () => {
    const Box = () => <p class={useCss()`padding:4px;`}>hi</p>;
    customElements.define("fit-runtime-probe", createWidgetElement(Box));
    const el = document.body.appendChild(document.createElement("fit-runtime-probe"));
    el.setAttribute("nonce", "probe");
    await flush();
    const style = el.shadowRoot!.querySelector("style")!;
    const p = el.shadowRoot!.querySelector("p")!;
    expect(style.textContent.trimStart().startsWith(":host")).toBe(true);
    expect(style.textContent).toContain(`.${p.className}{padding:4px;}`);
    expect(document.head.querySelectorAll("style")).toHaveLength(0);
  });
});
