/**
 * Secrets at rest: a platform's client secret and the webhook's secret are sealed with AES-256-GCM
 * under the server key before they enter an event, and opened only when a connection is loaded to be
 * used. The server key is `REGISTRE_SECRET_KEY` (32 bytes, base64); without it, a key made once and
 * kept in the data folder (`DATA_DIR/secret.key`, mode 0600) — fine for one server and the demo;
 * servers sharing a database must share the key through the environment. The key never leaves the
 * server: the log holds only sealed values, and the answers say whether a secret is set.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** A sealed value: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export type Sealed = string;

const KEY_BYTES = 32;

const keyFrom = (text: string, where: string): Uint8Array => {
  const key = Buffer.from(text.trim(), "base64");
  if (key.byteLength !== KEY_BYTES)
    throw new Error(`${where} must be ${KEY_BYTES} bytes in base64 (\`openssl rand -base64 32\`)`);
  return key;
};

/**
 * The server key: `variable` (REGISTRE_SECRET_KEY) when set, else the file's, made on first use. Two
 * processes making it at once: the first write wins (`wx`), the other reads it.
 */
export const serverSecretKey = (variable: string | undefined, file: string): Uint8Array => {
  if (variable) return keyFrom(variable, "REGISTRE_SECRET_KEY");
  try {
    return keyFrom(readFileSync(file, "utf8"), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return keyFrom(readFileSync(file, "utf8"), file);
};

/**
 * Seals a secret. `context` (the organisation's id and what the secret is) is bound as additional
 * data: a sealed value copied into another organisation's connection, or into another field, does not open.
 */
export const seal = (key: Uint8Array, context: string, secret: string): Sealed => {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
};

/** Opens a sealed secret; throws when the key or the context is not the one it was sealed with. */
export const unseal = (key: Uint8Array, context: string, sealed: Sealed): string => {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || iv === undefined || tag === undefined || body === undefined)
    throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
};
