/**
 * A copy of the catalogue the search index was last built from, saved beside the embedded database under the
 * catalogue's version (migration 080): reading 200k workouts back from one JSON file takes half the time of reading
 * them from the tables, and start-up is mostly that read and the build. The copy is only ever used for the version it
 * was saved under, so a catalogue changed since (by this process, another, or a seed while it was down) is read from
 * the database again; a copy that cannot be read or written costs that speed, never an answer.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CollectionRef, TrainerRef, Workout } from "../services/catalogue-workouts.js";
import type { SeriesMembership } from "./catalogue-index.js";

/**
 * A short hash of the code that reads the catalogue and saves its copy (its modules' files; one file once bundled),
 * part of every copy's name: a copy saved by other code (before an upgrade, or an edit in development) may hold
 * workouts of another shape, so it is never read. The first start of new code reads the tables and saves its own.
 */
function codeFingerprint(moduleUrls: readonly string[]): string {
  const hash = createHash("sha256");
  for (const url of new Set(moduleUrls)) hash.update(readFileSync(fileURLToPath(url)));
  return hash.digest("hex").slice(0, 16);
}

export interface Catalogue {
  workouts: Workout[];
  series: SeriesMembership[];
  /** Archived workouts (migration 094): they resolve by id and slug but are in no search or listing. */
  archived: string[];
}

export interface CatalogueCopies {
  /** The copy saved under `version`, or null when there is none (or it cannot be read). */
  read(version: string): Promise<Catalogue | null>;
  /** Saves `catalogue` as the copy of `version`, replacing every other copy. */
  save(version: string, catalogue: Catalogue): Promise<void>;
}

/** The copies in `dir`, saved and read by the code of `readerModules` (the modules that read the catalogue). */
export function catalogueCopies(dir: string, readerModules: readonly string[]): CatalogueCopies {
  const code = codeFingerprint([import.meta.url, ...readerModules]);
  const fileOf = (version: string) => join(dir, `catalogue-${code}-${version}.json`);
  return {
    async read(version) {
      let text: string;
      try {
        text = await readFile(fileOf(version), "utf8");
      } catch {
        return null; // none saved under this version
      }
      try {
        return shareRefs(JSON.parse(text) as Catalogue);
      } catch {
        return null; // torn or foreign: the database has the catalogue
      }
    },
    async save(version, catalogue) {
      await mkdir(dir, { recursive: true });
      const file = fileOf(version);
      // Written aside and renamed, so a reader (or a crash) never meets half a copy. The data folder is locked to one
      // process (db/data-dir-lock.ts), so whatever else is here is this process's past: older copies, a crash's part.
      const partial = `${file}.partial`;
      await writeFile(partial, JSON.stringify(catalogue));
      await rename(partial, file);
      for (const name of await readdir(dir)) if (join(dir, name) !== file) await rm(join(dir, name), { force: true });
    },
  };
}

/**
 * One object per trainer and per collection, shared by their workouts, as the database read gives them: the copy
 * repeats them per workout, and 200k workouts would carry 400k needless objects.
 */
function shareRefs(catalogue: Catalogue): Catalogue {
  const trainers = new Map<string, TrainerRef>();
  const collections = new Map<string, CollectionRef>();
  const shared = <T extends { id: string }>(seen: Map<string, T>, refs: T[]) =>
    refs.map((ref) => {
      const known = seen.get(ref.id);
      if (known) return known;
      seen.set(ref.id, ref);
      return ref;
    });
  for (const w of catalogue.workouts) {
    w.trainers = shared(trainers, w.trainers);
    w.collections = shared(collections, w.collections);
  }
  return catalogue;
}
