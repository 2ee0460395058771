import { act } from "react";
import { createRoot } from "react-dom/client";
import { signal } from "@preact/signals-core";
import { afterEach, describe, expect, it } from "vitest";
import { useSignal } from "../../host/app/lib/use-signal.js";
import { Widget } from "../../host/app/lib/widget.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLElement;
const mount = async (node: React.ReactNode) => {
  host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(node));
  return root;
};
afterEach(() => host.remove());

describe("useSignal", () => {
  it("renders a store signal and re-renders when it changes", async () => {
    const count = signal(1);
    function Counter() {
      return <output>{useSignal(count)}</output>;
    }
    const root = await mount(<Counter />);
    expect(host.textContent).toBe("1");
    await act(async () => void (count.value = 2));
    expect(host.textContent).toBe("2");
    await act(async () => root.unmount());
    count.value = 3; // no subscriber left: nothing throws
  });
});

class FitProbe extends HTMLElement {
  store: unknown;
}
customElements.define("fit-probe", FitProbe);

describe("Widget (React → custom element)", () => {
  it("sets objects as properties, strings as attributes, and maps fit-* events to handlers", async () => {
    const store = { id: "store" };
    const seen: unknown[] = [];
    await mount(
      <Widget
        tag="fit-probe"
        props={{ store }}
        attrs={{ location: "chicago", "dark-mode": true, hidden: false }}
        on={{ "fit-class-book": (e) => seen.push(e.detail) }}
      />,
    );
    const el = host.querySelector("fit-probe") as FitProbe;
    expect(el.store).toBe(store);
    expect(el.getAttribute("location")).toBe("chicago");
    expect(el.getAttribute("dark-mode")).toBe("");
    expect(el.hasAttribute("hidden")).toBe(false);
    el.dispatchEvent(new CustomEvent("fit-class-book", { detail: { classId: "c1" }, bubbles: true }));
    expect(seen).toEqual([{ classId: "c1" }]);
  });
});
