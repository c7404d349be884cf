import { createHash, randomBytes } from "node:crypto";

/** An opaque bearer token: 32 random bytes; only its SHA-256 is ever stored. */
export const newToken = (): string => `rg_${randomBytes(32).toString("base64url")}`;
export const hashToken = (token: string): Buffer => createHash("sha256").update(token, "utf8").digest();
