/** The fields a filter or facet can name, how each reads a workout, and their aliases. */
import type { Workout } from "../services/catalogue-workouts.js";
import { FilterSyntaxError, type FilterNode } from "./filter-parser.js";

export interface StringField {
  kind: "string";
  name: string;
  /** Every value a filter may use to select the workout (e.g. a trainer's name and slug). */
  values(w: Workout): string[];
  /** The values the facet counts show; absent when the field is filter-only. */
  facet?(w: Workout): string[];
}

interface NumberField {
  kind: "number";
  name: string;
  number(w: Workout): number;
}

export type Field = StringField | NumberField;

const list = (name: string, read: (w: Workout) => string[], facet = true): StringField => ({
  kind: "string",
  name,
  values: read,
  ...(facet ? { facet: read } : {}),
});

export const FIELDS: Field[] = [
  list("id", (w) => [w.id], false),
  list("slug", (w) => [w.slug], false),
  list("type", (w) => [w.type]),
  list("category", (w) => w.category),
  {
    kind: "string",
    name: "trainer",
    values: (w) => w.trainers.flatMap((t) => [t.name, t.slug, t.id]),
    facet: (w) => w.trainers.map((t) => t.name),
  },
  list("equipment", (w) => w.equipment),
  list("benefits", (w) => w.benefits),
  list("focus", (w) => w.focusMember),
  list("pacing", (w) => (w.pacing ? [w.pacing] : [])),
  list("level", (w) => (w.level ? [w.level] : [])),
  {
    kind: "string",
    name: "collections",
    values: (w) => w.collections.flatMap((c) => [c.name, c.slug, c.id]),
    facet: (w) => w.collections.map((c) => c.name),
  },
  list("live", (w) => [String(w.live)]),
  { kind: "number", name: "video.duration", number: (w) => w.video.duration },
  { kind: "number", name: "duration", number: (w) => w.duration },
];

/** Other spellings clients use (the spec's query keys, the workout's own field names). */
const ALIASES: Record<string, string> = {
  trainers: "trainer",
  focusMember: "focus",
  collection: "collections",
  categories: "category",
  benefit: "benefits",
};

const BY_NAME = new Map(FIELDS.map((f) => [f.name, f]));

export function fieldNamed(name: string): Field | undefined {
  return BY_NAME.get(ALIASES[name] ?? name);
}

/** Facet names `"*"` expands to, in a stable order. */
export const FACET_FIELDS = FIELDS.filter(
  (f): f is StringField & { facet: NonNullable<StringField["facet"]> } => f.kind === "string" && !!f.facet,
).map((f) => f.name);

/** Rewrites aliases to canonical field names and checks each comparison suits its field's kind. */
export function resolveFields(node: FilterNode): FilterNode {
  switch (node.kind) {
    case "and":
    case "or":
      return { kind: node.kind, children: node.children.map(resolveFields) };
    case "not":
      return { kind: "not", child: resolveFields(node.child) };
    default: {
      const field = fieldNamed(node.field);
      if (!field) throw new FilterSyntaxError(node.position, `unknown field "${node.field}"`);
      if (node.kind === "match" && field.kind === "number" && !/^-?\d+(\.\d+)?$/.test(node.value)) {
        throw new FilterSyntaxError(node.position, `"${field.name}" takes a number, found "${node.value}"`);
      }
      if (node.kind !== "match" && field.kind === "string") {
        throw new FilterSyntaxError(node.position, `"${field.name}" is not numeric: use ${field.name}:value`);
      }
      return { ...node, field: field.name };
    }
  }
}
