/** The messages of a refused request (the contract's `message`: one string or a list), for the flows to show. */
export const messageOf = (e: unknown) => {
  const m = (e as { body?: { message?: unknown } } | undefined)?.body?.message;
  return Array.isArray(m) ? m.map(String) : typeof m === "string" ? [m] : [];
};
