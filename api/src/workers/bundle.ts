import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

/**
 * The worker threads' code as one JavaScript file, bundled by esbuild from `worker.ts` and everything it
 * imports: a thread then loads a single module instead of compiling hundreds of TypeScript files through
 * tsx (and reading each one's source map) — seconds on a busy machine, for every new thread. Built once
 * per process, kept in the system's temporary folder under the hash of its text, with a manifest of the
 * files it was made of: the next process reuses it while none of them changed (a look at each), and
 * bundles again otherwise.
 */
let bundled: Promise<string> | undefined;

type Manifest = { readonly file: string; readonly inputs: Record<string, string> };

const entry = fileURLToPath(new URL("./worker.ts", import.meta.url));
/** Where the last bundle of this checkout says what it was made of. */
const manifestPath = join(
  tmpdir(),
  `registre-worker-${createHash("sha256").update(entry).digest("hex").slice(0, 12)}.json`,
);

const signature = (path: string): string => {
  try {
    const s = statSync(path);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return "missing";
  }
};

/** The last bundle, when none of the files it was made of changed since (a look at each: milliseconds). */
const reusable = (): string | undefined => {
  try {
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
    if (!existsSync(manifest.file)) return undefined;
    for (const [path, was] of Object.entries(manifest.inputs)) if (signature(path) !== was) return undefined;
    return pathToFileURL(manifest.file).href;
  } catch {
    return undefined;
  }
};

/** Writes a file aside, then renames it: another process never reads it half written. */
const writeWhole = (file: string, text: string) => {
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, text);
  renameSync(aside, file);
};

export const workerBundle = (): Promise<string> =>
  (bundled ??= (async () => {
    const again = reusable();
    if (again) return again;
    const result = await build({
      entryPoints: [fileURLToPath(new URL("./worker.ts", import.meta.url))],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      write: false,
      metafile: true,
      logLevel: "silent",
      // CommonJS packages in an ES module: their `require` of Node's modules needs one.
      banner: {
        js: "import { createRequire as __registreRequire } from 'node:module';\nconst require = __registreRequire(import.meta.url);",
      },
    });
    const text = result.outputFiles[0]?.text;
    if (!text) throw new Error("the worker bundle is empty");
    const file = join(
      tmpdir(),
      `registre-worker-${createHash("sha256").update(text).digest("hex").slice(0, 16)}.mjs`,
    );
    if (!existsSync(file)) writeWhole(file, text);
    const inputs = Object.fromEntries(
      Object.keys(result.metafile.inputs).map((input) => {
        const path = resolve(input);
        return [path, signature(path)];
      }),
    );
    writeWhole(manifestPath, JSON.stringify({ file, inputs } satisfies Manifest));
    return pathToFileURL(file).href;
  })());
