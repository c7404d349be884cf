import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { runCli } from "@registre/api";
import type { DatabaseKind } from "@registre/store";
import { openTestDatabase } from "./databases.ts";

export type CliResult = { code: number; stdout: string; stderr: string };
export type CliEnv = Readonly<Record<string, string | undefined>>;

/** The `registre` binary, run as a child process (tsx's loader, then the CLI). */
export const registreBin = fileURLToPath(new URL("../../api/bin/registre.js", import.meta.url));

/**
 * A database of its own for the CLI, as the environment names it: a fresh PostgreSQL database
 * (DATABASE_URL), or an embedded one in a new DATA_DIR. `dataDir` is a folder for the test's files.
 */
export const cliDatabase = async (kind: DatabaseKind) => {
  const dataDir = mkdtempSync(join(tmpdir(), "registre-cli-"));
  if (kind === "postgres") {
    const database = await openTestDatabase("postgres");
    await database.close();
    const url = database.url as string;
    return { url, dataDir, env: { ...process.env, DATABASE_URL: url } as CliEnv };
  }
  return {
    url: undefined,
    dataDir,
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: join(dataDir, "data") } as CliEnv,
  };
};

const sink = (append: (text: string) => void) =>
  new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      append(String(chunk));
      callback();
    },
  });

/** `registre …args` run in this process (`runCli`), its output captured. */
export const cliIn =
  (env: CliEnv) =>
  async (...args: string[]): Promise<CliResult> => {
    let stdout = "";
    let stderr = "";
    const code = await runCli(args, {
      env,
      stdout: sink((text) => {
        stdout += text;
      }),
      stderr: sink((text) => {
        stderr += text;
      }),
    });
    return { code, stdout, stderr };
  };

const run = promisify(execFile);

/** `registre …args` spawned: the real binary, its exit code and output. */
export const cliSpawned =
  (env: CliEnv) =>
  async (...args: string[]): Promise<CliResult> => {
    try {
      const { stdout, stderr } = await run(process.execPath, [registreBin, ...args], {
        env: env as NodeJS.ProcessEnv,
        timeout: 60_000,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };
