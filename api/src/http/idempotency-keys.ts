import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { uuidFromDigest } from "../ids.ts";

/** The request a key is sent with, as the server received it. */
export type KeyedRequest = {
  readonly method: string;
  /** Path and query string. */
  readonly target: string;
  /** The Authorization header as sent ("" without one). */
  readonly authorization: string;
  readonly body: Uint8Array;
};

/**
 * What a key and its request give: `lookup` finds the record (the caller's scope and the key only, so
 * a different request with the same key finds it too); everything else derives from a secret made of
 * the key and the whole request, which is never stored: `requestHash` tells the same request from a
 * different one, `answerKey` encrypts the stored answer, `commandId` is the id the event store sees.
 * A copy of the table therefore neither decrypts answers (session tokens) nor lets anyone test
 * guesses of a request's password offline without the key, 122 random bits kept by the client alone.
 */
export type KeyIdentity = {
  readonly lookup: Buffer;
  readonly requestHash: Buffer;
  readonly answerKey: Buffer;
  readonly commandId: string;
};

export const identifyKey = (scope: string, key: string, request: KeyedRequest): KeyIdentity => {
  const lookup = createHash("sha256").update(`registre.idempotency.lookup\0${scope}\0${key}`).digest();
  const secret = createHmac("sha256", key)
    .update(`registre.idempotency.request\0${scope}\0${request.method}\0${request.target}\0`)
    .update(`${request.authorization}\0`)
    .update(request.body)
    .digest();
  const derive = (purpose: string) => createHmac("sha256", secret).update(purpose).digest();
  return {
    lookup,
    requestHash: derive("request"),
    answerKey: derive("answer"),
    commandId: uuidFromDigest(derive("command").toString("hex")),
  };
};

/**
 * The bytes a request's body is identified by: as sent, except a multipart form, whose boundary a
 * browser draws anew each time it sends the same form: its parts, in order, are the request.
 */
export const canonicalBody = async (
  contentType: string,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array> => {
  if (!/^multipart\/form-data/i.test(contentType)) return bytes;
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    return bytes;
  }
  const hash = createHash("sha256").update("registre.idempotency.form\0");
  const field = (text: string) => hash.update(`${Buffer.byteLength(text)}:${text}`);
  for (const [name, value] of form.entries()) {
    field(name);
    if (typeof value === "string") field(`text:${value}`);
    else {
      field(`file:${value.name}:${value.type}:${value.size}`);
      hash.update(new Uint8Array(await value.arrayBuffer()));
    }
  }
  return hash.digest();
};

/** A final answer as it is replayed: status, headers and body bytes. */
export type StoredAnswer = {
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Uint8Array<ArrayBuffer>;
};

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM of the headers and body: iv, tag, then the ciphertext. The status stays in clear. */
export const sealAnswer = (answerKey: Buffer, answer: StoredAnswer): Buffer => {
  const headers = Buffer.from(JSON.stringify(answer.headers), "utf8");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headers.length);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", answerKey, iv);
  const sealed = Buffer.concat([cipher.update(length), cipher.update(headers), cipher.update(answer.body)]);
  const final = cipher.final();
  return Buffer.concat([iv, cipher.getAuthTag(), sealed, final]);
};

/** The answer `sealAnswer` stored, or null when the bytes were not sealed with this key. */
export const openAnswer = (answerKey: Buffer, status: number, stored: Uint8Array): StoredAnswer | null => {
  try {
    const bytes = Buffer.from(stored);
    const decipher = createDecipheriv("aes-256-gcm", answerKey, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    const length = plain.readUInt32BE(0);
    const headers = JSON.parse(plain.subarray(4, 4 + length).toString("utf8")) as [string, string][];
    return { status, headers, body: new Uint8Array(plain.subarray(4 + length)) };
  } catch {
    return null;
  }
};
