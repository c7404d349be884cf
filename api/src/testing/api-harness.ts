import type { DatabaseKind } from "@registre/store";
import { afterAll, beforeAll } from "vitest";
import { openTestDatabase } from "../../../tests/support/databases.ts";
import { createApp } from "../app.ts";
import { openContext } from "../bootstrap.ts";
import type { AppContext } from "../context.ts";

export type Call = (
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
) => Promise<{ status: number; body: any }>;

/**
 * An API over a fresh database of the given kind, its projections running, for one test file:
 * `call` sends JSON to `/api<path>` (with a bearer token when given), `register` signs a new user up.
 */
export const apiHarness = (kind: DatabaseKind, env: Parameters<typeof openContext>[0] = {}) => {
  const harness = {} as { ctx: AppContext; app: ReturnType<typeof createApp> };
  let n = 0;
  beforeAll(async () => {
    harness.ctx = await openContext(env, await openTestDatabase(kind));
    await harness.ctx.runner.start();
    harness.app = createApp(harness.ctx);
  });
  afterAll(async () => {
    await harness.ctx?.runner.stop();
    await harness.ctx?.database.close();
  });
  const call: Call = async (method, path, token, body) => {
    const res = await harness.app.request(`/api${path}`, {
      method,
      headers: {
        ...(body !== undefined && { "content-type": "application/json" }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };
  /** A new user (ASCII name: it becomes part of the e-mail), signed in without an organisation. */
  const register = async (name: string) => {
    const email = `${name.toLowerCase()}.${++n}.${kind}@exemple.fr`;
    const { body } = await call("POST", "/register", undefined, { email, password: "motdepasse1", name });
    return { email, token: body.token as string, id: body.user.id as string };
  };
  return { harness, call, register };
};
