/**
 * First-load JavaScript of the built web app (web/dist): the entry chunk plus every chunk it imports
 * statically, as listed in dist/.vite/manifest.json (`build.manifest`), gzipped one file at a time. The
 * lazy chunks (a route's screens, loaded on navigation) are not counted: the browser fetches them only
 * when a screen needs them. 1 KB = 1000 bytes, as Vite prints it.
 * Run after `vite build`: npx tsx web/scripts/bundle-size.ts
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** The budget of issue 9 §3. */
export const firstLoadBudgetBytes = 250_000;

type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

export type FirstLoad = {
  /** Each JavaScript file the first page load needs, with its raw and gzip sizes in bytes. */
  files: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
  bytes: number;
  /** JavaScript files of the build left out of the first load (lazy chunks). */
  lazyFiles: number;
};

export const defaultDist = fileURLToPath(new URL("../dist/", import.meta.url));

export const measureFirstLoad = (dist: string = defaultDist): FirstLoad => {
  const manifestPath = join(dist, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run vite build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error("the manifest has no entry chunk");
  const needed = new Set<string>();
  const visit = (key: string): void => {
    if (needed.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names ${key} but does not describe it`);
    needed.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const entry of entries) visit(entry);
  const files = [...needed]
    .map((key) => manifest[key]?.file ?? "")
    .filter((file) => file.endsWith(".js"))
    .sort()
    .map((file) => {
      const content = readFileSync(join(dist, file));
      return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    });
  const allJs = new Set(
    Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith(".js")),
  );
  return {
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    lazyFiles: allJs.size - files.length,
  };
};

export const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const load = measureFirstLoad(process.argv[2] ?? defaultDist);
  for (const file of load.files)
    console.log(`${file.file.padEnd(40)} ${kb(file.bytes).padStart(10)}  gzip ${kb(file.gzipBytes)}`);
  console.log(
    `first-load JavaScript: ${kb(load.gzipBytes)} gzip (${kb(load.bytes)} raw) in ${load.files.length} files; ` +
      `${load.lazyFiles} lazy chunks not counted; budget ${kb(firstLoadBudgetBytes)} gzip`,
  );
  if (load.gzipBytes > firstLoadBudgetBytes) process.exitCode = 1;
}
