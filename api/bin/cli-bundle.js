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
import { join, resolve } from "node:path";
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
    entryPoints: [entry],
    bundle: true,
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
  const text = result.outputFiles[0]?.text;
  if (!text) throw new Error("the CLI bundle is empty");
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `cli-${createHash("sha256").update(text).digest("hex").slice(0, 16)}.mjs`);
  if (!existsSync(file)) writeWhole(file, text);
  // Bundles of sources since changed, once no command can still be starting from them.
  for (const name of readdirSync(cacheDir))
    if (/^cli-[0-9a-f]{16}\.mjs$/.test(name) && join(cacheDir, name) !== file) {
      const old = join(cacheDir, name);
      if (Date.now() - statSync(old).mtimeMs > 60 * 60 * 1000) rmSync(old, { force: true });
    }
  const inputs = Object.fromEntries(
    Object.keys(result.metafile.inputs).map((input) => {
      const path = resolve(input);
      return [path, signature(path)];
    }),
  );
  writeWhole(manifestPath, JSON.stringify({ file, inputs }));
  return pathToFileURL(file).href;
};
