import { START } from "@registre/store";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../tests/support/databases.ts";
import { apiHarness } from "./testing/api-harness.ts";

/**
 * The reproductions of issue 8's probe (sections 1 to 3): hostile text, amounts past 2^53 and
 * malformed requests each get a 4xx problem that names what is wrong, append nothing, and leave every
 * read model running, on both databases.
 */
describe.each(databaseKinds)("hostile input on %s", (kind) => {
  const { harness, call, register } = apiHarness(kind);
  let token: string;
  let orgId: string;

  const events = () => harness.ctx.store.countAfter(START);
  const raw = (path: string, init: RequestInit & { token?: string } = {}) =>
    harness.app.request(`/api${path}`, {
      ...init,
      headers: {
        ...(init.token && { authorization: `Bearer ${init.token}` }),
        ...(init.headers as Record<string, string>),
      },
    });
  const entry = (lines: { account: string; label?: string; debit: number; credit: number }[]) => ({
    journal: "OD",
    date: "2026-03-02",
    pieceRef: "P1",
    label: "Écriture",
    lines,
  });
  const projectionsRunning = async () => {
    const status = await harness.ctx.runner.status();
    expect(status.filter((p) => p.status !== "running").map((p) => [p.name, p.failures])).toEqual([]);
  };

  beforeAll(async () => {
    const user = await register("Durable");
    const created = await call("POST", "/user/orgs", user.token, {
      name: "Atelier Solide",
      siren: "732829320",
    });
    expect(created.status).toBe(201);
    token = created.body.token;
    orgId = created.body.user.org.id;
    const year = await call("POST", "/accounting/balance-sheet", token, {
      start: "2026-01-01",
      end: "2026-12-31",
    });
    expect([201, 409]).toContain(year.status);
  });

  describe("text (section 1)", () => {
    it("refuses a lone surrogate in an entry line's label, naming the field, and appends nothing", async () => {
      const before = await events();
      const res = await call(
        "POST",
        "/accounting/entries",
        token,
        entry([
          { account: "512000", label: "lone \ud800", debit: 100, credit: 0 },
          { account: "706000", debit: 0, credit: 100 },
        ]),
      );
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("validation.invalid");
      expect(res.body.errors).toEqual([
        expect.objectContaining({ path: "lines.0.label", code: "validation.textSurrogate" }),
      ]);
      expect(await events()).toBe(before);
      await projectionsRunning();
    });

    it("refuses a NUL in an organisation's name and in a phone number", async () => {
      const user = await register("Nul");
      const before = await events();
      const org = await call("POST", "/user/orgs", user.token, {
        name: "Evil\u0000Corp",
        siren: "732829320",
      });
      expect(org.status).toBe(422);
      expect(org.body.errors).toEqual([
        expect.objectContaining({ path: "name", code: "validation.textNul" }),
      ]);
      const phone = await call("POST", "/account/phones", user.token, {
        type: "work",
        number: "01 23\u0000 45 67 89",
      });
      expect(phone.status).toBe(422);
      expect(phone.body.errors[0].path).toBe("number");
      expect(await events()).toBe(before);
      await projectionsRunning();
    });

    it("refuses control characters but tab and line breaks, in keys too", async () => {
      const bell = await call("POST", "/accounting/accounts", token, {
        number: "622691",
        label: "Honoraires\u0007",
      });
      expect(bell.status).toBe(422);
      expect(bell.body.errors[0]).toMatchObject({ path: "label", code: "validation.textControl" });
      const key = await call("POST", "/accounting/accounts", token, { number: "622691", "lab\u0000el": "x" });
      expect(key.status).toBe(422);
      const c1 = await call("POST", "/accounting/accounts", token, {
        number: "622691",
        label: "Honoraires\u0085",
      });
      expect(c1.status).toBe(422);
      const tab = await call("POST", "/accounting/accounts", token, {
        number: "622691",
        label: "Honoraires\tdivers\n",
      });
      expect(tab.status).toBe(201);
    });

    it("normalises text to NFC before it is stored", async () => {
      const res = await call("POST", "/accounting/accounts", token, {
        number: "622692",
        label: "Cafe\u0301 e\u0301quitable",
      });
      expect(res.status).toBe(201);
      expect(res.body.label).toBe("Café équitable");
      expect(res.body.label.length).toBe("Café équitable".length);
    });
  });

  describe("amounts (section 2)", () => {
    it("refuses lines of 2^53 - 1 cents, and every list and report still answers", async () => {
      const before = await events();
      const huge = Number.MAX_SAFE_INTEGER;
      const res = await call(
        "POST",
        "/accounting/entries",
        token,
        entry([
          { account: "512000", debit: huge, credit: 0 },
          { account: "512000", debit: huge, credit: 0 },
          { account: "706000", debit: 0, credit: huge },
          { account: "706000", debit: 0, credit: huge },
        ]),
      );
      expect(res.status).toBe(422);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain("lines.0.debit");
      expect(await events()).toBe(before);
      expect((await call("GET", "/accounting/entries", token)).status).toBe(200);
      const range = { start: "2026-01-01", end: "2026-12-31" };
      expect((await call("POST", "/accounting/reports/balance", token, range)).status).toBe(200);
    });

    it("refuses an entry whose total passes the bound, through the core too", async () => {
      const line = 10 ** 13;
      const lines = Array.from({ length: 101 }, () => ({ account: "512000", debit: line, credit: 0 }));
      const res = await call(
        "POST",
        "/accounting/entries",
        token,
        entry([...lines, ...lines.map(() => ({ account: "706000", debit: 0, credit: line }))]),
      );
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("entry.totalTooLarge");
    });

    it("refuses what would take the organisation's volume past what a number holds, without a trace", async () => {
      await sql`update org_heads set counters = jsonb_set(counters, '{volume}', to_jsonb(${Number.MAX_SAFE_INTEGER - 150}::bigint))
        where org_id = ${orgId}::uuid`.execute(harness.ctx.database.db);
      const before = await events();
      const lines = (cents: number) => [
        { account: "512000", debit: cents, credit: 0 },
        { account: "706000", debit: 0, credit: cents },
      ];
      const refused = await call("POST", "/accounting/entries", token, entry(lines(100)));
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe("organisation.volumeExceeded");
      expect(await events()).toBe(before);
      const accepted = await call("POST", "/accounting/entries", token, entry(lines(70)));
      expect(accepted.status).toBe(201);
      await sql`update org_heads set counters = jsonb_set(counters, '{volume}', '0') where org_id = ${orgId}::uuid`.execute(
        harness.ctx.database.db,
      );
    });

    it("answers a total too large for a number as a problem, never a 500 (events stored before the bounds)", async () => {
      const user = await register("Ancien");
      const created = await call("POST", "/user/orgs", user.token, {
        name: "Avant les bornes",
        siren: "732829320",
      });
      const other = created.body.token as string;
      const otherOrg = created.body.user.org.id as string;
      await call("POST", "/accounting/balance-sheet", other, { start: "2026-01-01", end: "2026-12-31" });
      // Appended beneath the decider, as the probe's drafts were before the bounds existed.
      const huge = Number.MAX_SAFE_INTEGER;
      for (const mvt of [crypto.randomUUID(), crypto.randomUUID()])
        await harness.ctx.store.append(
          otherOrg,
          `entry-${mvt}`,
          "no_stream",
          [
            {
              type: "EntryDrafted",
              data: {
                ...entry([
                  { account: "512000", debit: huge, credit: 0 },
                  { account: "706000", debit: 0, credit: huge },
                ]),
                pieceDate: "2026-03-02",
                mvt,
                origin: { kind: "manual" },
              },
            },
          ],
          { metadata: { commandId: crypto.randomUUID(), at: new Date().toISOString() } },
        );
      await harness.ctx.runner.drain();
      await projectionsRunning();
      const list = await call("GET", "/accounting/entries", other);
      expect(list.status).toBe(422);
      expect(list.body.code).toBe("amount.outOfRange");
      expect((await call("GET", "/accounting/entries", token)).status).toBe(200);
    });
  });

  describe("malformed requests (section 3)", () => {
    const badBodies = ["{bad json", '{"a":', "", "\u0000", "{'a': 1}"];

    it("answers 400 http.invalidJson to a body that is not JSON once the caller is known, 401 without a valid session", async () => {
      for (const body of badBodies) {
        for (const [path, auth, status, code] of [
          ["/accounting/reports/balance", token, 400, "http.invalidJson"],
          ["/accounting/reports/balance", undefined, 401, "identity.unauthenticated"],
          ["/accounting/reports/balance", "not-a-session", 401, "identity.unauthenticated"],
          ["/user/orgs/change", undefined, 400, "http.invalidJson"],
          ["/login", undefined, 400, "http.invalidJson"],
        ] as const) {
          const res = await raw(path, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
            ...(auth && { token: auth }),
          });
          expect([path, body, res.status]).toEqual([path, body, status]);
          expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
          expect((await res.json()).code).toBe(code);
        }
      }
    });

    it("closes the connection behind a body it did not read whole (413, 404 of no route), not behind one it read", async () => {
      const post = (path: string, body: string, token?: string) =>
        raw(path, {
          method: "POST",
          headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
          body,
          ...(token && { token }),
        });
      const big = await post("/login", JSON.stringify({ email: "a".repeat(1024 * 1024), password: "x" }));
      expect([big.status, big.headers.get("connection")]).toEqual([413, "close"]);
      const nowhere = await post("/nowhere", "{}");
      expect([nowhere.status, nowhere.headers.get("connection")]).toEqual([404, "close"]);
      const read = await post("/login", JSON.stringify({ email: "nobody@example.com", password: "wrong" }));
      expect([read.status, read.headers.get("connection")]).toEqual([401, null]);
    });

    it("answers 413 past 1 MB, 400 past the nesting bound, 415 to a body of another type", async () => {
      const big = await raw("/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "a".repeat(1024 * 1024), password: "x" }),
      });
      expect(big.status).toBe(413);
      expect((await big.json()).code).toBe("http.payloadTooLarge");
      const deep = await raw("/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
      });
      expect(deep.status).toBe(400);
      expect((await deep.json()).code).toBe("http.tooDeep");
      const text = await raw("/accounting/accounts", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "number=622800",
        token,
      });
      expect(text.status).toBe(415);
    });

    it("hands the body it read on to what comes after, even an empty one sent as a stream (browsers do)", async () => {
      const user = await register("Flux");
      const item = await call("POST", "/account/phones", user.token, { type: "work", number: "0123456789" });
      const res = await raw(`/account/phones/${item.body.id}`, {
        method: "DELETE",
        body: "",
        headers: { "idempotency-key": crypto.randomUUID(), "content-type": "application/json" },
        token: user.token,
      });
      expect(res.status).toBe(204);
      const out = await raw("/logout", {
        method: "POST",
        body: "",
        headers: { "idempotency-key": crypto.randomUUID() },
        token: user.token,
      });
      expect(out.status).toBe(204);
    });

    it("answers 422 naming the parameter for a NUL in a query, a path or an e-mail", async () => {
      for (const path of [
        "/accounting/entries?q=%00",
        "/accounting/entries?journal=V%00",
        "/accounting/accounts/%00",
        "/accounting/entries/mvt/%00",
      ]) {
        const res = await raw(path, { token });
        expect([path, res.status]).toEqual([path, 422]);
        expect((await res.json()).errors[0].code).toBe("validation.textNul");
      }
      for (const [path, body] of [
        ["/login", { email: "a\u0000@b.fr", password: "x" }],
        ["/password/renew", { email: "a\u0000@b.fr" }],
        ["/contacts/users", { email: "a\u0000@b.fr", profile: "accountant" }],
        ["/accounting/entries/unmark", { account: "411\u0000", code: "AA" }],
        [
          "/accounting/reports/generalledger",
          { start: "2026-01-01", end: "2026-12-31", account: "411\u0000" },
        ],
      ] as const) {
        const res = await call(path === "/accounting/entries/unmark" ? "PUT" : "POST", path, token, body);
        expect([path, res.status]).toEqual([path, 422]);
        expect(res.body.errors[0].code).toBe("validation.textNul");
      }
    });

    it("answers 422 to a line reference that is not one, and to impossible dates", async () => {
      for (const line of [
        `${"-".repeat(36)}/1`,
        `${crypto.randomUUID()}/${"9".repeat(20)}`,
        `${crypto.randomUUID()}/0`,
      ]) {
        const res = await call("PUT", "/accounting/entries/mark", token, { lines: [line, line] });
        expect([line, res.status]).toEqual([line, 422]);
        expect(res.body.errors[0].path).toBe("lines.0");
      }
      for (const path of [
        "/accounting/entries?start=2026-02-30",
        "/accounting/entries?end=2025-13-01",
        "/accounting/entries/download/2026?until=2026-02-30",
      ]) {
        const res = await raw(path, { token });
        expect([path, res.status]).toEqual([path, 422]);
        const problem = await res.json();
        expect(problem.errors[0].path).toMatch(/start|end|until/);
      }
    });
  });
});
