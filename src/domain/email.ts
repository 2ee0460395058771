/**
 * Whether text looks like an email address (something@something.something, no spaces) once trimmed: the forms' one
 * check before asking the server, whose schemas (`emailSchema`, ajv-formats' `email`) decide.
 * @example looksLikeEmail(" ana@example.com ") // true
 */
export const looksLikeEmail = (text: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
