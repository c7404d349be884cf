#!/usr/bin/env node
// The `registre` command: its TypeScript bundled into one module (cli-bundle.js), made again when a
// source changes; through tsx's loader, file by file, if the bundle cannot be made.
import { cliBundle } from "./cli-bundle.js";

const bundle = await cliBundle().catch(() => undefined);
if (bundle) await import(bundle);
else {
  const { register } = await import("tsx/esm/api");
  register();
  await import("../src/cli/main.ts");
}
