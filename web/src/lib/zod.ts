// biome-ignore lint/style/noRestrictedImports: the one place the web app imports zod itself
import { z } from "zod";

/**
 * zod for the web app, set up once before any schema is made: without `jitless`, making an object
 * schema tries `new Function("")` to see whether it may compile a faster parser, which the
 * Content-Security-Policy refuses (no 'unsafe-eval': api/src/http/security-headers.ts) — a violation
 * reported on every screen with a form. Every module of the web app takes `z` from here (biome's
 * noRestrictedImports), so that this runs first.
 */
z.config({ jitless: true });

export { z };
