import { NAME_MAX_LENGTH } from "../../src/domain/names.js";
/** JSON-schema building blocks shared by route plugins. Bodies are strict: unknown properties are rejected. */

export const emailSchema = { type: "string", format: "email", maxLength: 254 } as const;
export const passwordSchema = { type: "string", minLength: 6, maxLength: 256 } as const;
/** NAME_MAX_LENGTH: the limit the sign-up and profile forms apply too. */
export const nameSchema = { type: "string", minLength: 1, maxLength: NAME_MAX_LENGTH } as const;
export const uuidSchema = { type: "string", format: "uuid" } as const;

export function strictObject<
  const P extends Record<string, object>,
  const R extends readonly (keyof P & string)[] = readonly [],
>(properties: P, required: R = [] as unknown as R) {
  return { type: "object", additionalProperties: false, properties, required } as const;
}

/** The body of an action that takes no input: none, or an empty object; any property is refused like elsewhere. */
export const noBody = { type: ["object", "null"], additionalProperties: false, properties: {} } as const;

export const successSchema = strictObject({ success: { type: "boolean", const: true } }, ["success"]);

export const errorSchema = {
  type: "object",
  properties: {
    statusCode: { type: "integer" },
    message: { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
    error: { type: "string" },
  },
  required: ["statusCode", "message", "error"],
} as const;

/** OpenAPI metadata for a member-only route. */
export const memberSecurity = [{ bearer: [] }];
