// The `registre` command's TypeScript as one JavaScript module, bundled by esbuild: a command then loads
// one file of its own instead of compiling hundreds of TypeScript files through tsx's loader, which was
// most of a command's start-up (issue 23, point 2: 1.8 s of a FEC import's CLI run, whatever the file).
// The packages stay where they are (imported by name from the bundle, which lives under node_modules so
// that they resolve); `import.meta.url` keeps each source file's own address. Kept under the hash of its
// text with a manifest of the files it was made of: the next command reuses it while none of them
// changed (a look at each, milliseconds), and bundles again otherwise — as the worker threads' bundle
// does (api/src/workers/bundle.ts).
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const entry = fileURLToPath(new URL("../src/cli/main.ts", import.meta.url));
const cacheDir = fileURLToPath(new URL("../../node_modules/.cache/registre/", import.meta.url));
const manifestPath = join(
  cacheDir,
  `cli-${createHash("sha256").update(entry).digest("hex").slice(0, 12)}.json`,
);

const signature = (path) => {
  try {
    const s = statSync(path);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return "missing";
  }
};

/** The last bundle, when none of the files it was made of changed since. */
const reusable = () => {
  try {
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    if (!existsSync(manifest.file)) return undefined;
    for (const [path, was] of Object.entries(manifest.inputs)) if (signature(path) !== was) return undefined;
    return pathToFileURL(manifest.file).href;
  } catch {
    return undefined;
  }
};

/** Writes a file aside, then renames it: another process never reads it half written. */
const writeWhole = (file, text) => {
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, text);
  renameSync(aside, file);
};

/** The bundle's address, made when no reusable one exists. */
export const cliBundle = async () => {
  const again = reusable();
  if (again) return again;
  const { build, transform } = await import("esbuild");
  const result = await build({
    entryPoints: { main: entry },
    bundle: true,
    // What a command imports only when it runs (the server, for `serve`) in chunks of its own: a bundle
    // imports every package it names as it loads, and the server's (Hono, zod, the PDF) are hundreds of
    // modules a FEC import does not need.
    splitting: true,
    outdir: "out",
    entryNames: "[name]",
    chunkNames: "[name]-[hash]",
    // ES modules by their extension: under node_modules, no package.json says "type": "module".
    outExtension: { ".js": ".mjs" },
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins: [
      {
        name: "registre-cli",
        setup(esbuild) {
          // Packages by name, from node_modules; the workspaces' own (TypeScript) are bundled.
          esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@registre/") ? undefined : { external: true },
          );
          // Each file's import.meta.url is its own, wherever the bundle is.
          esbuild.onLoad({ filter: /\.ts$/ }, async (args) => {
            const text = await readFile(args.path, "utf8");
            if (!text.includes("import.meta.url")) return { contents: text, loader: "ts" };
            const url = JSON.stringify(pathToFileURL(args.path).href);
            const out = await transform(text, {
              loader: "ts",
              format: "esm",
              sourcefile: args.path,
              define: { "import.meta.url": url },
            });
            return { contents: out.code, loader: "js" };
          });
        },
      },
    ],
  });
  if (result.outputFiles.length === 0) throw new Error("the CLI bundle is empty");
  const digest = createHash("sha256");
  for (const out of result.outputFiles) digest.update(out.path).update(out.text);
  // One folder per bundle, its files written aside first: a command reads a whole bundle or none.
  mkdirSync(cacheDir, { recursive: true });
  const folder = join(cacheDir, `cli-${digest.digest("hex").slice(0, 16)}`);
  if (!existsSync(folder)) {
    const aside = `${folder}.${process.pid}.tmp`;
    mkdirSync(aside, { recursive: true });
    for (const out of result.outputFiles) writeFileSync(join(aside, basename(out.path)), out.text);
    renameSync(aside, folder);
  }
  const file = join(folder, "main.mjs");
  // Bundles of sources since changed, once no command can still be starting from them.
  for (const name of readdirSync(cacheDir))
    if (/^cli-[0-9a-f]{16}(\.mjs)?$/.test(name) && join(cacheDir, name) !== folder) {
      const old = join(cacheDir, name);
      if (Date.now() - statSync(old).mtimeMs > 60 * 60 * 1000) rmSync(old, { recursive: true, force: true });
    }
  // This file too: a bundle made otherwise is made again.
  const self = fileURLToPath(import.meta.url);
  const inputs = Object.fromEntries(
    [...Object.keys(result.metafile.inputs).map((input) => resolve(input)), self].map((path) => [
      path,
      signature(path),
    ]),
  );
  writeWhole(manifestPath, JSON.stringify({ file, inputs }));
  return pathToFileURL(file).href;
};
