import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

type S3rverServer = {
  run(): Promise<{ port: number; address: string }>;
  close(): Promise<void>;
};
const require = createRequire(import.meta.url);
const S3rver = require("s3rver") as new (options: Record<string, unknown>) => S3rverServer;

/**
 * An S3-compatible server in this process (`s3rver`), on a random port, with one empty bucket; its
 * `S3_URL` (s3rver's fixed credentials S3RVER:S3RVER). `close` stops it and removes its folder.
 */
export const startS3 = async (bucket = "registre") => {
  const directory = mkdtempSync(join(tmpdir(), "registre-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
