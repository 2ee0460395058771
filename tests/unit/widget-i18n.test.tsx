/** @jsxImportSource preact */
import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createWidgetElement } from "../../widgets/ui/element.js";
import { useWidget } from "../../widgets/ui/context.js";
import { sayWith, speak } from "../../widgets/ui/copy.js";
import { chooseLocale, nearestLang } from "../../widgets/ui/locale.js";
import { say as liveSay } from "../../widgets/live-schedule/copy.js";
import liveEs from "../../widgets/live-schedule/copy.es-US.js";
import liveFr from "../../widgets/live-schedule/copy.fr-CA.js";
import { CONFIG_SCRIPT_ID } from "../../widgets/constants.js";

let n = 0;
const uniqueTag = () => `fit-i18n-${++n}`;
/** Renders are batched to a microtask and translations load with import(): a few turns settle both. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

const say = sayWith({
  "probe.bye": "Bye",
  "probe.hello": "Hello",
  "probe.items": "{count} items",
  "probe.items#one": "{count} item",
});
function Probe() {
  const { formatLocale } = useWidget();
  return (
    <p>
      {say("probe.hello")}|{say("probe.items", { count: 1 })}|{formatLocale}
    </p>
  );
}
const translations = {
  "es-US": () => Promise.resolve({ default: { "probe.hello": "Hola", "probe.items#one": "{count} elemento" } }),
  "fr-CA": () => Promise.resolve({ default: { "probe.hello": "Bonjour", "probe.items#one": "{count} élément" } }),
};
const text = (el: Element) => el.shadowRoot?.querySelector("p")?.textContent;

beforeEach(() => {
  document.documentElement.removeAttribute("lang");
  vi.spyOn(navigator, "languages", "get").mockReturnValue(["en-US"]);
});
afterEach(() => {
  document.body.innerHTML = "";
  document.getElementById(CONFIG_SCRIPT_ID)?.remove();
  document.documentElement.removeAttribute("lang");
  vi.restoreAllMocks();
  speak(undefined);
});

describe("which language a widget speaks", () => {
  it("takes the attribute, then the page's lang, then the page config, then the browser", () => {
    expect(chooseLocale({ locale: "fr-CA" }, "es-US", "es-US", ["es-US"])).toEqual({
      locale: "fr-CA",
      format: "fr-CA",
    });
    expect(chooseLocale({}, "es-MX", "fr-CA", ["fr-CA"])).toEqual({ locale: "es-US", format: "es-MX" });
    expect(chooseLocale({}, undefined, "fr-FR", ["es-US"])).toEqual({ locale: "fr-CA", format: "fr-FR" });
    expect(chooseLocale({}, undefined, undefined, ["de-DE", "es"])).toEqual({ locale: "es-US", format: "es" });
    expect(chooseLocale({}, undefined, undefined, [])).toEqual({ locale: "en-US", format: "en-US" });
  });

  it("passes over languages it does not speak, and keeps a locale attribute for dates", () => {
    expect(chooseLocale({}, "de", undefined, ["fr-CA"]).locale).toBe("fr-CA");
    // locale="de-DE" formats dates in German as before; the words come from the next source.
    expect(chooseLocale({ locale: "de-DE" }, "en", undefined, [])).toEqual({ locale: "en-US", format: "de-DE" });
  });

  it("finds the nearest lang across shadow roots, the element's own first", () => {
    document.documentElement.lang = "en";
    const outer = document.createElement("section");
    outer.lang = "fr-CA";
    const host = document.createElement("div");
    outer.append(host);
    document.body.append(outer);
    const inner = document.createElement("span");
    host.attachShadow({ mode: "open" }).append(inner);
    expect(nearestLang(inner)).toBe("fr-CA");
    inner.lang = "es-US";
    expect(nearestLang(inner)).toBe("es-US");
    outer.removeAttribute("lang");
    inner.removeAttribute("lang");
    expect(nearestLang(inner)).toBe("en");
  });
});

describe("a widget in the chosen language", () => {
  const define = () => {
    const tag = uniqueTag();
    customElements.define(tag, createWidgetElement(Probe, {}, translations));
    return tag;
  };

  it("renders in the lang attribute's language and again in place when it changes", async () => {
    const el = document.createElement(define());
    el.setAttribute("lang", "es-US");
    document.body.append(el);
    await settle();
    expect(text(el)).toBe("Hola|1 elemento|es-US");
    expect(el.shadowRoot!.querySelector(".fit-root")!.getAttribute("lang")).toBe("es-US");
    const before = el.shadowRoot!.querySelector("p");
    el.setAttribute("lang", "fr-CA");
    await settle();
    expect(text(el)).toBe("Bonjour|1 élément|fr-CA");
    expect(el.shadowRoot!.querySelector("p")).toBe(before);
    el.removeAttribute("lang");
    el.setAttribute("locale", "es-MX");
    await settle();
    expect(text(el)).toBe("Hola|1 elemento|es-MX");
  });

  it("follows the page's lang, and re-renders when the page changes it", async () => {
    document.documentElement.lang = "fr";
    const el = document.createElement(define());
    document.body.append(el);
    await settle();
    expect(text(el)).toBe("Bonjour|1 élément|fr");
    document.documentElement.lang = "en-US";
    await settle();
    expect(text(el)).toBe("Hello|1 item|en-US");
  });

  it("falls back to the page config, then the browser", async () => {
    const config = Object.assign(document.createElement("script"), { type: "application/json", id: CONFIG_SCRIPT_ID });
    config.textContent = JSON.stringify({ locale: "es-US" });
    document.head.append(config);
    const el = document.createElement(define());
    document.body.append(el);
    await settle();
    expect(text(el)).toBe("Hola|1 elemento|es-US");
    config.remove();
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["fr-CA", "en"]);
    const other = document.createElement(define());
    document.body.append(other);
    await settle();
    expect(text(other)).toBe("Bonjour|1 élément|fr-CA");
  });

  it("shows English words when a translation cannot load, never a key", async () => {
    const tag = uniqueTag();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    customElements.define(tag, createWidgetElement(Probe, {}, { "es-US": () => Promise.reject(new Error("offline")) }));
    const el = document.createElement(tag);
    el.setAttribute("lang", "es");
    document.body.append(el);
    await settle();
    expect(text(el)).toBe("Hello|1 item|es");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("[fitkit W003]"));
  });
});

describe("plurals and missing keys", () => {
  it("picks the plural form through Intl.PluralRules: French says one for 0 and 1", () => {
    const counts = [0, 1, 3].map((count) => liveSay("live.spotsLeft", { count }));
    expect(counts).toEqual(["0 spots left", "1 spot left", "3 spots left"]);
    speak({ locale: "fr-CA", messages: liveFr });
    expect([0, 1, 3].map((count) => liveSay("live.spotsLeft", { count }))).toEqual([
      "0 place restante",
      "1 place restante",
      "3 places restantes",
    ]);
    speak({ locale: "es-US", messages: liveEs });
    expect([0, 1, 3].map((count) => liveSay("live.spotsLeft", { count }))).toEqual([
      "Quedan 0 lugares",
      "Queda 1 lugar",
      "Quedan 3 lugares",
    ]);
  });

  it("falls back to English for a missing key and warns once with W003", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    speak({ locale: "es-US", messages: { "probe.items": "{count} elementos" } });
    expect(say("probe.bye")).toBe("Bye");
    expect(say("probe.bye")).toBe("Bye");
    expect(say("probe.items", { count: 2 })).toBe("2 elementos");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/\[fitkit W003\] "probe\.bye" has no es-US translation/);
  });
});

describe("the catalogues are complete", () => {
  // Every English key of a widget (its copy files and the flows' own labels) has its es-US and fr-CA words.
  const sources: Record<string, string[]> = {
    "live-schedule": ["copy.ts", "waitlist-copy.ts"],
    referral: ["copy.ts"],
    "series-card": ["copy.ts"],
    "workout-search": ["copy.ts", "dialog-copy.ts"],
    "membership-panel": ["copy.ts", "flow-copy.ts", "pause.tsx", "unpause.tsx"],
  };
  const keysIn = (url: string) => [...readFileSync(url, "utf8").matchAll(/^\s+"([^"]+)":/gm)].map((m) => m[1]!);
  const specKeys = (file: string) => keysIn(resolve(`src/i18n/spec/${file}`));
  const englishKeys = (widget: string) => {
    const keys = sources[widget]!.flatMap((f) =>
      [...readFileSync(resolve(`widgets/${widget}/${f}`), "utf8").matchAll(/^\s+"([^"]+)":/gm)].map((m) => m[1]!),
    );
    const specs = [
      ...readFileSync(resolve(`widgets/${widget}/copy.es-US.ts`), "utf8").matchAll(/spec\/([\w-]+)\.es-US\.js/g),
    ].map((m) => `${m[1]}.ts`);
    return [
      ...keys,
      ...specs.flatMap(specKeys),
      "loading",
      "retry",
      "offline",
      "close",
      ...specKeys("errors.ts"),
    ].filter((k) => !k.includes("#"));
  };

  it.each(Object.keys(sources))("%s", async (widget) => {
    for (const locale of ["es-US", "fr-CA"]) {
      const { default: copy } = (await import(`../../widgets/${widget}/copy.${locale}.ts`)) as {
        default: Record<string, string>;
      };
      expect(englishKeys(widget).filter((k) => !copy[k])).toEqual([]);
    }
  });

  it("translates every area of the spec's catalogue", () => {
    const areas = readdirSync(resolve("src/i18n/spec/")).filter((f) => /^[\w-]+\.ts$/.test(f));
    for (const area of areas)
      for (const locale of ["es-US", "fr-CA"]) {
        const translated = readFileSync(resolve(`src/i18n/spec/${area.replace(".ts", `.${locale}.ts`)}`), "utf8");
        expect(specKeys(area).filter((k) => !k.includes("#") && !translated.includes(`"${k}":`))).toEqual([]);
      }
  });
});
