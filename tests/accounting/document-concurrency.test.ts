import { DomainError } from "@registre/core";
import { readModels } from "@registre/projections";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocument } from "../../api/src/documents/commands.ts";
import { validateDocument } from "../../api/src/documents/validation.ts";
import { type Books, openBooks } from "./atelier.ts";

const metadata = (books: Books) => ({ commandId: books.ctx.newId(), at: books.ctx.clock().toISOString() });

// Real concurrency needs real connections: Postgres only (PGlite has one connection).
describe("eight invoice validators on one organisation (postgres)", () => {
  let books: Books;
  let orgId: string;
  let customerId: string;
  beforeAll(async () => {
    books = await openBooks("postgres");
    books.setDay("2025-02-03");
    const user = await books.ok("POST", "/register", {
      email: `factures.${Math.random().toString(36).slice(2)}@exemple.fr`,
      password: "motdepasse1",
      name: "Gérante",
    });
    books.signIn(user.token);
    const created = await books.ok("POST", "/user/orgs", {
      name: "Atelier Concurrent",
      siren: "552120222",
      vatNumber: "FR27552120222",
      address: { line1: "1 rue de la Paix", postalCode: "75002", city: "Paris", country: "FR" },
      fiscalYearStartMonth: 1,
    });
    books.signIn(created.token);
    orgId = created.user.org.id;
    customerId = (
      await books.ok("POST", "/contacts", {
        kind: "company",
        name: "Alpha SARL",
        types: ["customer"],
        addresses: [{ kind: "billing", line1: "3 place Bellecour", postalCode: "69002", city: "Lyon" }],
        legal: { siren: "732829320" },
      })
    ).id;
  }, 120_000);
  afterAll(async () => books?.close());

  it("numbers 40 invoices FA2025-00001… and their entries VT000001… once each, without a gap; every validated invoice has its entry", async () => {
    const { ctx } = books;
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push(
        await createDocument(
          ctx,
          orgId,
          {
            kind: "invoice",
            direction: "sales",
            issueDate: "2025-02-03",
            contactId: customerId,
            lines: [
              {
                kind: "free",
                label: `Prestation ${i}`,
                quantity: "1",
                unitPrice: `${100 + i}`,
                vatRate: "20",
                account: "706000",
              },
            ],
          },
          metadata(books),
        ),
      );
    const queue = [...ids];
    const worker = async () => {
      for (let id = queue.shift(); id; id = queue.shift())
        await validateDocument(ctx, orgId, id, metadata(books));
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await ctx.runner.drain();
    const docs = await readModels(ctx.database)
      .selectFrom("documents")
      .select(["id", "number", "entry_mvt", "total_incl_tax"])
      .where("org_id", "=", orgId)
      .execute();
    expect(docs.map((d) => d.number).sort()).toEqual(
      Array.from({ length: 40 }, (_, i) => `FA2025-${String(i + 1).padStart(5, "0")}`),
    );
    const entries = await readModels(ctx.database)
      .selectFrom("entries")
      .select(["mvt", "number", "piece_ref", "debit", "status", "origin"])
      .where("org_id", "=", orgId)
      .execute();
    expect(entries.map((e) => e.number).sort()).toEqual(
      Array.from({ length: 40 }, (_, i) => `VT${String(i + 1).padStart(6, "0")}`),
    );
    // No validated invoice without its entry: each names its entry, which names it back, at the total.
    const byMvt = new Map(entries.map((e) => [e.mvt, e]));
    for (const doc of docs) {
      const entry = byMvt.get(doc.entry_mvt ?? "");
      expect(entry).toMatchObject({ status: "validated", piece_ref: doc.number, debit: doc.total_incl_tax });
      expect(entry?.origin).toEqual({ kind: "document", doc: doc.id });
    }
    // In the log too: every DocumentValidated's commit holds its EntryValidated.
    const events = await ctx.database.db
      .selectFrom("events")
      .select(["tx_id", "type"])
      .where("org_id", "=", orgId)
      .where("type", "in", ["DocumentValidated", "EntryValidated"])
      .execute();
    const perCommit = new Map<string, string[]>();
    for (const e of events)
      perCommit.set(String(e.tx_id), [...(perCommit.get(String(e.tx_id)) ?? []), e.type]);
    expect(
      [...perCommit.values()].every((types) => types.sort().join() === "DocumentValidated,EntryValidated"),
    ).toBe(true);
    expect(perCommit.size).toBe(40);
  }, 120_000);

  it("numbers two invoices of one series validated at once in date order, or refuses the earlier-dated one committed last", async () => {
    const { ctx } = books;
    const invoiceOn = (issueDate: string) =>
      createDocument(
        ctx,
        orgId,
        {
          kind: "invoice",
          direction: "sales",
          issueDate,
          contactId: customerId,
          lines: [
            {
              kind: "free",
              label: "Prestation",
              quantity: "1",
              unitPrice: "100",
              vatRate: "20",
              account: "706000",
            },
          ],
        },
        metadata(books),
      );
    const refusals: string[] = [];
    for (let round = 0; round < 8; round++) {
      // d1 < d2, after the forty above; d2 asked first half the time.
      const d1 = `2025-03-${String(2 * round + 1).padStart(2, "0")}`;
      const d2 = `2025-03-${String(2 * round + 2).padStart(2, "0")}`;
      const [early, late] = [await invoiceOn(d1), await invoiceOn(d2)];
      const run = (id: string) =>
        validateDocument(ctx, orgId, id, metadata(books)).then(
          () => "validated",
          (error: unknown) => {
            if (!(error instanceof DomainError)) throw error;
            return error.code;
          },
        );
      const [a, b] = round % 2 ? [run(late), run(early)] : [run(early), run(late)];
      const outcomes = round % 2 ? [await b, await a] : [await a, await b];
      // The later-dated one always goes through; the earlier one is numbered before it, or refused cleanly.
      expect(outcomes[1]).toBe("validated");
      expect(["validated", "doc.dateBeforeLast"]).toContain(outcomes[0]);
      if (outcomes[0] !== "validated") refusals.push(d1);
    }
    await ctx.runner.drain();
    const docs = await readModels(ctx.database)
      .selectFrom("documents")
      .select(["number", "issue_date", "validated_on"])
      .where("org_id", "=", orgId)
      .where("number", "is not", null)
      .orderBy("number")
      .execute();
    // Numbers follow dates over the whole sequence, without a gap.
    const dates = docs.map((d) => d.issue_date);
    expect(dates).toEqual([...dates].sort());
    expect(docs.map((d) => d.number)).toEqual(
      Array.from({ length: docs.length }, (_, i) => `FA2025-${String(i + 1).padStart(5, "0")}`),
    );
    expect(docs.length).toBe(40 + 16 - refusals.length);
  }, 120_000);
});
