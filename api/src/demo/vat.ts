import { bankingView, type CommandMetadata, parseVatPeriod, vatPeriodOf } from "@registre/core";
import { readModels } from "@registre/projections";
import { draftEntry } from "../accounting/entries.ts";
import type { AppContext } from "../context.ts";
import { createDocument } from "../documents/commands.ts";
import { validateDocument } from "../documents/validation.ts";
import { loadBanking } from "../payments/banking.ts";
import { listReturns } from "../vat/reads.ts";
import { validateVatReturn } from "../vat/validate.ts";

/**
 * The demo's VAT returns (issue 22): the workshop files monthly; this year's returns are validated and
 * paid up to last month — the months before the bank's statements paid by a BQ entry, those the statements
 * cover by the DGFIP's direct debit on the next month's statement (booked by its bank rule), last month's
 * by a BQ entry after them — this month's is to prepare. Each payment is of the return's due exactly, so
 * it is lettered with it as it is posted (`vat/payment-lettering.ts`). February's machine (box 19) leaves
 * a credit carried into March's box 22.
 */

/** The first of the month after `period`'s, plus `days`. */
const dayAfter = (periodKey: string, days: number): string => {
  const end = parseVatPeriod(periodKey).end;
  const next = new Date(`${end}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1 + days);
  return next.toISOString().slice(0, 10);
};

/** The day a month's VAT is paid: the 15th of the next month (the demo's deadline). */
export const vatPaymentDay = (periodKey: string): string => dayAfter(periodKey, 14);

/** What a validated return leaves to pay (box 32), in cents; 0 when none or not validated. */
export const vatDue = async (ctx: AppContext, orgId: string, periodKey: string): Promise<number> => {
  const row = (await listReturns(ctx, orgId)).find((r) => r.period === periodKey);
  return (row?.boxes.find((b) => b.code === "32")?.tax ?? 0) * 100;
};

/** This year's months that end before `before`, not yet declared, validated in order. */
export const validateDemoReturns = async (
  ctx: AppContext,
  orgId: string,
  metadata: () => CommandMetadata,
  before: string,
): Promise<string[]> => {
  const today = ctx.clock().toISOString().slice(0, 10);
  const declared = new Set((await listReturns(ctx, orgId)).map((r) => r.period));
  const validated: string[] = [];
  for (let month = 1; month <= 12; month++) {
    const period = vatPeriodOf(`${today.slice(0, 4)}-${String(month).padStart(2, "0")}-01`, "monthly");
    if (period.end >= before || period.end >= today) break;
    if (declared.has(period.key)) continue;
    if (month === 2) await buyMachine(ctx, orgId, metadata, period.end.slice(0, 8));
    await validateVatReturn(ctx, orgId, { period: period.key }, metadata());
    validated.push(period.key);
  }
  return validated;
};

/** February's investment: a panel saw, its VAT deductible at once (box 19), more than the month's VAT due. */
const buyMachine = async (ctx: AppContext, orgId: string, metadata: () => CommandMetadata, month: string) => {
  const supplier = await readModels(ctx.database)
    .selectFrom("contacts")
    .select("contact_id")
    .where("org_id", "=", orgId)
    .where("name", "=", "Bureau Vallée Lyon Sud")
    .executeTakeFirst();
  const id = await createDocument(
    ctx,
    orgId,
    {
      kind: "invoice",
      direction: "purchases",
      issueDate: `${month}20`,
      supplierNumber: `BV-${month.slice(0, 4)}-0218`,
      supplierDate: `${month}19`,
      contactId: supplier?.contact_id ?? null,
      lines: [
        {
          kind: "free",
          label: "Scie à format Altendorf F45",
          quantity: "1",
          unitPrice: "2400",
          vatRate: "20",
          account: "215400",
          nature: "goods",
        },
      ],
    },
    metadata(),
  );
  await validateDocument(ctx, orgId, id, metadata(), `${month}20`);
};

/** Pays a validated return's VAT by a BQ entry on the demo bank (445510 / 512), on `day`. */
export const payDemoReturn = async (
  ctx: AppContext,
  orgId: string,
  metadata: () => CommandMetadata,
  periodKey: string,
  day: string,
): Promise<void> => {
  const due = await vatDue(ctx, orgId, periodKey);
  if (due === 0) return;
  const bank = Object.values(bankingView((await loadBanking(ctx, orgId)).state).banks).find(
    (b) => b.iban && !b.closed,
  );
  await draftEntry(
    ctx,
    orgId,
    {
      journal: "BQ",
      date: day,
      pieceRef: `TVA ${periodKey}`,
      pieceDate: day,
      label: `Paiement de la TVA ${periodKey}`,
      lines: [
        { account: "445510", auxiliary: null, label: null, debit: due, credit: 0 },
        { account: bank?.account ?? "512000", auxiliary: null, label: null, debit: 0, credit: due },
      ],
    },
    metadata(),
    { validate: true, validatedOn: day },
  );
};

/**
 * The returns before the bank's statements (`first`, their first day): validated, and paid by BQ entries
 * when their payment day comes before the statements (the others by the statements' DGFIP lines).
 */
export const seedDemoReturnsBefore = async (
  ctx: AppContext,
  orgId: string,
  metadata: () => CommandMetadata,
  first: string,
): Promise<void> => {
  for (const period of await validateDemoReturns(ctx, orgId, metadata, first))
    if (vatPaymentDay(period) < first)
      await payDemoReturn(ctx, orgId, metadata, period, vatPaymentDay(period));
};

/** After the statements and their reconciliation: last month's return, paid on its day (or today). */
export const seedDemoLastReturns = async (
  ctx: AppContext,
  orgId: string,
  metadata: () => CommandMetadata,
): Promise<void> => {
  const today = ctx.clock().toISOString().slice(0, 10);
  for (const period of await validateDemoReturns(ctx, orgId, metadata, `${today.slice(0, 7)}-01`)) {
    const day = vatPaymentDay(period) < today ? vatPaymentDay(period) : today;
    await payDemoReturn(ctx, orgId, metadata, period, day);
  }
};
