import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import {
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";

import type { FileStore } from "../ports/file-store.ts";

const KEY = /^[a-z]+(\/[0-9a-zA-Z-]+)*\/[0-9a-zA-Z-]+(\.[a-z]+)?$/;
const checkKey = (key: string) => {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`invalid file key: ${key}`);
};

export const sha256Hex = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** Files in a folder (DATA_DIR/files), written to a temporary name then renamed: never half a file. */
export const localFileStore = (root: string): FileStore => ({
  provider: "local",
  location: root,
  put: async (key, bytes) => {
    checkKey(key);
    const path = join(root, key);
    const exists = await stat(path).then(
      (s) => s.size === bytes.byteLength,
      () => false,
    );
    if (exists) return;
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  },
  get: async (key) => {
    checkKey(key);
    try {
      return new Uint8Array(await readFile(join(root, key)));
    } catch {
      return null;
    }
  },
});

/** An S3-compatible store as `S3_URL` describes it (README, "Files"). */
export type S3Location = {
  readonly endpoint: string;
  readonly bucket: string;
  readonly prefix: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
};

/**
 * Reads `S3_URL`: `http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix…][?region=eu-west-3]`. The key
 * and secret are URL-encoded (a `/` in a secret is `%2F`); the bucket must exist; path-style requests, so
 * any S3-compatible server (MinIO, Garage, Ceph, Scaleway, OVH…) serves. Throws on a URL it cannot read.
 */
export const parseS3Url = (text: string): S3Location => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error("S3_URL is not a URL: expected http(s)://KEY:SECRET@host:port/bucket");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error("S3_URL must start with http:// or https://");
  const [bucket, ...prefix] = url.pathname.split("/").filter(Boolean);
  if (!bucket) throw new Error("S3_URL names no bucket: http(s)://KEY:SECRET@host:port/bucket");
  if (!url.username || !url.password) throw new Error("S3_URL needs the access key and secret: KEY:SECRET@");
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    prefix: prefix.map((p) => `${decodeURIComponent(p)}/`).join(""),
    region: url.searchParams.get("region") ?? "us-east-1",
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
};

const missing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

/**
 * Files in an S3-compatible bucket, shared by every server. `fallback` is read when a key is not in
 * the bucket: the data folder of a server that kept its files locally before `S3_URL` was set (its
 * logos still load; new files go to the bucket).
 */
export const s3FileStore = (location: S3Location, fallback?: FileStore): FileStore => {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default
    // trailing checksums (aws-chunked bodies) that AWS itself accepts.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
  });
  const objectKey = (key: string) => `${location.prefix}${key}`;
  return {
    provider: "s3",
    location: `${location.endpoint}/${location.bucket}${location.prefix ? `/${location.prefix}` : ""}`,
    put: async (key, bytes, contentType) => {
      checkKey(key);
      const Key = objectKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: location.bucket, Key }));
        return;
      } catch (error) {
        if (!missing(error)) throw error;
      }
      await client.send(
        new PutObjectCommand({ Bucket: location.bucket, Key, Body: bytes, ContentType: contentType }),
      );
    },
    get: async (key) => {
      checkKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }),
        );
        if (!answer.Body) return null;
        return new Uint8Array(await answer.Body.transformToByteArray());
      } catch (error) {
        if (!missing(error)) throw error;
        return fallback ? fallback.get(key) : null;
      }
    },
  };
};

/** The store the environment asks for: S3 when `S3_URL` is set, else the data folder's `files`. */
export const openFileStore = (filesDir: string, s3Url: string | undefined): FileStore =>
  s3Url ? s3FileStore(parseS3Url(s3Url), localFileStore(filesDir)) : localFileStore(filesDir);
