import { randomUUID } from "node:crypto";
import { parisDate } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";

type Answer = { status: number; body: unknown };

describe.each(databaseKinds)("Idempotency-Key, the reproductions of issue 8 §4 on %s", (kind) => {
  const { harness, register } = apiHarness(kind);
  /** A JSON request to `/api<path>` with an `Idempotency-Key`, answered as status and parsed body. */
  const send = async (
    method: string,
    path: string,
    key: string,
    token: string | undefined,
    body?: unknown,
  ): Promise<Answer> => {
    const res = await harness.app.request(`/api${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "idempotency-key": key,
        ...(token && { authorization: `Bearer ${token}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  /** An owner signed in to a new organisation of their own (books set up, this year open). */
  const owner = async (name: string) => {
    const { token } = await register(name);
    const created = await send("POST", "/user/orgs", randomUUID(), token, {
      name: `${name} SARL`,
      siren: "732829320",
    });
    expect(created.status).toBe(201);
    return (created.body as { token: string }).token;
  };
  const today = () => parisDate(new Date());
  const entry = (validate: boolean) => ({
    journal: "OD",
    date: today(),
    pieceRef: "P1",
    label: "Rejoué",
    validate,
    lines: [
      { account: "606100", debit: 1200, credit: 0 },
      { account: "512000", debit: 0, credit: 1200 },
    ],
  });

  for (const validate of [false, true])
    it(`replays POST /accounting/entries (${validate ? "validated" : "draft"}) with its first answer, not 404`, async () => {
      const token = await owner(validate ? "Valide" : "Brouillon");
      const key = randomUUID();
      const first = await send("POST", "/accounting/entries", key, token, entry(validate));
      expect(first.status).toBe(201);
      expect(await send("POST", "/accounting/entries", key, token, entry(validate))).toEqual(first);
      const list = await send("GET", "/accounting/entries", randomUUID(), token);
      expect((list.body as { total: number }).total).toBe(1);
    });

  it("replays POST /auth/items with its first answer, not 404", async () => {
    const token = await owner("Droits");
    const key = randomUUID();
    const item = { name: "Lecture", rights: [{ c: "accounting", r: 4 }] };
    const first = await send("POST", "/auth/items", key, token, item);
    expect(first.status).toBe(201);
    expect(await send("POST", "/auth/items", key, token, item)).toEqual(first);
  });

  it("replays POST /accounting/balance-sheet/steps with its first answer, not 404", async () => {
    const token = await owner("Cloture");
    const years = await send("GET", "/accounting/balance-sheet", randomUUID(), token);
    const yearId = (years.body as { items: { id: string }[] }).items[0]?.id;
    const key = randomUUID();
    const step = { yearId, label: "Lettre d’affirmation" };
    const first = await send("POST", "/accounting/balance-sheet/steps", key, token, step);
    expect(first.status).toBe(201);
    expect(await send("POST", "/accounting/balance-sheet/steps", key, token, step)).toEqual(first);
  });

  it("stores user B's phone sent with a key user A already used (keys are per user)", async () => {
    const a = await register("Alice");
    const b = await register("Bruno");
    const key = randomUUID();
    const phoneA = await send("POST", "/account/phones", key, a.token, {
      type: "work",
      number: "0123456789",
    });
    expect(phoneA.status).toBe(201);
    const phoneB = await send("POST", "/account/phones", key, b.token, {
      type: "cellular",
      number: "0612345678",
    });
    expect(phoneB).toMatchObject({ status: 201, body: { type: "cellular", number: "+33612345678" } });
    const listed = await send("GET", "/account/phones", randomUUID(), b.token);
    expect(listed.body).toEqual({ items: [phoneB.body] });
  });

  it("never burns an address registered with a key someone else already used", async () => {
    const key = randomUUID();
    const first = await send("POST", "/register", key, undefined, {
      email: `premier.${kind}@exemple.fr`,
      password: "motdepasse1",
      name: "Premier",
    });
    expect(first.status).toBe(201);
    const second = { email: `second.${kind}@exemple.fr`, password: "motdepasse2", name: "Second" };
    const reused = await send("POST", "/register", key, undefined, second);
    expect(reused.status).toBeLessThan(500);
    expect(reused.body).not.toEqual(first.body);
    if (reused.status !== 201) {
      // Refused as the other caller's key: nothing was stored, a fresh key registers the address.
      expect(reused).toMatchObject({ status: 422, body: { code: "idempotency.keyReused" } });
      expect((await send("POST", "/register", randomUUID(), undefined, second)).status).toBe(201);
    }
    const login = await send("POST", "/login", randomUUID(), undefined, {
      email: second.email,
      password: second.password,
    });
    expect(login).toMatchObject({ status: 200, body: { user: { email: second.email, name: "Second" } } });
  });
});
