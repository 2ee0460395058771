/** @jsxImportSource preact */
import { describe, expect, it } from "vitest";
import { render } from "preact";
import { lazy } from "../../widgets/ui/lazy.js";

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("lazy parts of a widget", () => {
  it("loads only when wanted, once per page, and retries a failed fetch on demand", async () => {
    let calls = 0;
    let fail = true;
    const part = lazy(async () => {
      calls++;
      if (fail) throw new Error("offline");
      return { label: "loaded" };
    });
    let retry = () => {};
    function Probe({ wanted }: { wanted: boolean }) {
      const state = part.use(wanted);
      retry = state.retry;
      return <p>{state.module ? state.module.label : state.failed ? "failed" : "waiting"}</p>;
    }
    const root = document.createElement("div");
    render(<Probe wanted={false} />, root);
    await settle();
    expect([root.textContent, calls]).toEqual(["waiting", 0]);

    render(<Probe wanted />, root);
    await settle();
    await settle();
    expect([root.textContent, calls]).toEqual(["failed", 1]);

    fail = false;
    retry();
    await settle();
    await settle();
    await settle();
    expect([root.textContent, calls]).toEqual(["loaded", 2]);

    const other = document.createElement("div");
    render(<Probe wanted />, other);
    expect([other.textContent, calls]).toEqual(["loaded", 2]);
  });
});
