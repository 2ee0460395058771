/** A member's first or last name: required, at most 100 characters (the server's limit, the forms' maxlength). */
export const NAME_MAX_LENGTH = 100;

export function nameProblem(value: string): "required" | "tooLong" | undefined {
  const name = value.trim();
  return !name ? "required" : name.length > NAME_MAX_LENGTH ? "tooLong" : undefined;
}

/**
 * Which name field a server message names ("given_name must be shorter than or equal to 100 characters",
 * "family_name must be at most 100 characters"), so a form can show it under that field; with `kind` "tooLong" only
 * length refusals count.
 */
export function nameFieldOf(message: unknown, kind?: "tooLong"): "given_name" | "family_name" | undefined {
  const list = Array.isArray(message) ? message.map(String) : typeof message === "string" ? [message] : [];
  for (const m of list) {
    const field = /^(?:body\/)?(given_name|family_name)\b/.exec(m)?.[1];
    if (field && (!kind || /shorter than|at most/.test(m))) return field as "given_name" | "family_name";
  }
  return undefined;
}
