import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answersOf } from "../../api/src/http/answer-cache.ts";
import { databaseKinds } from "../support/databases.ts";
import { type Books, openBooks } from "./atelier.ts";

/** Reads answered from the cache by read-model version: never past a change, never another organisation's. */
describe.each(databaseKinds)("answers cached by read-model version (%s)", (kind) => {
  let books: Books;
  let tokenA = "";
  let tokenB = "";

  const get = (path: string, token: string, headers: Record<string, string> = {}) =>
    books.app.request(`/api${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  const post = (path: string, token: string, body: unknown) =>
    books.app.request(`/api${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const organisation = async (name: string) => {
    const email = `cache.${Math.random().toString(36).slice(2)}@exemple.fr`;
    const user = await books.ok("POST", "/register", { email, password: "motdepasse1", name: "Gérante" });
    books.signIn(user.token);
    const created = await books.ok("POST", "/user/orgs", { name, siren: "123456782" });
    return created.token as string;
  };
  const draft = (label: string) => ({
    journal: "OD",
    date: "2025-01-01",
    pieceRef: "P-1",
    pieceDate: "2025-01-01",
    label,
    lines: [
      { account: "601000", debit: 1_000, credit: 0, auxiliary: null },
      { account: "512000", debit: 0, credit: 1_000, auxiliary: null },
    ],
  });

  beforeAll(async () => {
    books = await openBooks(kind);
    tokenA = await organisation("Alpha SARL");
    tokenB = await organisation("Beta SARL");
  }, 60_000);
  afterAll(async () => books?.close());

  it("answers the same bytes again with an ETag, and 304 when the client holds them", async () => {
    const first = await get("/accounting/accounts?class=6", tokenA);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const body = await first.text();
    const again = await get("/accounting/accounts?class=6", tokenA);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe(body);

    const held = await get("/accounting/accounts?class=6", tokenA, { "if-none-match": etag ?? "" });
    expect(held.status).toBe(304);
    expect(await held.text()).toBe("");
    const other = await get("/accounting/accounts?class=6", tokenA, { "if-none-match": '"something-else"' });
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(body);
  });

  it("answers a browser that accepts gzip the same JSON compressed, a client that does not as it is", async () => {
    const plain = await get("/accounting/accounts", tokenA);
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(2048);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/);
    for (let i = 0; i < 2; i++) {
      const zipped = await get("/accounting/accounts", tokenA, { "accept-encoding": "gzip, deflate, br" });
      expect(zipped.status).toBe(200);
      expect(zipped.headers.get("content-encoding")).toBe("gzip");
      expect(zipped.headers.get("etag")).toBe(plain.headers.get("etag"));
      const bytes = Buffer.from(await zipped.arrayBuffer());
      expect(bytes.length).toBeLessThan(text.length / 3);
      expect(gunzipSync(bytes).toString()).toBe(text);
    }
    const refused = await get("/accounting/accounts", tokenA, { "accept-encoding": "gzip;q=0" });
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect(await refused.text()).toBe(text);
  });

  it("gives a new answer once a command changed the read model, read right after the command", async () => {
    const before = await get("/accounting/entries", tokenA);
    const etag = before.headers.get("etag") ?? "";
    expect((JSON.parse(await before.text()) as { total: number }).total).toBe(0);

    books.signIn(tokenA);
    await books.ok("POST", "/accounting/entries", draft("Achat fournitures"));
    const after = await get("/accounting/entries", tokenA, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    const page = JSON.parse(await after.text()) as { total: number; items: { label: string }[] };
    expect(page.total).toBe(1);
    expect(page.items.map((i) => i.label)).toEqual(["Achat fournitures"]);

    const accounts = await get("/accounting/accounts?q=Fournitures%20sp%C3%A9ciales", tokenA);
    const accountsEtag = accounts.headers.get("etag") ?? "";
    expect(JSON.parse(await accounts.text())).toEqual({ items: [] });
    await books.ok("POST", "/accounting/accounts", { number: "606150", label: "Fournitures spéciales" });
    const changed = await get("/accounting/accounts?q=Fournitures%20sp%C3%A9ciales", tokenA, {
      "if-none-match": accountsEtag,
    });
    expect(changed.status).toBe(200);
    expect((JSON.parse(await changed.text()) as { items: { number: string }[] }).items).toEqual([
      expect.objectContaining({ number: "606150" }),
    ]);
  });

  it("never answers one organisation with another's answer, nor its ETag", async () => {
    books.signIn(tokenA);
    await books.ok("POST", "/accounting/entries", { ...draft("Achat validé"), validate: true });
    const a = await get("/accounting/entries", tokenA);
    const aBody = await a.text();
    const b = await get("/accounting/entries", tokenB);
    expect(b.headers.get("etag")).not.toBe(a.headers.get("etag"));
    expect((JSON.parse(await b.text()) as { total: number }).total).toBe(0);
    expect((JSON.parse(aBody) as { total: number }).total).toBe(2);
    // Holding A's ETag does not make B's answer "not modified".
    const bWithA = await get("/accounting/entries", tokenB, { "if-none-match": a.headers.get("etag") ?? "" });
    expect(bWithA.status).toBe(200);

    const range = { start: "2025-01-01", end: "2025-12-31" };
    const balanceA = await post("/accounting/reports/balance", tokenA, range);
    const balanceB = await post("/accounting/reports/balance", tokenB, range);
    expect(balanceA.status).toBe(200);
    expect(balanceB.status).toBe(200);
    const rowsOf = async (res: Response) => (JSON.parse(await res.text()) as { rows: unknown[] }).rows;
    expect(await rowsOf(balanceA)).toHaveLength(2);
    expect(await rowsOf(balanceB)).toEqual([]);
  });

  it("checks rights before the cache: no session, no answer, cached or not", async () => {
    expect((await get("/accounting/accounts", tokenA)).status).toBe(200);
    expect((await get("/accounting/accounts", "not-a-session")).status).toBe(401);
    const cache = answersOf(books.ctx.database);
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.bytes).toBeLessThanOrEqual(32 * 1024 * 1024);
  });
});
