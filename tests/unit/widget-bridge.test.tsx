/** @jsxImportSource preact */
import { afterEach, describe, expect, it, vi } from "vitest";
import { useEffect } from "preact/hooks";
import { defineWidget } from "../../widgets/define.js";
import { useCss, useWidget } from "../../widgets/ui/context.js";

let n = 0;
const uniqueTag = () => `fit-test-${++n}`;
const flush = () => new Promise((r) => setTimeout(r, 0));
/** Waits until Preact has run effects (they are scheduled after the next frame). */
const afterPaint = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

interface Props {
  heading?: string;
  pageSize?: number;
  compact?: boolean;
  items?: string[];
}

function Probe(props: Props) {
  const css = useCss();
  const { emit } = useWidget();
  useEffect(() => {
    const onResize = () => {};
    window.addEventListener("resize", onResize);
    const timer = setInterval(() => {}, 1000);
    return () => {
      window.removeEventListener("resize", onResize);
      clearInterval(timer);
    };
  }, []);
  return (
    <button class={css`color: red;`} onClick={() => emit("fit-probe", { heading: props.heading })}>
      {props.heading ?? "none"}|{String(props.pageSize)}|{String(props.compact)}|{(props.items ?? []).join(",")}
    </button>
  );
}

const spec = {
  attributes: [
    { name: "heading", type: "string" },
    { name: "page-size", type: "number" },
    { name: "compact", type: "boolean" },
  ],
  properties: [{ name: "items" }],
};

const text = (el: Element) => el.shadowRoot!.querySelector("button")!.textContent;

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("defineWidget", () => {
  it("renders into an open shadow root and mirrors kebab-case attributes as camelCase properties", async () => {
    const tag = uniqueTag();
    defineWidget(tag, Probe, spec);
    const el = document.createElement(tag) as HTMLElement & Props;
    el.setAttribute("heading", "Hello");
    el.setAttribute("page-size", "12");
    el.toggleAttribute("compact", true);
    document.body.append(el);
    await flush();
    expect(el.shadowRoot).not.toBeNull();
    expect(text(el)).toBe("Hello|12|true|");
    expect(el.pageSize).toBe(12);
    el.pageSize = 50;
    el.items = ["a", "b"];
    await flush();
    expect(text(el)).toBe("Hello|50|true|a,b");
    el.setAttribute("page-size", "not a number");
    await flush();
    expect(el.pageSize).toBeUndefined();
  });

  it("honours properties set before the element was defined", async () => {
    const tag = uniqueTag();
    const el = document.createElement(tag) as HTMLElement & Props;
    el.items = ["early"];
    document.body.append(el);
    defineWidget(tag, Probe, spec);
    await flush();
    expect(text(el)).toBe("none|undefined|false|early");
    expect(Object.prototype.hasOwnProperty.call(el, "items")).toBe(false);
  });

  it("warns instead of throwing when a second copy defines the same tag, and keeps the first", () => {
    const tag = uniqueTag();
    const first = defineWidget(tag, Probe, spec);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const second = defineWidget(tag, () => null, {});
    expect(second).toBe(first);
    expect(customElements.get(tag)).toBe(first);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("dispatches bubbling, composed fit-* events", async () => {
    const tag = uniqueTag();
    defineWidget(tag, Probe, spec);
    const el = document.createElement(tag);
    el.setAttribute("heading", "x");
    document.body.append(el);
    await flush();
    const seen = vi.fn();
    document.addEventListener("fit-probe", (e) => seen((e as CustomEvent).detail, e.bubbles, e.composed));
    el.shadowRoot!.querySelector("button")!.click();
    expect(seen).toHaveBeenCalledWith({ heading: "x" }, true, true);
  });

  it("styles inside its own shadow root, with the page's nonce on its style element", async () => {
    const tag = uniqueTag();
    defineWidget(tag, Probe, spec);
    const el = document.createElement(tag);
    el.setAttribute("nonce", "abc123");
    document.body.append(el);
    await flush();
    const style = el.shadowRoot!.querySelector("style")!;
    expect(style.getAttribute("nonce")).toBe("abc123");
    const cls = el.shadowRoot!.querySelector("button")!.className;
    expect(style.textContent).toContain(`.${cls}{color:red;}`);
    expect(document.head.querySelector("style")).toBeNull();
  });

  it("unmounts cleanly: 100 mounts and removals leave no listener or timer behind", async () => {
    const tag = uniqueTag();
    defineWidget(tag, Probe, spec);
    const added = vi.spyOn(window, "addEventListener");
    const removed = vi.spyOn(window, "removeEventListener");
    const started = vi.spyOn(window, "setInterval");
    const cleared = vi.spyOn(window, "clearInterval");
    for (let i = 0; i < 100; i++) {
      const el = document.createElement(tag);
      document.body.append(el);
      await afterPaint();
      el.remove();
    }
    const resizeAdds = added.mock.calls.filter(([type]) => type === "resize").length;
    const resizeRemoves = removed.mock.calls.filter(([type]) => type === "resize").length;
    expect(resizeAdds).toBe(100);
    expect(resizeRemoves).toBe(100);
    expect(cleared.mock.calls.length).toBe(started.mock.calls.length);
  });
});
