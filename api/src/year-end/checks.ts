import { bankingView, nextVatPeriod, vatPeriodOf } from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import { catchUpLedger } from "../accounting/books.ts";
import { accountMovements, type FiscalYearRow, trialBalanceReport } from "../accounting/queries.ts";
import { yearDrafts } from "../accounting/year-end.ts";
import { listStatementLines } from "../banks/statement-queries.ts";
import { catchUp } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { centsAsMoney, shortDateText } from "../http/message-params.ts";
import type { Locale } from "../http/messages.ts";
import { findOrganisation } from "../organisations.ts";
import { loadBanking } from "../payments/banking.ts";
import { listReturns } from "../vat/reads.ts";

/**
 * The year-end checks (reference, section 6.1): what stands in the way of closing a year, read from
 * every read model of the books — the bank statements, the documents, the VAT returns, the ledger. A
 * floor above the banks, since they read them all; the close itself (`accounting/year-end.ts`) asks
 * only the ledger's drafts.
 */

/** An invoice or credit note of a list's item, named in the reader's language. */
const documentName = (direction: string, kind: string, locale: Locale): string => {
  const side = direction === "purchases" ? 1 : 0;
  const names = {
    fr: {
      invoice: ["Facture client", "Facture fournisseur"],
      creditNote: ["Avoir client", "Avoir fournisseur"],
    },
    en: {
      invoice: ["Customer invoice", "Supplier invoice"],
      creditNote: ["Customer credit note", "Supplier credit note"],
    },
  }[locale];
  return names[kind as keyof typeof names]?.[side] ?? kind;
};

/** One finding of the year-end check: a stable code, how many items, and which (up to 50). */
export type YearEndWarning = { code: string; count: number; items: string[]; blocking: boolean };

/**
 * What stands in the way of closing a year (reference, section 6.1), each with its items: bank
 * statement lines of the year not reconciled (information, the spec's first warning), drafts (blocking: a closed year can never validate them), entries pending in the VAT journal,
 * invoices and credit notes not validated (information: a draft invoice is no fact of the books), VAT
 * periods of the year without a validated return,
 * suspense account 471 not empty, unlettered customers and suppliers (information), and an
 * unbalanced trial balance (blocking; cannot happen when every entry balances). Items read in `locale`:
 * their days and amounts as the reader writes them.
 */
export const yearEndChecks = async (
  ctx: AppContext,
  orgId: string,
  year: FiscalYearRow,
  locale: Locale = "fr",
): Promise<YearEndWarning[]> => {
  const day = (iso: string) => shortDateText(iso, locale);
  await catchUpLedger(ctx, orgId);
  const db = readModels(ctx.database);
  const warnings: YearEndWarning[] = [];
  // Unreconciled bank statements (the spec's first warning): their lines of the year not matched yet.
  await catchUp(ctx, orgId, ["bank_statements"]);
  const unmatched = await listStatementLines(ctx, orgId, {
    matched: false,
    from: year.start,
    to: year.end,
    limit: 50,
    offset: 0,
  });
  if (unmatched.total > 0) {
    const banks = bankingView((await loadBanking(ctx, orgId)).state).banks;
    warnings.push({
      code: "yearEnd.unreconciledStatements",
      count: unmatched.total,
      items: [...unmatched.items]
        .sort((a, b) => a.bookingDate.localeCompare(b.bookingDate))
        .map(
          (l) =>
            `${day(l.bookingDate)} ${banks[l.bankId]?.name ?? ""} ${l.label} ${centsAsMoney(l.amount, locale)}`,
        ),
      blocking: false,
    });
  }
  const drafts = await yearDrafts(ctx, orgId, year);
  const describe = (d: (typeof drafts)[number]) => `${day(d.date)} ${d.journal} ${d.piece_ref} ${d.label}`;
  if (drafts.length > 0)
    warnings.push({
      code: "yearEnd.drafts",
      count: drafts.length,
      items: drafts.slice(0, 50).map(describe),
      blocking: true,
    });
  const vat = drafts.filter((d) => d.vat);
  if (vat.length > 0)
    warnings.push({
      code: "yearEnd.vatJournalPending",
      count: vat.length,
      items: vat.slice(0, 50).map(describe),
      blocking: false,
    });
  // Invoices and credit notes not validated: never numbered nor posted (the documents read model caught up).
  await catchUp(ctx, orgId, ["documents"]);
  const invoices = await db
    .selectFrom("documents")
    .select(["issue_date", "kind", "direction", "contact_name", "total_incl_tax"])
    .where("org_id", "=", orgId)
    .where("status", "=", "draft")
    .where("kind", "in", ["invoice", "creditNote"])
    .where("issue_date", ">=", year.start)
    .where("issue_date", "<=", year.end)
    .orderBy("issue_date")
    .execute();
  if (invoices.length > 0)
    warnings.push({
      code: "yearEnd.invoicesNotValidated",
      count: invoices.length,
      items: invoices
        .slice(0, 50)
        .map(
          (d) =>
            `${day(d.issue_date)} ${documentName(d.direction, d.kind, locale)} ${d.contact_name ?? ""} ${centsAsMoney(d.total_incl_tax, locale)}`,
        ),
      blocking: false,
    });
  const movements = await accountMovements(ctx, orgId, year, { byAuxiliary: true });
  const suspense = movements.filter((m) => m.account.startsWith("471") && m.debit !== m.credit);
  if (suspense.length > 0)
    warnings.push({
      code: "yearEnd.suspenseNotEmpty",
      count: suspense.length,
      items: suspense.map((m) => `${m.account} ${centsAsMoney(m.debit - m.credit, locale)}`),
      blocking: false,
    });
  const open = await db
    .selectFrom("ledger_lines")
    .select(["account", "auxiliary", sql<number>`count(*)::integer`.as("count")])
    .where("org_id", "=", orgId)
    .where("date", "<=", year.end)
    .where("letter_code", "is", null)
    .where((eb) =>
      eb.or([eb("account", "like", "401%"), eb("account", "like", "404%"), eb("account", "like", "411%")]),
    )
    .groupBy(["account", "auxiliary"])
    .execute();
  if (open.length > 0)
    warnings.push({
      code: "yearEnd.unletteredThirdParties",
      count: open.reduce((s, o) => s + o.count, 0),
      items: open.map((o) => `${o.account} ${o.auxiliary ?? ""} (${o.count})`),
      blocking: false,
    });
  const unsettled = await vatNotSettled(ctx, orgId, year);
  if (unsettled.length > 0)
    warnings.push({
      code: "yearEnd.vatNotSettled",
      count: unsettled.length,
      items: unsettled,
      blocking: false,
    });
  const balance = await trialBalanceReport(ctx, orgId, year);
  if (balance.totals.debit !== balance.totals.credit)
    warnings.push({ code: "yearEnd.unbalanced", count: 1, items: [], blocking: true });
  return warnings;
};

/**
 * VAT not settled (the checklist's VAT step, read from the returns): the organisation's VAT periods that
 * end in the year without a validated return; none under the franchise, which files none.
 */
const vatNotSettled = async (ctx: AppContext, orgId: string, year: FiscalYearRow): Promise<string[]> => {
  const org = await findOrganisation(ctx, orgId);
  if (org.vatRegime === "franchise") return [];
  await catchUp(ctx, orgId, ["vat_lines"]);
  const declared = new Set((await listReturns(ctx, orgId)).map((r) => r.period));
  const periods: string[] = [];
  for (let p = vatPeriodOf(year.start, org.vatPeriodicity); p.end <= year.end; p = nextVatPeriod(p))
    if (p.end >= year.start && !declared.has(p.key)) periods.push(p.key);
  return periods;
};
