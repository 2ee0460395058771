/** A member's first or last name: required, at most 100 characters (the server's limit, the forms' maxlength). */
export const NAME_MAX_LENGTH = 100;

export function nameProblem(value: string): "required" | "tooLong" | undefined {
  const name = value.trim();
  return !name ? "required" : name.length > NAME_MAX_LENGTH ? "tooLong" : undefined;
}

/**
 * Which name field a refused request names (the validation answer's values: `{given_name: "tooLong"}`), so a form
 * can show it under that field; with `kind` "tooLong" only length refusals count.
 */
export function nameFieldOf(body: unknown, kind?: "tooLong"): "given_name" | "family_name" | undefined {
  const values = (body as { values?: Record<string, unknown> } | undefined)?.values ?? {};
  return (["given_name", "family_name"] as const).find((field) => values[field] && (!kind || values[field] === kind));
}
