import { once } from "node:events";
import { InvalidArgumentError } from "commander";
import { type Environment, environmentFrom } from "../bootstrap.ts";

/** Where a command writes: the process's stdout or stderr, or a test's capture. */
export type CliStream = NodeJS.WritableStream & { readonly isTTY?: boolean | undefined };

export type StopSignal = "SIGINT" | "SIGTERM";

/**
 * What a run of the CLI reads and writes instead of the process's globals: its environment
 * variables, its output streams, and the stop signals it is sent (`main.ts` passes the process's).
 */
export type CliIo = {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: CliStream;
  readonly stderr: CliStream;
  /** Calls `listener` on each stop signal until the returned function is called. */
  readonly onSignal?: ((listener: (signal: StopSignal) => void) => () => void) | undefined;
};

/** One run of the CLI: its io, its environment, and the exit code its commands set. */
export type Cli = {
  readonly io: CliIo;
  readonly environment: Environment;
  /** A line on stdout (what `console.log` would print). */
  readonly print: (line: string) => void;
  /** A line on stderr. */
  readonly warn: (line: string) => void;
  /** Text on stdout, waiting when the pipe is full (a large ledger piped into a file or `less`). */
  readonly write: (text: string) => Promise<void>;
  /** Sets the exit code; the command goes on. */
  readonly exit: (code: number) => void;
  readonly exitCode: () => number;
};

export const createCli = (io: CliIo): Cli => {
  let code = 0;
  return {
    io,
    environment: environmentFrom(io.env),
    print: (line) => {
      io.stdout.write(`${line}\n`);
    },
    warn: (line) => {
      io.stderr.write(`${line}\n`);
    },
    write: async (text) => {
      if (!io.stdout.write(text)) await once(io.stdout, "drain");
    },
    exit: (next) => {
      code = next;
    },
    exitCode: () => code,
  };
};

export const parseUuid = (value: string): string => {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
    throw new InvalidArgumentError("expected an organisation id (a UUID)");
  return value.toLowerCase();
};
