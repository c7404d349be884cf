import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3 } from "../testing/s3.ts";
import { localFileStore, openFileStore, parseS3Url, s3FileStore } from "./store.ts";

describe("S3_URL", () => {
  it("reads the endpoint, the bucket, a prefix, the region and the URL-encoded key and secret", () => {
    expect(
      parseS3Url("https://AKIA%2B1:se%2Fcret@s3.fr-par.scw.cloud/factures/registre/prod?region=fr-par"),
    ).toEqual({
      endpoint: "https://s3.fr-par.scw.cloud",
      bucket: "factures",
      prefix: "registre/prod/",
      region: "fr-par",
      accessKeyId: "AKIA+1",
      secretAccessKey: "se/cret",
    });
    expect(parseS3Url("http://key:secret@127.0.0.1:4569/bucket")).toMatchObject({
      endpoint: "http://127.0.0.1:4569",
      bucket: "bucket",
      prefix: "",
      region: "us-east-1",
    });
  });

  it("refuses what it cannot use, naming the part, and the store opens no other way", () => {
    expect(() => parseS3Url("pas une url")).toThrow(/S3_URL is not a URL/);
    expect(() => parseS3Url("ftp://k:s@host/bucket")).toThrow(/http/);
    expect(() => parseS3Url("http://k:s@host/")).toThrow(/bucket/);
    expect(() => parseS3Url("http://host/bucket")).toThrow(/key and secret/);
    expect(() => openFileStore("/tmp", "http://host/bucket")).toThrow(/key and secret/);
    expect(openFileStore("/tmp/x", undefined).provider).toBe("local");
  });
});

describe("the data folder's store", () => {
  it("keeps bytes under a key, answers null for a missing one, and refuses keys that are not its own", async () => {
    const root = mkdtempSync(join(tmpdir(), "registre-files-"));
    const store = localFileStore(root);
    await store.put(
      "attachments/0b6d0c1e-7e0a-4e36-9a59-3c1d2b6a1f00/abc123",
      new Uint8Array([1, 2, 3]),
      "x",
    );
    expect(await store.get("attachments/0b6d0c1e-7e0a-4e36-9a59-3c1d2b6a1f00/abc123")).toEqual(
      new Uint8Array([1, 2, 3]),
    );
    expect(await store.get("attachments/0b6d0c1e-7e0a-4e36-9a59-3c1d2b6a1f00/missing")).toBeNull();
    for (const key of ["../etc/passwd", "logos/../../x", "/abs/path", "logos/a/..", "logos/a b"])
      await expect(store.get(key)).rejects.toThrow(/invalid file key/);
  });
});

describe("the S3-compatible store (s3rver)", () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3?.close());

  it("keeps bytes that another server reads, and reads a key it lacks from the data folder", async () => {
    const root = mkdtempSync(join(tmpdir(), "registre-files-"));
    const one = openFileStore(root, s3.url);
    const other = s3FileStore(parseS3Url(s3.url));
    expect(one.provider).toBe("s3");
    expect(one.location).not.toContain("S3RVER:");
    const bytes = new TextEncoder().encode("Facture FA2026-00001");
    await one.put("attachments/org/sha", bytes, "text/plain");
    await one.put("attachments/org/sha", bytes, "text/plain");
    expect(await other.get("attachments/org/sha")).toEqual(bytes);
    expect(await other.get("attachments/org/none")).toBeNull();

    // A logo kept in the data folder before S3_URL was set still loads.
    mkdirSync(join(root, "logos", "org"), { recursive: true });
    writeFileSync(join(root, "logos", "org", "old.png"), "PNG");
    expect(new TextDecoder().decode((await one.get("logos/org/old.png")) ?? new Uint8Array())).toBe("PNG");
    expect(await other.get("logos/org/old.png")).toBeNull();
  });

  it("fails loudly, not as a missing file, when the server refuses the key or lacks the bucket", async () => {
    const wrongKey = s3FileStore(parseS3Url(s3.url.replace("S3RVER:S3RVER", "INCONNU:faux")));
    await expect(wrongKey.put("attachments/org/x", new Uint8Array([1]), "x")).rejects.toThrow();
    await expect(wrongKey.get("attachments/org/sha")).rejects.toThrow();
    const noBucket = s3FileStore(parseS3Url(s3.url.replace(/\/registre$/, "/absent")));
    await expect(noBucket.put("attachments/org/x", new Uint8Array([1]), "x")).rejects.toThrow();
  });
});

describe("the environment of files", () => {
  it("reads S3_URL and FILE_MAX_BYTES; a size that is not a positive whole number keeps 20 MB", async () => {
    const { environmentFrom } = await import("../bootstrap.ts");
    expect(environmentFrom({ S3_URL: "http://k:s@h/b", FILE_MAX_BYTES: "1048576" })).toMatchObject({
      s3Url: "http://k:s@h/b",
      maxFileBytes: 1048576,
    });
    for (const bad of ["", "0", "-5", "1.5", "vingt"])
      expect(environmentFrom({ FILE_MAX_BYTES: bad }).maxFileBytes).toBeUndefined();
    expect(environmentFrom({}).s3Url).toBeUndefined();
  });
});
