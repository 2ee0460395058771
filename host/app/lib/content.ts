/** Content answers are `{items, total}` lists or a single object (api-contract); this reads either as a list. */
export function itemsOf<T = Record<string, unknown>>(answer: unknown): T[] {
  if (!answer) return [];
  if (Array.isArray(answer)) return answer as T[];
  const items = (answer as { items?: unknown }).items;
  return Array.isArray(items) ? (items as T[]) : [answer as T];
}
