import type { Db } from "../db/index.js";

const TTL_MS = 5_000;

/**
 * The per-user check behind "a password change signs out every access token at once": the user's current token
 * version and deactivation, cached for a few seconds and dropped at once when this process changes them.
 */
export class TokenVersions {
  #cache = new Map<string, { version: number; active: boolean; at: number }>();
  constructor(private readonly db: Db) {}

  async isCurrent(userId: string, version: number): Promise<boolean> {
    const now = Date.now();
    let entry = this.#cache.get(userId);
    if (!entry || now - entry.at > TTL_MS) {
      const row = await this.db
        .selectFrom("users")
        .select(["token_version", "deactivated_at"])
        .where("id", "=", userId)
        .executeTakeFirst();
      entry = { version: row?.token_version ?? -1, active: !!row && !row.deactivated_at, at: now };
      this.#cache.set(userId, entry);
      if (this.#cache.size > 100_000) this.#cache.clear();
    }
    return entry.active && entry.version === version;
  }

  forget(userId: string): void {
    this.#cache.delete(userId);
  }
}
