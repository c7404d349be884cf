import { setPriority } from "node:os";
import type { MessagePort } from "node:worker_threads";
import { DomainError } from "@registre/core";
import { ProblemError } from "../http/problem.ts";
import { WORKER_NICENESS } from "../uploads/limits.ts";
import { type TaskName, tasks } from "./tasks.ts";

/**
 * A worker thread's entry (piscina calls the default export once per task). Everything the task
 * says goes through the task's own port, in order: pieces of what it emits, then its result or its
 * refusal — errors are sent as data, because a thread's exception loses its class and fields.
 */

/**
 * A file's reading yields the processor to the requests: on Linux a thread's niceness is its own
 * (setpriority on the calling thread), so this thread, and only it, runs at WORKER_NICENESS. On a
 * machine whose cores are all busy the event loop that answers everyone is scheduled first; on an
 * idle one nothing changes. Elsewhere (macOS) the call would lower the whole server's priority: skipped.
 */
if (process.platform === "linux") {
  try {
    setPriority(WORKER_NICENESS);
  } catch {
    // A sandbox that refuses it: the thread keeps the server's priority.
  }
}

export type Failure =
  | {
      readonly kind: "problem";
      readonly status: number;
      readonly code: string;
      readonly params: Record<string, string | number>;
      readonly errors?: { path: string; code: string; message: string }[];
    }
  | {
      readonly kind: "domain";
      readonly status: number;
      readonly code: string;
      readonly params: Record<string, string | number>;
    }
  | { readonly kind: "error"; readonly message: string };

export type WorkerMessage =
  | { readonly kind: "started" }
  /** A piece of the task's items in JSON, parsed on the request thread in paced slices (`pool.ts`). */
  | { readonly kind: "items"; readonly json: string }
  | { readonly kind: "done"; readonly value: unknown; readonly bytes?: Uint8Array<ArrayBuffer> }
  | { readonly kind: "failed"; readonly failure: Failure; readonly bytes?: Uint8Array<ArrayBuffer> };

export type WorkerRequest = {
  readonly task: TaskName;
  readonly input: unknown;
  readonly port: MessagePort;
  /** The input's bytes were moved here: move them back with the result. */
  readonly sendBytesBack?: boolean;
};

const failureOf = (error: unknown): Failure => {
  if (error instanceof ProblemError)
    return {
      kind: "problem",
      status: error.status,
      code: error.code,
      params: { ...error.params },
      ...(error.errors && { errors: error.errors.map((e) => ({ ...e })) }),
    };
  if (error instanceof DomainError)
    return { kind: "domain", status: error.status, code: error.code, params: { ...error.params } };
  return { kind: "error", message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
};

export default async function work({
  task,
  input,
  port,
  sendBytesBack,
}:
  | WorkerRequest
  | { task: "warm"; input: null; port?: undefined; sendBytesBack?: undefined }): Promise<void> {
  // A thread started ahead of its first file: loading this module was the point.
  if (task === "warm" || !port) return;
  const emit = (items: unknown[]) => {
    if (items.length > 0)
      port.postMessage({ kind: "items", json: JSON.stringify(items) } satisfies WorkerMessage);
  };
  port.postMessage({ kind: "started" } satisfies WorkerMessage);
  // The bytes moved here go back with the answer, moved again (never copied).
  const bytes = sendBytesBack ? (input as { bytes: Uint8Array<ArrayBuffer> }).bytes : undefined;
  const back = bytes ? { bytes } : {};
  const transfer = bytes ? [bytes.buffer] : [];
  try {
    const run = tasks[task] as (input: unknown, emit: (items: unknown[]) => void) => unknown;
    const value = await run(input, emit);
    port.postMessage({ kind: "done", value, ...back } satisfies WorkerMessage, transfer);
  } catch (error) {
    port.postMessage(
      { kind: "failed", failure: failureOf(error), ...back } satisfies WorkerMessage,
      transfer,
    );
  } finally {
    port.close();
  }
}
