import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { type Operation, openApiSession } from "./api-session.ts";
import { collectIds, expectAnswered, fitsPathParameters } from "./checks.ts";
import { validValue } from "./schema-arbitrary.ts";

const SECRET = "SECRET-A";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * Issue 8, section 7: organisation B (every organisation right, no platform flag) sends organisation
 * A's real ids on every route of the OpenAPI document — in every path parameter and in every id of a
 * body. Nothing of A ever comes back (its marked texts, its ids other than those B sent), nothing of A
 * changes, and nothing answers 5xx. New routes are walked without editing this test.
 */
describe.each(databaseKinds)("another organisation's ids on every route, on %s", (kind) => {
  let api: Awaited<ReturnType<typeof openApiSession>>;
  let b: Awaited<ReturnType<Awaited<ReturnType<typeof openApiSession>>["signUp"]>>;
  /** A's ids, uuids first: what B tries everywhere. */
  let ids: string[] = [];

  beforeAll(async () => {
    api = await openApiSession(kind, "owner-a", { platformAdmin: false });
    const a = api.token();
    const ok = async (method: string, url: string, body?: unknown) => {
      const sent = await api.json(method, url, a, body);
      expect([url, sent.status < 300, sent.text]).toEqual([url, true, sent.text]);
      return JSON.parse(sent.text || "null");
    };
    await ok("PUT", "/org", { name: `${SECRET} SARL` });
    const years = await ok("GET", "/accounting/balance-sheet");
    const year =
      years.items.find((y: { start: string }) => y.start === "2026-01-01") ??
      (await ok("POST", "/accounting/balance-sheet", { start: "2026-01-01", end: "2026-12-31" }));
    await ok("POST", "/accounting/accounts", { number: "622999", label: `${SECRET} honoraires` });
    await ok("POST", "/accounting/journals", { code: "SA", label: `${SECRET} journal`, kind: "misc" });
    await ok("POST", "/accounting/accounts", {
      number: "CSECRETA",
      label: `${SECRET} client`,
      control: "411000",
    });
    const sale = (n: number) => ({
      journal: "VT",
      date: `2026-02-0${n}`,
      pieceRef: `${SECRET}-F${n}`,
      label: `${SECRET} vente ${n}`,
      validate: true,
      lines: [
        { account: "411000", auxiliary: "CSECRETA", debit: 1200, credit: 0 },
        { account: "706000", debit: 0, credit: 1200 },
      ],
    });
    await ok("POST", "/accounting/entries", sale(1));
    await ok("POST", "/accounting/entries", {
      ...sale(2),
      lines: [
        { account: "512000", debit: 1200, credit: 0 },
        { account: "411000", auxiliary: "CSECRETA", debit: 0, credit: 1200 },
      ],
    });
    await ok("POST", "/accounting/entries", { ...sale(3), validate: false });
    const lines = await ok("POST", "/accounting/reports/generalledger", {
      start: "2026-01-01",
      end: "2026-12-31",
      account: "411000",
    });
    const refs = lines.rows.map((r: { mvt: string; line: number }) => `${r.mvt}/${r.line}`);
    await ok("PUT", "/accounting/entries/mark", { lines: refs });
    await ok("POST", "/accounting/balance-sheet/steps", { yearId: year.id, label: `${SECRET} étape` });
    await ok("POST", "/accounting/balance-sheet/lines", {
      yearId: year.id,
      kind: "accrual",
      label: `${SECRET} charge à payer`,
      debitAccount: "622999",
      creditAccount: "408100",
      amount: 5000,
    });
    const item = await ok("POST", "/auth/items", {
      name: `${SECRET} rôle`,
      rights: [{ c: "accounting", r: 4 }],
    });
    await ok("POST", "/auth/assignments", { itemId: item.id, userId: api.userId });
    // A's documents: a customer, a quote and an invoice naming it, a history note.
    const customer = await ok("POST", "/contacts", {
      kind: "company",
      name: `${SECRET} client`,
      types: ["customer"],
      addresses: [{ line1: "1 rue A", postalCode: "75001", city: "Paris" }],
    });
    const quote = await ok("POST", "/docs", {
      kind: "quote",
      direction: "sales",
      issueDate: "2026-02-03",
      contactId: customer.id,
      label: `${SECRET} devis`,
      lines: [
        {
          kind: "free",
          label: `${SECRET} ligne`,
          quantity: "1",
          unitPrice: "10",
          vatRate: "20",
          account: "706000",
        },
      ],
    });
    await ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: "2026-02-03",
      contactId: customer.id,
    });
    await ok("POST", "/docs/histories", { docId: quote.id, text: `${SECRET} note` });
    await ok("POST", "/account/phones", { type: "work", number: "01 23 45 67 89" });
    await ok("POST", "/account/addresses", {
      street: `${SECRET} rue`,
      postcode: "75001",
      city: "Paris",
      country: "FR",
    });

    // Ids B may have too (the standard accounts and journals, the PCG) are not A's secrets.
    b = await api.signUp("Owner B", false);
    const own = new Set<string>();
    for (const op of api.operations)
      if (op.method === "GET" && !op.path.includes("{") && op.access !== "platform") {
        const sent = await api.json("GET", op.path, b.token());
        if (sent.status === 200 && sent.contentType.includes("json")) collectIds(JSON.parse(sent.text), own);
      }
    // A's ids: every id its own answers hold, reading each list and each of its rows (a row by
    // each id of A's own, not by the standard ones every organisation has).
    const found = new Set<string>([api.orgId, api.userId, "622999", "SA", "CSECRETA"]);
    const uuidsIn = (text: string) => {
      for (const m of text.matchAll(UUID)) found.add(m[0].toLowerCase());
    };
    for (const round of [0, 1])
      for (const op of api.operations) {
        if (op.method !== "GET" || op.access === "platform" || op.access === "public") continue;
        const params = [...op.path.matchAll(/\{[^}]+\}/g)];
        if ((round === 0) !== (params.length === 0)) continue;
        const candidates = [...found].filter((id) => !own.has(id) && fitsPathParameters(op, id));
        for (const id of round === 0 ? [""] : candidates.slice(0, 60)) {
          const sent = await api.json("GET", op.path.replace(/\{[^}]+\}/g, encodeURIComponent(id)), a);
          if (sent.status !== 200 || !sent.contentType.includes("json")) continue;
          uuidsIn(sent.text);
          collectIds(JSON.parse(sent.text), found);
        }
      }
    ids = [...found]
      .filter((id) => !own.has(id))
      .sort((x, y) => Number(!UUID.test(x)) - Number(!UUID.test(y)));
    expect(ids.length).toBeGreaterThan(15);
  }, 300_000);
  afterAll(() => api?.close());

  /**
   * The ids of A worth sending in `op`'s path: those its parameters' declared shapes let through (any
   * other is a 422 before a handler runs, which the malformed-ids walk covers); on a platform route,
   * refused to B whatever the id, two are enough. A parameter no id of A fits still gets two, refused.
   */
  const idsFor = (op: Operation): string[] => {
    const fitting = ids.filter((id) => fitsPathParameters(op, id));
    if (op.access === "platform") return fitting.length > 0 ? fitting.slice(0, 2) : ids.slice(0, 2);
    return fitting.length > 0 ? fitting : ids.slice(0, 2);
  };

  const leaks = (text: string, sent: string): string[] => {
    const out: string[] = [];
    if (text.includes(SECRET)) out.push(SECRET);
    for (const m of text.matchAll(UUID)) {
      const id = m[0].toLowerCase();
      if (ids.includes(id) && !sent.toLowerCase().includes(id)) out.push(id);
    }
    return out;
  };

  it("answers B no data of A and changes nothing of A, whatever id of A is in the path", async () => {
    const before = await api.eventCount(api.orgId);
    let tried = 0;
    for (const op of api.operations) {
      if (!op.path.includes("{")) continue;
      const body =
        op.body?.type === "application/json"
          ? JSON.stringify(fc.sample(validValue(op.body.schema, api.components), { numRuns: 1, seed: 7 })[0])
          : undefined;
      for (const id of idsFor(op)) {
        const url = op.path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
        const token = b.token();
        const sent = await api.request(op.method, url, {
          token,
          body,
          type: body ? "application/json" : undefined,
        });
        const what = `${op.operationId} ${op.method} ${url}`;
        expectAnswered(sent, what);
        expect([what, leaks(sent.text, url + (body ?? ""))]).toEqual([what, []]);
        await b.keepSignedIn(sent, token);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(await api.eventCount(api.orgId)).toBe(before);
  }, 300_000);

  it("answers B no data of A and changes nothing of A, whatever id of A is in a body", async () => {
    const before = await api.eventCount(api.orgId);
    const idLike = /^(id|mvt|itemId|userId|yearId|orgId|account|code|number|auxiliary|control|journal)$/;
    let tried = 0;
    for (const op of api.operations) {
      if (op.method === "GET" || op.body?.type !== "application/json") continue;
      const samples = fc.sample(validValue(op.body.schema, api.components), { numRuns: 3, seed: 11 });
      // Every id in every id field any of the samples has: the fewest samples holding all those
      // fields take each id; a sample with no id field goes once (its body is the same for every id).
      const { covering, idless } = coverIdFields(samples, idLike);
      const requests = [
        ...covering.flatMap((sample) => ids.slice(0, 25).map((id) => replaceIds(sample, id, idLike))),
        ...idless,
      ];
      for (const value of requests) {
        const body = JSON.stringify(value);
        const url = op.path.replace(/\{[^}]+\}/g, crypto.randomUUID());
        const token = b.token();
        const sent = await api.request(op.method, url, { token, body, type: "application/json" });
        const what = `${op.operationId} ${op.method} ${url} ${body.slice(0, 200)}`;
        expectAnswered(sent, what);
        expect([what, leaks(sent.text, body)]).toEqual([what, []]);
        await b.keepSignedIn(sent, token);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(await api.eventCount(api.orgId)).toBe(before);
  }, 300_000);
});

/** Where `replaceIds` puts an id in `value`: its paths, array positions as `*`. */
const idFields = (value: unknown, idLike: RegExp, path = ""): string[] => {
  if (typeof value === "string") return /^[0-9a-f-]{36}(\/\d+)?$/i.test(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v) => idFields(v, idLike, `${path}.*`));
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) =>
      idLike.test(k) && typeof v !== "object" ? [`${path}.${k}`] : idFields(v, idLike, `${path}.${k}`),
    );
  return [];
};

/**
 * The samples that, together, hold every id field any sample holds (picked greedily, the one adding
 * the most fields first), and those holding none.
 */
const coverIdFields = (samples: readonly unknown[], idLike: RegExp) => {
  const fields = samples.map((sample) => new Set(idFields(sample, idLike)));
  const missing = new Set(fields.flatMap((f) => [...f]));
  const covering: unknown[] = [];
  while (missing.size > 0) {
    const gain = (i: number) => [...(fields[i] ?? [])].filter((f) => missing.has(f)).length;
    const best = samples.reduce<number>((b, _, i) => (gain(i) > gain(b) ? i : b), 0);
    covering.push(samples[best]);
    for (const f of fields[best] ?? []) missing.delete(f);
  }
  return { covering, idless: samples.filter((_, i) => fields[i]?.size === 0) };
};

/** The value with every uuid string, every id-like member and every line reference set to `id`. */
const replaceIds = (value: unknown, id: string, idLike: RegExp): unknown => {
  if (typeof value === "string") {
    if (/^[0-9a-f-]{36}$/i.test(value)) return id;
    if (/^[0-9a-f-]{36}\/\d+$/i.test(value)) return `${id}/1`;
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => replaceIds(v, id, idLike));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        idLike.test(k) && typeof v !== "object" ? id : replaceIds(v, id, idLike),
      ]),
    );
  return value;
};
