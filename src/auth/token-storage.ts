/** The member's tokens. `id` is the identity token; fitkit's access token carries the identity, so both are equal. */
export interface Tokens {
  access: string;
  id: string;
  refresh: string;
}

/**
 * Spec §3: tokens persist under the key `web-root` and in local storage under `tokens`, `id` and `refresh`.
 * `tokens` holds all three as JSON, `web-root` the persisted root state `{tokens}`, `id` and `refresh` the raw values.
 */
export const TOKEN_KEYS = ["web-root", "tokens", "id", "refresh"] as const;

type KeyValue = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function readTokens(storage: KeyValue): Tokens | null {
  const parse = (key: string) => {
    try {
      return JSON.parse(storage.getItem(key) ?? "null");
    } catch {
      return null;
    }
  };
  const t: Partial<Tokens> = parse("tokens") ??
    parse("web-root")?.tokens ?? { id: storage.getItem("id") ?? "", refresh: storage.getItem("refresh") ?? "" };
  return t.refresh ? { access: t.access ?? "", id: t.id ?? t.access ?? "", refresh: t.refresh } : null;
}

export function writeTokens(storage: KeyValue, t: Tokens | null) {
  if (!t) return TOKEN_KEYS.forEach((k) => storage.removeItem(k));
  const json = JSON.stringify(t);
  storage.setItem("tokens", json);
  storage.setItem("web-root", `{"tokens":${json}}`);
  storage.setItem("id", t.id);
  storage.setItem("refresh", t.refresh);
}
