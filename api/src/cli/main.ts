import type { StopSignal } from "./io.ts";
import { runCli } from "./program.ts";

// The `registre` process: its arguments, environment, streams and signals given to `runCli`.
const signals: readonly StopSignal[] = ["SIGINT", "SIGTERM"];
const code = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  // Only while a command listens (serve, events tail): otherwise a signal ends the process as usual.
  onSignal: (listener) => {
    for (const s of signals) process.on(s, listener);
    return () => {
      for (const s of signals) process.off(s, listener);
    };
  },
});
// What was written reaches the pipes, then the process ends (`serve` stopped by a second signal
// does not wait for the first one's shutdown).
const flushed = (stream: NodeJS.WriteStream) =>
  new Promise<void>((resolve) => stream.write("", () => resolve()));
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);
