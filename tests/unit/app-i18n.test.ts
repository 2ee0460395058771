import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { en, plural, t } from "../../src/i18n/index.js";
import { specEn } from "../../src/i18n/spec-messages.js";
import { currentLocale, setCatalogue } from "../../src/i18n/translate.js";
import { loadCatalogue } from "../../src/i18n/app/catalogues.js";
import { appLocale, pageLang } from "../../host/app/lib/locale-choice.js";
import { findLiterals } from "./app-copy-literals.js";

afterEach(() => {
  setCatalogue("en-US", en);
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("the app's language: preference > stored choice > page lang > browser", () => {
  const all = { preference: "fr-CA", stored: "es-US", htmlLang: "en-US", browser: ["es-MX", "fr"] };
  it("takes the member's saved preference first", () => expect(appLocale(all)).toBe("fr-CA"));
  it("then the choice stored on this device", () => expect(appLocale({ ...all, preference: undefined })).toBe("es-US"));
  it("then the page's lang, then the browser's languages in order, then English", () => {
    expect(appLocale({ ...all, preference: undefined, stored: null })).toBe("en-US");
    expect(appLocale({ browser: ["de-DE", "fr-FR", "es"] })).toBe("fr-CA");
    expect(appLocale({ htmlLang: null, browser: ["es-MX"] })).toBe("es-US");
    expect(appLocale({})).toBe("en-US");
  });
  it("skips a source naming an unsupported language or not a string", () => {
    expect(appLocale({ preference: "de-DE", stored: "xx", browser: ["es"] })).toBe("es-US");
    expect(appLocale({ preference: 42, htmlLang: "fr" })).toBe("fr-CA");
  });
  it("reads the page's lang only when the server set one, not the shell's built-in default", () => {
    const root = document.createElement("html");
    root.setAttribute("lang", "en");
    root.dataset.lang = "default";
    expect(pageLang(root)).toBeNull();
    delete root.dataset.lang;
    root.setAttribute("lang", "fr-CA");
    expect(pageLang(root)).toBe("fr-CA");
  });
});

describe("catalogues", () => {
  const appKeys = Object.keys(en).filter((k) => !(k in specEn));
  const placeholders = (s: string) => [...s.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
  it.each(["es-US", "fr-CA"] as const)(
    "%s translates every key of the app's own copy, keeping its placeholders",
    async (l) => {
      const messages: Record<string, string> = await loadCatalogue(l);
      const missing = appKeys.filter((k) => !messages[k]);
      expect(missing).toEqual([]);
      for (const [key, text] of Object.entries(messages)) {
        expect(key in en, key).toBe(true);
        expect(placeholders(text), key).toEqual(placeholders(en[key as keyof typeof en]));
      }
      expect(messages["settings.title"]).not.toBe(en["settings.title"]);
    },
  );
  it("English loads nothing: its catalogue is the built-in one", async () =>
    expect(await loadCatalogue("en-US")).toBe(en));
});

describe("t() in the chosen language", () => {
  it("answers in the active catalogue and follows a change", async () => {
    setCatalogue("fr-CA", await loadCatalogue("fr-CA"));
    expect(currentLocale()).toBe("fr-CA");
    expect(t("settings.title")).toBe("Paramètres");
    expect(t("calendars.day", { day: 3 })).toBe("Jour 3");
    setCatalogue("es-US", await loadCatalogue("es-US"));
    expect(t("settings.title")).toBe("Configuración");
  });

  it("falls back to English for a key the translation lacks, reporting it once in development, never the key", () => {
    vi.stubEnv("NODE_ENV", "development");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    setCatalogue("es-US", { "settings.title": "Configuración" });
    expect(t("settings.saved")).toBe("Settings saved.");
    expect(t("settings.saved")).toBe("Settings saved.");
    expect(t("calendars.day", { day: 2 })).toBe("Day 2");
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0]).toContain('"settings.saved" has no es-US translation');
    expect(t("settings.title")).toBe("Configuración");
  });

  it("does not report in production", () => {
    vi.stubEnv("NODE_ENV", "production");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    setCatalogue("fr-CA", {});
    expect(t("account.save")).toBe("Save");
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("plurals through Intl.PluralRules", () => {
  it("picks English one/other", () => {
    expect(plural("streaks.days", 1)).toBe("1 day");
    expect(plural("streaks.days", 0)).toBe("0 days");
    expect(plural("series.workoutCount", 1200)).toBe("1,200 workouts");
  });
  it("French counts 0 and 1 as one, and writes numbers its way", async () => {
    setCatalogue("fr-CA", await loadCatalogue("fr-CA"));
    expect(plural("streaks.days", 0)).toBe("0 jour");
    expect(plural("streaks.days", 1)).toBe("1 jour");
    expect(plural("calendars.days", 2)).toBe("2 jours");
    expect(plural("series.workoutCount", 1200)).toMatch(/^1\s200 entraînements$/);
  });
  it("Spanish: 1 is one, 0 and 2 are other", async () => {
    setCatalogue("es-US", await loadCatalogue("es-US"));
    expect(plural("streaks.weeks", 1)).toBe("1 semana");
    expect(plural("streaks.weeks", 0)).toBe("0 semanas");
    expect(plural("calendars.days", 2)).toBe("2 días");
  });
  it("uses the plain key (other) when a language has a form the catalogue does not write (French 'many')", async () => {
    setCatalogue("fr-CA", await loadCatalogue("fr-CA"));
    expect(new Intl.PluralRules("fr-CA").select(1_000_000)).toBe("many");
    expect(plural("streaks.days", 1_000_000)).toMatch(/^1\s000\s000 jours$/);
  });
});

describe("no literal copy in the hosted app", () => {
  it("finds none in host/app: every string a member reads goes through t()", () => {
    expect(findLiterals("host/app").map((l) => `${l.file}:${l.line} ${l.text}`)).toEqual([]);
  });
  it("finds JSX text, copy attributes, prose and shown words", () => {
    const dir = mkdtempSync(join(tmpdir(), "literals-"));
    writeFileSync(
      join(dir, "page.tsx"),
      `export const P = ({ on }: { on: boolean }) => {
        setError("Oops");
        const note = "Your class is booked.";
        return <p aria-label="Close" title={\`Hi \${on}\`} className="a-b">Hello there{on ? "Saved" : ""}{t("ok.key")}</p>;
      };`,
    );
    expect(findLiterals(dir).map((l) => l.text)).toEqual([
      "Oops",
      "Your class is booked.",
      "Close",
      "Hi  {} ",
      "Hello there",
      "Saved",
    ]);
  });
});
