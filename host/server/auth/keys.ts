import { createPublicKey, randomBytes } from "node:crypto";
import { exportPKCS8, generateKeyPair, importPKCS8, importSPKI, type CryptoKey } from "jose";
import type { Db } from "../db/index.js";

export interface AuthKeys {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** HMAC secret that derives a refresh token's successor, so a just-rotated token can be answered again. */
  refreshSecret: Buffer;
}

async function stored(db: Db, name: string, make: () => Promise<string>): Promise<string> {
  const found = await db.selectFrom("server_keys").select("value").where("name", "=", name).executeTakeFirst();
  if (found) return found.value;
  const value = await make();
  // Two processes starting together: the first insert wins and both read it back.
  await db
    .insertInto("server_keys")
    .values({ name, value })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  return (await db.selectFrom("server_keys").select("value").where("name", "=", name).executeTakeFirstOrThrow()).value;
}

/**
 * The EdDSA signing key comes from FITKIT_JWT_PRIVATE_KEY (PKCS#8 PEM) when set; otherwise it is generated on first
 * start and kept in the database, so every process on one database and every restart share it.
 */
export async function loadAuthKeys(db: Db, configuredPem?: string): Promise<AuthKeys> {
  const pem =
    configuredPem?.replace(/\\n/g, "\n") ??
    (await stored(db, "jwt_private_key", async () => {
      const pair = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
      return exportPKCS8(pair.privateKey);
    }));
  const privateKey = await importPKCS8(pem, "EdDSA", { extractable: true });
  const spki = createPublicKey(pem).export({ type: "spki", format: "pem" }).toString();
  const publicKey = await importSPKI(spki, "EdDSA");
  const secret = await stored(db, "refresh_secret", async () => randomBytes(32).toString("base64"));
  return { privateKey, publicKey, refreshSecret: Buffer.from(secret, "base64") };
}
