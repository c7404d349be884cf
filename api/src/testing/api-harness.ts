import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join as joinPath } from "node:path";
import type { DatabaseKind } from "@registre/store";
import { afterAll, beforeAll } from "vitest";
import { openTestDatabase } from "../../../tests/support/databases.ts";
import { createApp } from "../app.ts";
import { type ContextOptions, openContext } from "../bootstrap.ts";
import type { AppContext } from "../context.ts";
import { parseEml } from "../mail/parse-eml.testing.ts";
import { answerChecker } from "./answer-schemas.ts";

export type Call = (
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
) => Promise<{ status: number; body: any }>;

/**
 * An API over a fresh database of the given kind, its projections running, for one test file:
 * `call` sends JSON to `/api<path>` (with a bearer token when given), `register` signs a new user up,
 * `join` makes a user a member (invitation, then acceptance), `mailsTo` reads the outbox (a
 * temporary DATA_DIR unless `env` gives one). `options` go to `openContext` (reactors, ports).
 */
export const apiHarness = (
  kind: DatabaseKind,
  env: Parameters<typeof openContext>[0] = {},
  /** The context's options: its reactors, the ports it acts through (an e-invoicing platform's double). */
  options: ContextOptions = {},
) => {
  const harness = {} as { ctx: AppContext; app: ReturnType<typeof createApp> };
  const dataDir = env.dataDir ?? mkdtempSync(joinPath(tmpdir(), "registre-api-"));
  let n = 0;
  beforeAll(async () => {
    harness.ctx = await openContext({ ...env, dataDir }, await openTestDatabase(kind), options);
    harness.ctx.work.warm();
    await harness.ctx.runner.start();
    harness.app = createApp(harness.ctx);
  });
  afterAll(async () => {
    await harness.ctx?.runner.stop();
    await harness.ctx?.database.close();
  });
  let checker: ReturnType<typeof answerChecker> | undefined;
  /** Every JSON answer parsed with its route's schema: an answer off its schema fails the test that got it. */
  const checked = async (method: string, path: string, res: Response) => {
    const answer = res.status === 204 ? null : await res.json();
    checker ??= answerChecker(harness.app);
    checker(method, `/api${path}`, res.status, answer);
    return answer;
  };
  const call: Call = async (method, path, token, body) => {
    const res = await harness.app.request(`/api${path}`, {
      method,
      headers: {
        ...(body !== undefined && { "content-type": "application/json" }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await checked(method, path, res) };
  };
  /** As `call`, in a language (French unless told) and with an Idempotency-Key when given. */
  const send = async (
    method: string,
    path: string,
    token: string,
    body?: unknown,
    options: { key?: string | undefined; lang?: string } = {},
  ) => {
    const res = await harness.app.request(`/api${path}`, {
      method,
      headers: {
        ...(body !== undefined && { "content-type": "application/json" }),
        authorization: `Bearer ${token}`,
        "accept-language": options.lang ?? "fr",
        ...(options.key && { "idempotency-key": options.key }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
    return { status: res.status, body: (await checked(method, path, res)) as any };
  };
  /** A new user (ASCII name: it becomes part of the e-mail), signed in without an organisation. */
  const register = async (name: string) => {
    const email = `${name.toLowerCase()}.${++n}.${kind}@exemple.fr`;
    const { body } = await call("POST", "/register", undefined, { email, password: "motdepasse1", name });
    return { email, token: body.token as string, id: body.user.id as string };
  };
  /** The owner (a session in the organisation) invites the user, who accepts. */
  const join = async (ownerToken: string, user: { email: string; token: string }, profile: string) => {
    const invited = await call("POST", "/contacts/users", ownerToken, { email: user.email, profile });
    if (invited.status !== 201) throw new Error(`invitation refused: ${JSON.stringify(invited.body)}`);
    const accepted = await call("POST", `/user/invitations/${invited.body.id}/accept`, user.token);
    if (accepted.status !== 200) throw new Error(`acceptance refused: ${JSON.stringify(accepted.body)}`);
    return accepted.body as { id: string; name: string; profile: string };
  };
  /** A new user who creates an organisation: the owner's session in it (every right) and its id. */
  const organisation = async (name: string) => {
    const owner = await register(name);
    const org = await send("POST", "/user/orgs", owner.token, {
      name: `Atelier ${name}`,
      siren: "552120222",
    });
    return { token: org.body.token as string, orgId: org.body.user.org.id as string };
  };
  /** The messages of the outbox sent to `email`, oldest first. */
  const mailsTo = (email: string) => {
    let files: string[] = [];
    try {
      files = readdirSync(joinPath(dataDir, "outbox")).sort();
    } catch {
      return [];
    }
    return files
      .map((file) => parseEml(readFileSync(joinPath(dataDir, "outbox", file), "utf8")))
      .filter((mail) => mail.headers.get("to")?.includes(email));
  };
  return { harness, call, send, organisation, register, join, mailsTo };
};
