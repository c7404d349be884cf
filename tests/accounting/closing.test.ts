import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { type Books, keepAtelierBooks, openBooks } from "./atelier.ts";

type Step = {
  key: string;
  id: string;
  standard: boolean;
  label: string | null;
  status: string;
  note: string;
};

describe.each(databaseKinds)(
  "Atelier Démo's closing file: checklist and year-end adjustments (%s)",
  (kind) => {
    let books: Books;
    let yearId: string;
    beforeAll(async () => {
      books = await openBooks(kind);
      await keepAtelierBooks(books);
      yearId = (await books.ok("GET", "/accounting/balance-sheet")).items[0].id;
      books.setDay("2025-12-31");
      await books.signInAgain();
    }, 120_000);
    afterAll(async () => books?.close());

    it("lists the ten standard steps to do, the routes not taking 'steps' for a year", async () => {
      const { items } = await books.ok("GET", `/accounting/balance-sheet/steps?yearId=${yearId}`);
      expect(items.map((s: Step) => [s.id, s.standard, s.status])).toEqual(
        [
          "stock",
          "accruals",
          "prepayments",
          "depreciation",
          "provisions",
          "bankReconciliation",
          "thirdParties",
          "vat",
          "corporateTax",
          "suspense",
        ].map((id) => [id, true, "todo"]),
      );
      expect(items[0].key).toBe(`${yearId}.stock`);
      // Without a year, every year's steps.
      expect((await books.ok("GET", "/accounting/balance-sheet/steps")).items).toHaveLength(10);
    });

    it("ticks a step with a note, adds the firm's own step, and refuses what makes no sense", async () => {
      const stock = await books.ok("PUT", `/accounting/balance-sheet/steps/${yearId}.stock`, {
        status: "done",
        note: "Inventaire physique du 31/12 :\nstock de fournitures 3 200 €",
      });
      expect(stock).toMatchObject({ id: "stock", status: "done", standard: true, label: null });
      expect(stock.note).toBe("Inventaire physique du 31/12 :\nstock de fournitures 3 200 €");
      expect(stock.updatedAt).not.toBeNull();
      expect(await books.ok("GET", `/accounting/balance-sheet/steps/${yearId}.stock`)).toEqual(stock);

      const own = await books.ok("POST", "/accounting/balance-sheet/steps", {
        yearId,
        label: "Faire signer la lettre d’affirmation",
      });
      expect(own).toMatchObject({
        standard: false,
        status: "todo",
        label: "Faire signer la lettre d’affirmation",
      });
      const renamed = await books.ok("PUT", `/accounting/balance-sheet/steps/${own.key}`, {
        label: "Lettre d’affirmation signée",
        status: "notApplicable",
      });
      expect(renamed).toMatchObject({ label: "Lettre d’affirmation signée", status: "notApplicable" });
      const { items } = await books.ok("GET", `/accounting/balance-sheet/steps?yearId=${yearId}`);
      expect(items).toHaveLength(11);
      expect(items.at(-1).key).toBe(own.key);

      const refusals = [
        await books.call("PUT", `/accounting/balance-sheet/steps/${yearId}.vat`, { label: "TVA" }),
        await books.call("PUT", `/accounting/balance-sheet/steps/${yearId}.vat`, { status: "finished" }),
        await books.call("PUT", `/accounting/balance-sheet/steps/${yearId}.nothing`, { status: "done" }),
        await books.call("GET", "/accounting/balance-sheet/steps/stock"),
        await books.call("POST", "/accounting/balance-sheet/steps", { yearId, label: "   " }),
      ];
      expect(refusals.map((r) => [r.status, r.body.code])).toEqual([
        [409, "closingStep.standardLabel"],
        [422, "closingStep.invalidStatus"],
        [404, "closingStep.notFound"],
        // No year's step: not a step's key at all.
        [422, "validation.invalid"],
        [422, "validation.required"],
      ]);
      expect(refusals[1]?.body.detail).toContain("finished");
      expect((await books.ok("GET", `/accounting/balance-sheet/steps/${yearId}.vat`)).status).toBe("todo");
    });

    it("proposes a depreciation as a draft OD entry of the year's last day, changed while a draft, fixed once validated", async () => {
      const before = await books.ok("GET", `/accounting/balance-sheet/${yearId}/calculate`);
      const added = await books.ok("POST", "/accounting/balance-sheet/lines", {
        yearId,
        kind: "depreciation",
        label: "Dotation aux amortissements 2025",
        debitAccount: "681120",
        creditAccount: "281830",
        amount: 20_000,
      });
      expect(added).toMatchObject({
        kind: "depreciation",
        journal: "OD",
        date: "2025-12-31",
        pieceRef: "INV-20251231",
        status: "draft",
        number: null,
        amount: 20_000,
        lines: [
          { account: "681120", auxiliary: null, debit: 20_000, credit: 0 },
          { account: "281830", auxiliary: null, debit: 0, credit: 20_000 },
        ],
      });
      // A draft blocks the closing like any other.
      const { warnings } = await books.ok("GET", `/accounting/balance-sheet/${yearId}/steps`);
      expect(warnings.find((w: { code: string }) => w.code === "yearEnd.drafts")).toMatchObject({
        blocking: true,
        items: ["31/12/2025 OD INV-20251231 Dotation aux amortissements 2025"],
      });
      const changed = await books.ok("PUT", "/accounting/balance-sheet/lines", {
        id: added.id,
        label: "Dotation aux amortissements 2025",
        debitAccount: "681120",
        creditAccount: "281830",
        amount: 25_000,
      });
      expect([changed.amount, changed.kind, changed.status]).toEqual([25_000, "depreciation", "draft"]);
      const list = await books.ok("GET", `/accounting/balance-sheet/${yearId}/lines`);
      expect([list.items.map((a: { id: string }) => a.id), list.total]).toEqual([[added.id], 25_000]);

      const refusals = [
        await books.call("POST", "/accounting/balance-sheet/lines", {
          yearId,
          kind: "stock",
          label: "Stock",
          debitAccount: "370000",
          creditAccount: "370000",
          amount: 100,
        }),
        await books.call("POST", "/accounting/balance-sheet/lines", {
          yearId,
          kind: "stock",
          label: "Stock",
          date: "2026-01-15",
          debitAccount: "370000",
          creditAccount: "603700",
          amount: 100,
        }),
        await books.call("POST", "/accounting/balance-sheet/lines", {
          yearId,
          kind: "stock",
          label: "Stock",
          debitAccount: "370000",
          creditAccount: "603700",
          amount: 0,
        }),
        await books.call("POST", "/accounting/balance-sheet/lines", {
          yearId,
          kind: "inventory",
          label: "Stock",
          debitAccount: "370000",
          creditAccount: "603700",
          amount: 100,
        }),
      ];
      expect(refusals.map((r) => [r.status, r.body.code])).toEqual([
        [422, "adjustment.sameAccount"],
        [422, "period.outsideYear"],
        [422, "adjustment.amountPositive"],
        [422, "validation.invalid"],
      ]);
      expect((await books.ok("GET", `/accounting/balance-sheet/${yearId}/lines`)).items).toHaveLength(1);

      await books.ok("PUT", "/accounting/entries/validate", { mvts: [added.id] });
      const validated = (await books.ok("GET", `/accounting/balance-sheet/${yearId}/lines`)).items[0];
      // The example has one OD entry already (its VAT return): this one comes next.
      expect([validated.status, validated.number]).toEqual(["validated", "OD000002"]);
      const late = await books.call("PUT", "/accounting/balance-sheet/lines", {
        id: added.id,
        label: "Autre",
        debitAccount: "681120",
        creditAccount: "281830",
        amount: 1,
      });
      expect([late.status, late.body.code]).toEqual([409, "entry.validatedImmutable"]);
      const after = await books.ok("GET", `/accounting/balance-sheet/${yearId}/calculate`);
      expect(after.incomeStatement.result).toBe(before.incomeStatement.result - 25_000);
      expect(after.balanceSheet.totalAssets).toBe(before.balanceSheet.totalAssets - 25_000);
    });

    it("keeps the closed year's file as it was: no step ticked, no adjustment added", async () => {
      await books.ok("GET", `/accounting/balance-sheet/${yearId}/validate?confirm=irreversible`);
      const step = await books.call("PUT", `/accounting/balance-sheet/steps/${yearId}.vat`, {
        status: "done",
      });
      const own = await books.call("POST", "/accounting/balance-sheet/steps", {
        yearId,
        label: "Après coup",
      });
      const line = await books.call("POST", "/accounting/balance-sheet/lines", {
        yearId,
        kind: "other",
        label: "Trop tard",
        debitAccount: "681120",
        creditAccount: "281830",
        amount: 100,
      });
      expect([step, own, line].map((r) => [r.status, r.body.code])).toEqual([
        [409, "fiscalYear.alreadyClosed"],
        [409, "fiscalYear.alreadyClosed"],
        [409, "fiscalYear.alreadyClosed"],
      ]);
      expect(step.body.detail).toContain("2025");
    });

    it("rebuilds the checklist's read model equal to the live one", async () => {
      const { ctx } = books;
      const rows = () =>
        ctx.database.db
          .selectFrom("closing_steps")
          .selectAll()
          .orderBy("org_id")
          .orderBy("year_id")
          .orderBy("id")
          .execute();
      await ctx.runner.waitFor(await ctx.store.head(), ["accounting_setup"], null, 10_000);
      const live = await rows();
      expect(live.length).toBeGreaterThanOrEqual(2);
      await ctx.runner.rebuild("accounting_setup");
      expect(await rows()).toEqual(live);
    });
  },
);
