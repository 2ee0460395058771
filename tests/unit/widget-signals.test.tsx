/** @jsxImportSource preact */
import { describe, expect, it } from "vitest";
import { render } from "preact";
import { signal } from "@preact/signals-core";
// The bridge the widgets use: @preact/signals installs its option hooks on import (see widgets/ui/element.ts).
import "@preact/signals";

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("the widgets' signals bridge", () => {
  it("re-renders exactly the components that read a changed signal, and stops after unmount", async () => {
    const count = signal(1);
    const other = signal("a");
    const renders = { reader: 0, bystander: 0 };
    function Reader() {
      renders.reader++;
      return <b>{count.value}</b>;
    }
    function Bystander() {
      renders.bystander++;
      return <i>still</i>;
    }
    function Page() {
      return (
        <p>
          <Reader />
          <Bystander />
          {other.value}
        </p>
      );
    }
    const root = document.createElement("div");
    render(<Page />, root);
    expect(root.textContent).toBe("1stilla");

    count.value = 2;
    await flush();
    expect(root.textContent).toBe("2stilla");
    expect(renders).toEqual({ reader: 2, bystander: 1 });

    other.value = "b";
    await flush();
    expect(root.textContent).toBe("2stillb");

    render(null, root);
    const before = { ...renders };
    count.value = 3;
    other.value = "c";
    await flush();
    expect(renders).toEqual(before);
    expect(root.textContent).toBe("");
  });
});
