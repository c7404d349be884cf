import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { type Books, openBooks } from "./atelier.ts";

/**
 * Issue 22 §5: a return's totals are the VAT accounts' movements of its period, to the euro. Each run is
 * a new organisation (monthly CA3) and two random months of its first year made through the API's real commands:
 * sales invoices (goods at the rate, services waiting on 445740 until paid), credit notes on them,
 * purchase invoices from a French supplier (services on 445640 until paid), one who opted for the débits,
 * a German one (intra-EU goods, reverse-charged services) and an American one (imports, reverse-charged
 * services), fixed assets, at 20, 10, 5.5 and 2.1 %; payments of part or all of an invoice, in its month
 * or the next. Each month's return (GET /accounting/vat/{period}) is compared with the trial balance of
 * the month (POST /accounting/reports/balance), then validated: its settlement entry balances and
 * clears the month's VAT accounts.
 */

const RATES = ["20", "10", "5.5", "2.1"] as const;
/** The rate boxes (collected VAT), the deductible boxes. */
const RATE_BOXES = ["08", "9B", "09", "T6"];
const DEDUCTIBLE_BOXES = ["19", "20"];
/** The VAT the return takes: collected (4457 but 445740 waiting, 4452 self-assessed), deductible (4456 but 445640, and 445670 the credit carried). */
const collectedAccount = (a: string) =>
  (a.startsWith("4457") && !a.startsWith("44574")) || a.startsWith("4452");
const deductibleAccount = (a: string) =>
  a.startsWith("4456") && !a.startsWith("44564") && !a.startsWith("44567");
/** Cents to whole euros, half away from zero (the return's rule: `toEuros`). */
const toEuros = (cents: number) => Math.sign(cents) * Math.floor((Math.abs(cents) + 50) / 100);

type Supplier = "fr" | "frDebits" | "de" | "us";
type Sale = {
  readonly op: "sale";
  readonly day: number;
  readonly lines: readonly { net: number; rate: string; nature: "goods" | "services" }[];
  /** A credit note on the invoice's first line (a share of it, in percent), the same day. */
  readonly credit: number | null;
  /** Paid in part or whole (percent of what is due), this month (0) or the next (1). */
  readonly pay: { readonly share: number; readonly later: 0 | 1 } | null;
};
type Purchase = {
  readonly op: "purchase";
  readonly day: number;
  readonly supplier: Supplier;
  readonly lines: readonly { net: number; rate: string; nature: "goods" | "services"; asset: boolean }[];
  readonly pay: { readonly share: number; readonly later: 0 | 1 } | null;
};
type Operation = Sale | Purchase;

const netArb = fc.integer({ min: 1, max: 2_000_000 });
const payArb = fc.option(
  fc.record({ share: fc.integer({ min: 1, max: 100 }), later: fc.constantFrom(0 as const, 1 as const) }),
  { nil: null },
);
const saleArb: fc.Arbitrary<Sale> = fc.record({
  op: fc.constant("sale" as const),
  day: fc.integer({ min: 1, max: 28 }),
  lines: fc.array(
    fc.record({
      net: netArb,
      rate: fc.constantFrom(...RATES),
      nature: fc.constantFrom("goods" as const, "services" as const),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  credit: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null, freq: 3 }),
  pay: payArb,
});
const purchaseArb: fc.Arbitrary<Purchase> = fc.record({
  op: fc.constant("purchase" as const),
  day: fc.integer({ min: 1, max: 28 }),
  supplier: fc.constantFrom<Supplier>("fr", "frDebits", "de", "us"),
  lines: fc.array(
    fc.record({
      net: netArb,
      rate: fc.constantFrom(...RATES),
      nature: fc.constantFrom("goods" as const, "services" as const),
      asset: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  pay: payArb,
});
const monthArb = fc.array(fc.oneof(saleArb, purchaseArb), { minLength: 1, maxLength: 5 });
/** A first month (its next month and the one after stay in the year), and both months' operations. */
const runArb = fc.record({ month: fc.integer({ min: 1, max: 10 }), first: monthArb, second: monthArb });

const euros = (cents: number) => (cents / 100).toFixed(2);
/**
 * Each run is a year of its own (2026, 2027…): the test's clock only goes forward, as the sessions
 * expect (a session opened "later" than the clock is not one).
 */
let year = 2025;
const monthKey = (m: number) => `${year}-${String(m).padStart(2, "0")}`;
const dayOf = (m: number, d: number) => `${monthKey(m)}-${String(d).padStart(2, "0")}`;
const lastDay = (m: number) => new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);

const company = (name: string, types: string[], extra: Record<string, unknown> = {}) => ({
  kind: "company",
  name,
  types,
  addresses: [{ kind: "billing", line1: "3 place Bellecour", postalCode: "69002", city: "Lyon" }],
  ...extra,
});
const foreign = (name: string, country: string, city: string, legal: Record<string, unknown>) => ({
  kind: "company",
  name,
  types: ["supplier"],
  addresses: [{ kind: "billing", line1: "1 Main Street", postalCode: "10115", city, country }],
  legal,
});

type Box = { code: string; tax: number | null; exactTax: number | null };
type Row = { account: string; debit: number; credit: number };

describe.each(databaseKinds)("a VAT return's totals are its VAT accounts' movements (%s)", (kind) => {
  let books: Books;
  let organisations = 0;
  beforeAll(async () => {
    books = await openBooks(kind);
  }, 60_000);
  afterAll(async () => books?.close());

  /** A new user and organisation filing monthly, its customer and four suppliers. */
  const newOrganisation = async () => {
    const { ok } = books;
    year += 1;
    books.setDay(`${year}-01-02`);
    organisations += 1;
    // A user of its own: signing in again (sessions expire) opens the user's one organisation.
    await books.openOrganisation(`tva.prop.${organisations}`, {
      name: `Propriété TVA ${organisations} SARL`,
      vatOnDebits: false,
    });
    const customer = await ok(
      "POST",
      "/contacts",
      company("Alpha SARL", ["customer"], { legal: { siren: "732829320" } }),
    );
    const suppliers: Record<Supplier, string> = {
      fr: (await ok("POST", "/contacts", company("Beta SARL", ["supplier"]))).id,
      frDebits: (
        await ok("POST", "/contacts", company("Gamma SARL", ["supplier"], { legal: { vatOnDebits: true } }))
      ).id,
      de: (
        await ok("POST", "/contacts", foreign("Müller GmbH", "DE", "Berlin", { vatNumber: "DE136695976" }))
      ).id,
      us: (await ok("POST", "/contacts", foreign("Acme Inc", "US", "Boston", {}))).id,
    };
    return { customer: customer.id as string, suppliers };
  };

  /** Moves the clock to `day` (sessions expire after 14 days of it: signed in again). */
  const at = async (day: string) => {
    books.setDay(day);
    await books.signInAgain();
  };

  it("collected, deductible and net VAT equal the ledger's movements to the euro; the settlement balances and clears them", async () => {
    await fc.assert(
      fc.asyncProperty(runArb, async ({ month, first, second }) => {
        const { ok } = books;
        const org = await newOrganisation();
        let pieces = 0;
        type Due = { docId: string; side: "sales" | "purchases"; share: number };
        let nextMonth: Due[] = [];

        const pay = async (due: Due, day: string) => {
          const doc = await ok("GET", `/docs/${due.docId}`);
          const amount = Math.floor((doc.due * due.share) / 100);
          if (amount <= 0) return;
          await ok("POST", `/payments/${due.side}`, {
            date: day,
            amount,
            modeId: "transfer",
            reference: `VIR ${due.docId.slice(0, 8)}`,
            allocations: [{ docId: due.docId, amount }],
          });
        };

        /** One month's operations, in the order of their days; payments left for the next month queued. */
        const play = async (m: number, operations: readonly Operation[]) => {
          const queued = nextMonth;
          nextMonth = [];
          await at(dayOf(m, 1));
          for (const due of queued) await pay(due, dayOf(m, 1));
          for (const o of [...operations].sort((a, b) => a.day - b.day)) {
            const day = dayOf(m, o.day);
            await at(day);
            pieces += 1;
            const body =
              o.op === "sale"
                ? {
                    kind: "invoice",
                    direction: "sales",
                    issueDate: day,
                    contactId: org.customer,
                    lines: o.lines.map((l) => ({
                      kind: "free",
                      label: l.nature === "goods" ? "Marchandises" : "Prestation",
                      quantity: "1",
                      unitPrice: euros(l.net),
                      vatRate: l.rate,
                      account: l.nature === "goods" ? "707000" : "706000",
                      nature: l.nature,
                    })),
                  }
                : {
                    kind: "invoice",
                    direction: "purchases",
                    issueDate: day,
                    contactId: org.suppliers[o.supplier],
                    supplierNumber: `S-${pieces}`,
                    supplierDate: day,
                    lines: o.lines.map((l) => ({
                      kind: "free",
                      label: l.asset ? "Ordinateur" : l.nature === "goods" ? "Marchandises" : "Conseil",
                      quantity: "1",
                      unitPrice: euros(l.net),
                      vatRate: l.rate,
                      account: l.asset ? "218300" : l.nature === "goods" ? "607000" : "622600",
                      nature: l.asset ? "goods" : l.nature,
                    })),
                  };
            const draft = await ok("POST", "/docs", body);
            const invoice = await ok("PUT", `/docs/${draft.id}/status/validated`);
            const first = o.lines[0];
            if (o.op === "sale" && o.credit !== null && first) {
              const credit = await ok("POST", "/docs", {
                kind: "creditNote",
                direction: "sales",
                issueDate: day,
                from: {
                  relation: "creditNote",
                  docId: invoice.id,
                  selection: {
                    kind: "amounts",
                    amounts: [
                      {
                        net: euros(Math.max(1, Math.floor((first.net * o.credit) / 100))),
                        vatRate: first.rate,
                        account: first.nature === "goods" ? "707000" : "706000",
                        label: "Avoir",
                      },
                    ],
                  },
                },
              });
              await ok("PUT", `/docs/${credit.id}/status/validated`);
            }
            if (o.pay) {
              const due: Due = {
                docId: invoice.id,
                side: o.op === "sale" ? "sales" : "purchases",
                share: o.pay.share,
              };
              if (o.pay.later === 0) await pay(due, day);
              else nextMonth.push(due);
            }
          }
        };

        /** The month's return against its trial balance, then validated; answers the credit it carries. */
        const check = async (m: number) => {
          const period = monthKey(m);
          await at(dayOf(m + 1, 1));
          const vat = await ok("GET", `/accounting/vat/${period}`);
          const balance = await ok("POST", "/accounting/reports/balance", {
            start: `${period}-01`,
            end: lastDay(m),
          });
          const rows: Row[] = balance.rows;
          const movement = (taken: (a: string) => boolean, sign: 1 | -1) =>
            rows.filter((r) => taken(r.account)).reduce((s, r) => s + sign * (r.debit - r.credit), 0);
          const collected = movement(collectedAccount, -1);
          const deductible = movement(deductibleAccount, 1);
          const boxes: Box[] = vat.boxes;
          const box = (code: string) => boxes.find((b) => b.code === code);
          const tax = (code: string) => box(code)?.tax ?? 0;
          const exact = (codes: string[]) => codes.reduce((s, c) => s + (box(c)?.exactTax ?? 0), 0);

          // The lines: every VAT line of the month in a box, to the cent.
          expect(vat.warnings.map((w: { code: string }) => w.code)).not.toContain("vat.linesOutsideBoxes");
          expect(vat.warnings.map((w: { code: string }) => w.code)).not.toContain("vat.untaggedVatLines");
          expect(exact(RATE_BOXES)).toBe(collected);
          expect(exact(DEDUCTIBLE_BOXES)).toBe(deductible);
          // Each box rounded on its own (half up, to the euro); a rate whose VAT is negative (credit notes
          // above sales) is declared 0 and its VAT deducted on line 21.
          for (const code of [...RATE_BOXES, ...DEDUCTIBLE_BOXES]) {
            const rounded = toEuros(box(code)?.exactTax ?? 0);
            expect(tax(code)).toBe(RATE_BOXES.includes(code) ? Math.max(rounded, 0) : rounded);
          }
          // The totals, from the rounded boxes, to the euro: each box is at most 0,50 € from its exact
          // cents, so box 16 (less what line 21 took of negative rates) is within 4 × 0,50 € of the
          // collected movements, 19 + 20 within 2 × 0,50 € of the deductible ones, and the net (TD or
          // 25, less the credit carried in 22) within the six boxes' 3 €.
          const collectedDeclared = tax("16") - tax("21");
          expect(Math.abs(collectedDeclared * 100 - collected)).toBeLessThanOrEqual(RATE_BOXES.length * 50);
          expect(Math.abs((tax("19") + tax("20")) * 100 - deductible)).toBeLessThanOrEqual(
            DEDUCTIBLE_BOXES.length * 50,
          );
          const net = tax("TD") - tax("25") + tax("22");
          expect(tax("16") - tax("23") + tax("22")).toBe(net);
          expect(Math.abs(net * 100 - (collected - deductible))).toBeLessThanOrEqual(
            (RATE_BOXES.length + DEDUCTIBLE_BOXES.length) * 50,
          );
          expect(vat.warnings.filter((w: { blocking: boolean }) => w.blocking)).toEqual([]);

          // Validated: its settlement entry balances, moves the month's VAT as booked, and clears it.
          const validated = await ok("POST", "/accounting/entries/vat", { period });
          // Nothing to settle (no VAT in the month, nor a credit to carry on): no entry.
          const lines: Row[] = validated.settlementMvt
            ? (await ok("GET", `/accounting/entries/mvt/${validated.settlementMvt}`)).lines
            : [];
          if (!validated.settlementMvt) expect([collected, deductible, tax("22")]).toEqual([0, 0, 0]);
          const sum = (taken: (l: Row) => boolean, of: (l: Row) => number) =>
            lines.filter(taken).reduce((s, l) => s + of(l), 0);
          expect(
            sum(
              () => true,
              (l) => l.debit,
            ),
          ).toBe(
            sum(
              () => true,
              (l) => l.credit,
            ),
          );
          expect(
            sum(
              (l) => collectedAccount(l.account),
              (l) => l.debit - l.credit,
            ),
          ).toBe(collected);
          expect(
            sum(
              (l) => deductibleAccount(l.account),
              (l) => l.credit - l.debit,
            ),
          ).toBe(deductible);
          const rounding = sum(
            (l) => l.account === "658000" || l.account === "758000",
            (l) => l.debit - l.credit,
          );
          expect(Math.abs(rounding)).toBeLessThanOrEqual((RATE_BOXES.length + DEDUCTIBLE_BOXES.length) * 50);
          const after = await ok("POST", "/accounting/reports/balance", {
            start: `${period}-01`,
            end: lastDay(m),
          });
          for (const r of after.rows as Row[])
            if (collectedAccount(r.account) || deductibleAccount(r.account))
              expect([r.account, r.debit - r.credit]).toEqual([r.account, 0]);
          return tax("27");
        };

        await play(month, first);
        const carried = await check(month);
        await play(month + 1, second);
        await at(dayOf(month + 2, 1));
        const next = await ok("GET", `/accounting/vat/${monthKey(month + 1)}`);
        expect(next.creditCarried).toMatchObject({ euros: carried, from: monthKey(month) });
        await check(month + 1);
      }),
      // Each run makes an organisation and some twenty documents through the API: few runs, each a new
      // organisation; no shrinking (a failing run's months are written, the next runs would not be alike).
      { numRuns: kind === "pglite" ? 6 : 8, endOnFailure: true },
    );
  }, 240_000);
});
