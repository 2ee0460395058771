import { randomBytes, randomUUID } from "node:crypto";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest, conflict, forbidden, unauthorized } from "../errors.js";
import { signAccessToken } from "../auth/access-token.js";
import type { AuthKeys } from "../auth/keys.js";
import { decoyHash, hashPassword, verifyPassword, WrongPasswordError } from "../auth/passwords.js";
import {
  hashToken,
  newRefreshToken,
  REFRESH_TOKEN_DAYS,
  ROTATION_GRACE_MS,
  successorOf,
} from "../auth/refresh-token.js";
import { signOutEverywhere } from "../auth/sign-out-everywhere.js";
import type { TokenVersions } from "../auth/token-versions.js";
import type { Mailer } from "./mail.js";

const RESET_TOKEN_MINUTES = 60;
const INVALID_CREDENTIALS = "Incorrect email or password.";
const INVALID_REFRESH = "Invalid refresh token";
const INVALID_RESET = "This password reset link is invalid or has expired.";

export interface Session {
  token: string;
  refreshToken: string;
}

export interface SignUpInput {
  email: string;
  password: string;
  given_name: string;
  family_name: string;
  opt_in?: boolean;
}

/** Emails compare case-insensitively and without surrounding blanks. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface AuthDeps {
  db: Db;
  clock: Clock;
  keys: AuthKeys;
  mailer: Mailer;
  tokenVersions: TokenVersions;
  publicUrl: string;
  /** Called after an account is deactivated (membership cancels its subscription at period end). */
  onDeactivated?: (userId: string) => Promise<void>;
}

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /** `device`: the readable name of the device signing up (auth/device-name.ts), kept with the login. */
  async signUp(input: SignUpInput, device: string | null = null) {
    const { db, clock } = this.deps;
    const email = normalizeEmail(input.email);
    const given = input.given_name.trim();
    const family = input.family_name.trim();
    if (!given || !family)
      throw badRequest({
        message: [
          ...(given ? [] : ["given_name should not be empty"]),
          ...(family ? [] : ["family_name should not be empty"]),
        ],
        code: "validation",
        values: { ...(!given && { given_name: "required" }), ...(!family && { family_name: "required" }) },
      });
    const passwordHash = await hashPassword(input.password);
    const user = await db
      .insertInto("users")
      .values({
        email,
        password_hash: passwordHash,
        given_name: given,
        family_name: family,
        opt_in: input.opt_in ?? false,
        waiver_accepted_at: clock.now(),
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning(["id", "email", "created_at", "token_version"])
      .executeTakeFirst();
    if (!user) throw badRequest("An account with this email already exists.");
    const session = await this.#issue(user.id, user.email, user.token_version, randomUUID(), device);
    return { success: true as const, ...session, user: { id: user.id, email: user.email, createdAt: user.created_at } };
  }

  /**
   * Signs in. An account scheduled for deletion (My data) is refused with 403 and its erasure date, unless the member
   * asks, with the same credentials, to cancel the deletion: then the deletion is cancelled and the member signed in.
   */
  async signIn(
    emailInput: string,
    password: string,
    options: { cancelDeletion?: boolean; device?: string | null } = {},
  ) {
    const email = normalizeEmail(emailInput);
    const user = await this.deps.db
      .selectFrom("users")
      .select(["id", "email", "password_hash", "created_at", "token_version", "deactivated_at"])
      .where("email", "=", email)
      .executeTakeFirst();
    const ok = await verifyPassword(user?.password_hash ?? (await decoyHash()), password, user?.id);
    if (!user || !ok || user.deactivated_at) throw unauthorized(INVALID_CREDENTIALS);
    const deletion = await this.deps.db
      .selectFrom("account_deletions")
      .select("erase_at")
      .where("user_id", "=", user.id)
      .where("erased_at", "is", null)
      .executeTakeFirst();
    if (options.cancelDeletion) {
      const cancelled =
        deletion &&
        (await this.deps.db
          .deleteFrom("account_deletions")
          .where("user_id", "=", user.id)
          .where("erased_at", "is", null)
          .returning("user_id")
          .executeTakeFirst());
      if (!cancelled) throw conflict("This account is not scheduled for deletion.");
    } else if (deletion) {
      throw forbidden(scheduledForDeletion(deletion.erase_at));
    }
    const session = await this.#issue(user.id, user.email, user.token_version, randomUUID(), options.device ?? null);
    return { success: true as const, ...session, user: { id: user.id, email: user.email, createdAt: user.created_at } };
  }

  async emailExists(emailInput: string): Promise<boolean> {
    const row = await this.deps.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", normalizeEmail(emailInput))
      .where("deactivated_at", "is", null)
      .executeTakeFirst();
    return !!row;
  }

  /**
   * Rotates a refresh token. The first use wins the rotation; the same token again within the grace window is
   * answered with the same successor (two tabs racing); later, it is reuse: the whole login is revoked.
   */
  async refresh(refreshToken: string, device: string | null = null): Promise<Session> {
    const { db, clock, keys } = this.deps;
    const now = clock.now();
    const row = await db
      .selectFrom("refresh_tokens as r")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select([
        "r.id",
        "r.user_id",
        "r.family_id",
        "r.expires_at",
        "r.rotated_at",
        "r.revoked_at",
        "r.device",
        "u.email",
        "u.token_version",
        "u.deactivated_at",
      ])
      .where("r.token_hash", "=", hashToken(refreshToken))
      .executeTakeFirst();
    if (!row || row.revoked_at || row.deactivated_at || row.expires_at <= now) throw unauthorized(INVALID_REFRESH);
    const successor = successorOf(keys.refreshSecret, refreshToken);

    const won = await db
      .updateTable("refresh_tokens")
      .set({ rotated_at: now })
      .where("id", "=", row.id)
      .where("rotated_at", "is", null)
      .where("revoked_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (won) {
      await db
        .insertInto("refresh_tokens")
        .values({
          user_id: row.user_id,
          family_id: row.family_id,
          token_hash: hashToken(successor),
          // The device now (a browser updated, or the token moved with a restored profile), else the one before.
          device: device ?? row.device,
          created_at: now,
          expires_at: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
        })
        .execute();
    } else {
      const current = await db
        .selectFrom("refresh_tokens")
        .select(["rotated_at", "revoked_at"])
        .where("id", "=", row.id)
        .executeTakeFirstOrThrow();
      const rotatedAt = current.rotated_at ?? now;
      if (current.revoked_at || now.getTime() - rotatedAt.getTime() > ROTATION_GRACE_MS) {
        await this.#revokeFamily(row.family_id);
        throw unauthorized(INVALID_REFRESH);
      }
    }
    return {
      token: await signAccessToken(keys, clock, { sub: row.user_id, email: row.email, ver: row.token_version }),
      refreshToken: successor,
    };
  }

  async signOut(refreshToken: string): Promise<void> {
    const row = await this.deps.db
      .selectFrom("refresh_tokens")
      .select("family_id")
      .where("token_hash", "=", hashToken(refreshToken))
      .executeTakeFirst();
    if (row) await this.#revokeFamily(row.family_id);
  }

  /** Always succeeds from the caller's view, so the answer does not reveal whether the account exists. */
  async forgotPassword(emailInput: string): Promise<void> {
    const { db, clock, mailer, publicUrl } = this.deps;
    const email = normalizeEmail(emailInput);
    const user = await db
      .selectFrom("users")
      .select(["id", "given_name"])
      .where("email", "=", email)
      .where("deactivated_at", "is", null)
      .executeTakeFirst();
    if (!user) return;
    const token = randomBytes(32).toString("base64url");
    const now = clock.now();
    await db
      .insertInto("password_resets")
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        created_at: now,
        expires_at: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
      })
      .execute();
    const link = `${publicUrl}/reset-password?token=${token}`;
    await mailer.send({
      to: email,
      subject: "Reset your fitkit password",
      text: `Hi ${user.given_name},\n\nUse this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password:\n${link}\n\nIf you did not ask for this, you can ignore this email.`,
      html: `<p>Hi ${escapeHtml(user.given_name)},</p><p>Use this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password:</p><p><a href="${link}">Reset my password</a></p><p>If you did not ask for this, you can ignore this email.</p>`,
    });
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const { db, clock } = this.deps;
    const tokenHash = hashToken(token);
    // The link is checked before the new password is hashed: a guessed token costs one lookup, not an argon2 hash.
    const pending = await db
      .selectFrom("password_resets")
      .select("user_id")
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", clock.now())
      .executeTakeFirst();
    if (!pending) throw badRequest(INVALID_RESET);
    const passwordHash = await hashPassword(password);
    const userId = await db.transaction().execute(async (trx) => {
      // Claimed again inside the transaction: of two requests racing with the same link, one wins.
      const used = await trx
        .updateTable("password_resets")
        .set({ used_at: clock.now() })
        .where("token_hash", "=", tokenHash)
        .where("used_at", "is", null)
        .where("expires_at", ">", clock.now())
        .returning("user_id")
        .executeTakeFirst();
      if (!used) return undefined;
      await this.#replaceCredentials(trx, used.user_id, passwordHash);
      return used.user_id;
    });
    if (!userId) throw badRequest(INVALID_RESET);
    this.deps.tokenVersions.forget(userId);
  }

  /** Changes the password and signs out every other session; answers a fresh session for the caller. */
  async changePassword(
    userId: string,
    currentPassword: string,
    newPassword: string,
    device: string | null = null,
  ): Promise<Session> {
    const { db } = this.deps;
    const user = await db
      .selectFrom("users")
      .select(["password_hash", "email"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) throw unauthorized();
    if (!(await verifyPassword(user.password_hash, currentPassword, userId)))
      throw new WrongPasswordError("currentPassword is incorrect");
    const passwordHash = await hashPassword(newPassword);
    const version = await db.transaction().execute((trx) => this.#replaceCredentials(trx, userId, passwordHash));
    this.deps.tokenVersions.forget(userId);
    return this.#issue(userId, user.email, version, randomUUID(), device);
  }

  async deactivate(userId: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute((trx) => signOutEverywhere(trx, userId, now, { deactivated_at: now }));
    this.deps.tokenVersions.forget(userId);
    await this.deps.onDeactivated?.(userId);
  }

  async #replaceCredentials(trx: Db, userId: string, passwordHash: string): Promise<number> {
    const now = this.deps.clock.now();
    const version = await signOutEverywhere(trx, userId, now, { password_hash: passwordHash });
    // Every other emailed reset link dies with the old password: a link read from an old mailbox must not undo this.
    await trx
      .updateTable("password_resets")
      .set({ used_at: now })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
    return version;
  }

  async #revokeFamily(familyId: string) {
    await this.deps.db
      .updateTable("refresh_tokens")
      .set({ revoked_at: this.deps.clock.now() })
      .where("family_id", "=", familyId)
      .where("revoked_at", "is", null)
      .execute();
  }

  async #issue(
    userId: string,
    email: string,
    version: number,
    familyId: string,
    device: string | null,
  ): Promise<Session> {
    const { db, clock, keys } = this.deps;
    const refreshToken = newRefreshToken();
    const now = clock.now();
    await db
      .insertInto("refresh_tokens")
      .values({
        user_id: userId,
        family_id: familyId,
        token_hash: hashToken(refreshToken),
        device,
        created_at: now,
        expires_at: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
      })
      .execute();
    return { token: await signAccessToken(keys, clock, { sub: userId, email, ver: version }), refreshToken };
  }
}

/** The refusal a sign-in meets during the grace period of a deletion; the app offers "Cancel deletion" with it. */
/**
 * The refusal names the erasure's instant, not a UTC date: the server does not know the member's zone, and a UTC date
 * is a day off for evenings west of Greenwich. The app reads the instant back ("December 12, 2026, 2:00 AM UTC") and
 * says its date in the member's zone, the same date the deletion page showed.
 */
const scheduledForDeletion = (eraseAt: Date) => {
  const utc = { timeZone: "UTC" } as const;
  const date = eraseAt.toLocaleDateString("en-US", { ...utc, dateStyle: "long" });
  // ICU writes a narrow no-break space before AM/PM; a plain one is what every date parser reads.
  const time = eraseAt.toLocaleTimeString("en-US", { ...utc, hour: "numeric", minute: "2-digit" }).replace(/\s/g, " ");
  return `This account is scheduled for deletion on ${date}, ${time} UTC. Cancel the deletion to sign in again.`;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
