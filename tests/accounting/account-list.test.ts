import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { type Books, openBooks } from "./atelier.ts";

type Row = {
  number: string;
  kind: "general" | "auxiliary";
  label: string;
  label_en: string;
  class: number;
  lettrable: boolean;
  collective: boolean;
  control: string | null;
  closed: boolean;
};

/** The answer as the server wrote it before PostgreSQL did: the rows mapped and `JSON.stringify`-ed. */
const expectedBody = (rows: Row[]) =>
  JSON.stringify({
    items: rows.map((r) => ({
      number: r.number,
      kind: r.kind,
      label: r.label,
      labelEn: r.label_en,
      class: r.class,
      lettrable: r.lettrable,
      collective: r.collective,
      control: r.control,
      closed: r.closed,
    })),
  });

describe.each(databaseKinds)("the accounts list (%s)", (kind) => {
  let books: Books;
  let orgId: string;
  beforeAll(async () => {
    books = await openBooks(kind);
    const email = `comptes.${Math.random().toString(36).slice(2)}@exemple.fr`;
    const user = await books.ok("POST", "/register", { email, password: "motdepasse1", name: "Gérante" });
    books.signIn(user.token);
    const created = await books.ok("POST", "/user/orgs", { name: "Comptes SARL", siren: "123456782" });
    books.signIn(created.token);
    // Labels JSON must escape (quotes, backslash, tab, line break), and text it must not.
    await books.ok("POST", "/accounting/accounts", {
      number: "606150",
      label: 'Achats "spéciaux" \\ tab\there\nligne 😀 \u2028 </script>',
      labelEn: "Special purchases",
    });
    await books.ok("POST", "/accounting/accounts", {
      number: "CLIENTX",
      label: "Client X",
      control: "411000",
    });
    await books.ok("PUT", "/accounting/accounts/606150", { closed: true });
    const { rows } = await sql<{ org_id: string }>`
      select org_id from accounts where number = 'CLIENTX'`.execute(books.ctx.database.db);
    orgId = rows[0]?.org_id ?? "";
  }, 60_000);
  afterAll(async () => books?.close());

  it("answers byte for byte what mapping and JSON.stringify of the rows gave, for every filter", async () => {
    const all = async (where: (r: Row) => boolean) => {
      const { rows } = await sql<Row>`select * from accounts where org_id = ${orgId} order by number`.execute(
        books.ctx.database.db,
      );
      return rows.filter(where);
    };
    const cases: [string, (r: Row) => boolean][] = [
      ["", () => true],
      ["?class=6", (r) => r.class === 6],
      ["?kind=auxiliary", (r) => r.kind === "auxiliary"],
      ["?q=sp%C3%A9ciaux", (r) => r.label.includes("spéciaux")],
      ["?q=Special", (r) => r.label_en.includes("Special")],
      ["?q=zzznothing", () => false],
    ];
    for (const [query, where] of cases) {
      const res = await books.app.request(`/api/accounting/accounts${query}`, {
        headers: { authorization: `Bearer ${books.token()}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json");
      const expected = expectedBody(await all(where));
      expect({ query, body: await res.text() }).toEqual({ query, body: expected });
    }
    const whole = JSON.parse(expectedBody(await all(() => true))) as { items: Row[] };
    expect(whole.items.length).toBeGreaterThan(500);
    expect(whole.items.find((a) => a.number === "606150")).toMatchObject({ closed: true, kind: "general" });
    expect(whole.items.find((a) => a.number === "CLIENTX")).toMatchObject({
      kind: "auxiliary",
      control: "411000",
    });
  });
});
