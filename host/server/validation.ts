import { Ajv, type ErrorObject, type Options } from "ajv";
import addFormatsModule from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";

// ajv-formats ships CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

const common: Options = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false };

/**
 * Text people read (a class name, a room, a piece of equipment; `format: "label"`): something visible, on one line.
 * Refused: blank (spaces only, or only invisible characters), control characters (C0, C1, line and paragraph
 * separators) and invisible format characters (zero-width spaces, bidirectional overrides, soft hyphens, the BOM),
 * which make two names look alike or reorder what staff read. Joiners (U+200C, U+200D) stay: some scripts and emoji
 * need them between visible characters.
 */
const isLabel = (value: string) =>
  !/[\p{Cc}\u2028\u2029]/u.test(value) && !hasInvisible(value) && /[^\s\u200C\u200D]/u.test(value);

/** An invisible format character (Unicode Cf) other than the two joiners. */
const hasInvisible = (value: string) => /\p{Cf}/u.test(value.replace(/[\u200C\u200D]/g, ""));

/**
 * Longer text (a description, a reason; `format: "text"`): may be empty and hold line breaks and tabs, but no other
 * control characters nor the invisible format characters a label refuses.
 */
const isText = (value: string) => !/\p{Cc}/u.test(value.replace(/[\t\n\r]/g, "")) && !hasInvisible(value);

/**
 * The formats every route shares, on both validators: a calendar date (`date`: ajv-formats' checks the day exists, so
 * 2026-02-30 is refused) comes with ajv-formats; `label` and `text` are fitkit's.
 */
function withFormats(ajv: Ajv): Ajv {
  addFormats(ajv);
  ajv.addFormat("label", { type: "string", validate: isLabel });
  ajv.addFormat("text", { type: "string", validate: isText });
  return ajv;
}

// Bodies are JSON: types must be exact. Query strings and params are text: numbers and booleans are coerced there only.
const bodyAjv = withFormats(new Ajv({ ...common, coerceTypes: false }));
const textAjv = withFormats(new Ajv({ ...common, coerceTypes: "array" }));

/** A body schema compiled as routes compile theirs, for a service that checks the same rules on other input. */
export const compileBodyValidator = (schema: object) => bodyAjv.compile(schema);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === "body" ? bodyAjv : textAjv).compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;

function fieldName(error: ErrorObject, part: string | undefined): string {
  const path = error.instancePath.replace(/^\//, "").replace(/\//g, ".");
  return path || (part && part !== "body" ? part : "body");
}

/** What a refused field has wrong, for a form that shows it on that field: the validation answer's values. */
export type FieldProblem = "required" | "tooLong" | "invalid";

/**
 * Each refused field and its problem (`{given_name: "tooLong"}`), for the `values` of a validation answer: a client
 * puts the problem under its field without reading the English sentences.
 */
export function fieldProblems(errors: readonly ErrorObject[], part?: string): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const error of errors) {
    const p = error.params as Record<string, unknown>;
    const field = fieldName(error, part);
    if (error.keyword === "required")
      problems[error.instancePath ? `${field}.${String(p.missingProperty)}` : String(p.missingProperty)] = "required";
    else if (error.keyword === "minLength" && Number(p.limit) === 1) problems[field] = "required";
    else if (error.keyword === "maxLength") problems[field] = "tooLong";
    else problems[field] ??= "invalid";
  }
  return problems;
}

/** Turns one Ajv error into the sentence a client shows: "email must be an email", "property x should not exist". */
export function describeValidationError(error: ErrorObject, part?: string): string {
  const p = error.params as Record<string, unknown>;
  const field = fieldName(error, part);
  switch (error.keyword) {
    case "additionalProperties":
      return `property ${error.instancePath ? `${field}.` : ""}${String(p.additionalProperty)} should not exist`;
    case "required":
      return `${error.instancePath ? `${field}.` : ""}${String(p.missingProperty)} should not be empty`;
    case "type": {
      const type = String(p.type).split(",")[0]!; // a split has a first part
      const noun: Record<string, string> = {
        string: "a string",
        number: "a number",
        integer: "an integer number",
        boolean: "a boolean value",
        array: "an array",
        object: "an object",
        null: "null",
      };
      return `${field} must be ${noun[type] ?? type}`;
    }
    case "format":
      if (p.format === "email") return `${field} must be an email`;
      if (p.format === "label") return `${field} must be visible text, without control or invisible characters`;
      if (p.format === "text") return `${field} must not hold control or invisible characters`;
      if (p.format === "date") return `${field} must be a date that exists (YYYY-MM-DD)`;
      return `${field} must be a valid ${String(p.format)}`;
    case "minLength":
      return Number(p.limit) === 1
        ? `${field} should not be empty`
        : `${field} must be longer than or equal to ${p.limit} characters`;
    case "maxLength":
      return `${field} must be shorter than or equal to ${p.limit} characters`;
    case "minimum":
      return `${field} must not be less than ${p.limit}`;
    case "maximum":
      return `${field} must not be greater than ${p.limit}`;
    case "minItems":
      return `${field} must contain at least ${p.limit} elements`;
    case "maxItems":
      return `${field} must contain no more than ${p.limit} elements`;
    case "enum":
      return `${field} must be one of the following values: ${(p.allowedValues as unknown[]).join(", ")}`;
    case "const":
      return `${field} must be equal to ${JSON.stringify(p.allowedValue)}`;
    case "pattern":
      return `${field} must match ${String(p.pattern)} regular expression`;
    default:
      return `${field} ${error.message ?? "is invalid"}`;
  }
}
