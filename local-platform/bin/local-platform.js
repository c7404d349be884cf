#!/usr/bin/env node
// The local approved platform's command: its TypeScript run through tsx's loader.
const { register } = await import("tsx/esm/api");
register();
await import("../src/cli.ts");
