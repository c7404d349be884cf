import type { CommandMetadata, DocumentOrigin } from "@registre/core";
import { readModels } from "@registre/projections";
import { draftEntry } from "../accounting/entries.ts";
import type { AppContext } from "../context.ts";
import { bankOf, createBank, loadBanking, runBanking } from "../payments/banking.ts";
import { recordDeposit } from "../payments/deposits.ts";
import { recordPayment } from "../payments/payments.ts";
import { FORGOTTEN_MONTH } from "./last-year.ts";

export const addDays = (day: string, days: number): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The first day of the month `back` months before `day`'s. */
export const monthStart = (day: string, back: number): string => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - back);
  return d.toISOString().slice(0, 10);
};

/** The last day of the month that begins on `start`. */
export const monthEnd = (start: string): string => {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
};

/** The three calendar months before today's, whose statements the demo's bank sends. */
export const statementMonths = (today: string) => ({
  from: monthStart(today, 3),
  to: monthEnd(monthStart(today, 1)),
});

/**
 * A transfer the bank carried in a statement month that the books do not have yet: the statement's line
 * pays the invoices it names when its suggestion is accepted. `amount` in cents, + received.
 */
export type BankTransfer = {
  readonly date: string;
  readonly amount: number;
  readonly direction: "sales" | "purchases";
  readonly contactId: string;
  readonly invoices: readonly string[];
};

type Planned = {
  readonly date: string;
  readonly amount: number;
  readonly direction: "sales" | "purchases";
  readonly contactId: string;
  readonly invoice: { readonly id: string; readonly number: string; readonly due: number };
  readonly credit: { readonly id: string; readonly due: number } | undefined;
  readonly half: boolean;
};

/**
 * The demo's money: a bank account (its 512001 account and BQ1 journal) that the bank modes go to, and
 * this year's invoices paid as a workshop's are: most by transfer some three weeks after they were
 * issued, every fourth one only half paid so far, the last six weeks' and a few older ones still open
 * (late), the March credit note netted against its invoice, and the suppliers paid a month after their
 * invoice. Before the statement months the payments are recorded; within them, two customers' cheques
 * are recorded and taken to the bank in one deposit, and the transfers are left to the bank's statements
 * (answered: their lines pay the invoices when reconciled, a customer's two close invoices in one).
 */
export const seedDemoPayments = async (
  ctx: AppContext,
  orgId: string,
  metadata: () => CommandMetadata,
): Promise<BankTransfer[]> => {
  const bankId = await createBank(
    ctx,
    orgId,
    {
      name: "Crédit Lyonnais Lyon Bellecour",
      iban: "FR76 3000 6000 0112 3456 7890 189",
      bic: "CRLYFRPP",
      openingBalance: 0,
      openingDate: null,
    },
    metadata(),
  );
  for (const [id, kind, label, deposit] of [
    ["transfer", "transfer", "Virement bancaire", false],
    ["cheque", "cheque", "Chèque", true],
    ["card", "card", "Carte bancaire", false],
    ["directDebit", "directDebit", "Prélèvement", false],
  ] as const)
    await runBanking(
      ctx,
      orgId,
      { type: "UpdatePaymentMode", data: { id, kind, label, bankId, deposit } },
      metadata(),
    );

  const today = ctx.clock().toISOString().slice(0, 10);
  const window = statementMonths(today);
  // The workshop moved its money to this bank in January (before the statements, early in a year): most
  // of the old account's balance (BQ, 512000), through 580000 « Virements internes », each bank's journal its side.
  const bank = bankOf((await loadBanking(ctx, orgId)).view, bankId);
  const january = `${today.slice(0, 4)}-01-05`;
  const moved = january < window.from ? january : addDays(window.from, -1);
  for (const [journal, debit, credit] of [
    ["BQ", "580000", "512000"],
    [bank.journal, bank.account, "580000"],
  ] as const)
    await draftEntry(
      ctx,
      orgId,
      {
        journal,
        date: moved,
        pieceRef: "VIR-INTERNE",
        pieceDate: moved,
        label: "Virement vers le compte du Crédit Lyonnais",
        lines: [
          { account: debit, auxiliary: null, label: null, debit: 900_000, credit: 0 },
          { account: credit, auxiliary: null, label: null, debit: 0, credit: 900_000 },
        ],
      },
      metadata(),
      { validate: true, validatedOn: moved },
    );
  const docs = await readModels(ctx.database)
    .selectFrom("documents")
    .select(["id", "kind", "direction", "number", "issue_date", "due", "origin", "contact_id"])
    .where("org_id", "=", orgId)
    .where("validated_on", "is not", null)
    .where("kind", "in", ["invoice", "creditNote"])
    .orderBy("issue_date")
    .orderBy("position")
    .execute();
  const credits = new Map(
    docs
      .filter((d) => d.kind === "creditNote" && d.origin)
      .map((d) => [(d.origin as DocumentOrigin).docId, d] as const),
  );
  const planned: Planned[] = [];
  const thisYear = `${today.slice(0, 4)}-01-01`;
  let n = 0;
  for (const doc of docs) {
    if (doc.kind !== "invoice" || doc.due <= 0 || !doc.contact_id) continue;
    const sales = doc.direction === "sales";
    const date = addDays(doc.issue_date, sales ? 21 : 30);
    // Last year's (`last-year.ts`): paid in full, but for one September service invoice forgotten.
    if (doc.issue_date < thisYear) {
      const forgotten =
        sales &&
        doc.issue_date === `${Number(today.slice(0, 4)) - 1}-${String(FORGOTTEN_MONTH).padStart(2, "0")}-20`;
      if (!forgotten)
        planned.push({
          date,
          amount: doc.due,
          direction: sales ? "sales" : "purchases",
          contactId: doc.contact_id,
          invoice: { id: doc.id, number: doc.number ?? "", due: doc.due },
          credit: undefined,
          half: false,
        });
      continue;
    }
    // The last six weeks' invoices are still open (those past their 30 days late), and a few older ones.
    if (doc.issue_date > addDays(today, -45) || date > today) continue;
    n++;
    if (sales && n % 7 === 5) continue;
    const credit = sales ? credits.get(doc.id) : undefined;
    const half = sales && n % 4 === 0 && !credit;
    planned.push({
      date,
      amount: half ? Math.floor(doc.due / 2) : doc.due,
      direction: sales ? "sales" : "purchases",
      contactId: doc.contact_id,
      invoice: { id: doc.id, number: doc.number ?? "", due: doc.due },
      credit: credit && credit.due > 0 ? { id: credit.id, due: credit.due } : undefined,
      half,
    });
  }
  const within = (p: Planned) => p.date >= window.from && p.date <= window.to;
  // Within the statement months the transfers are the bank's: a customer with two invoices due within a
  // fortnight pays both with one transfer.
  const transfers: (BankTransfer & { payments: Planned[] })[] = [];
  for (const p of planned.filter(within)) {
    const both = transfers.find(
      (t) =>
        p.direction === "sales" &&
        !p.half &&
        t.direction === "sales" &&
        t.contactId === p.contactId &&
        t.payments.length === 1 &&
        !t.payments[0]?.half &&
        t.date >= addDays(p.date, -15),
    );
    if (both)
      Object.assign(both, {
        date: p.date,
        amount: both.amount + p.amount,
        invoices: [...both.invoices, p.invoice.number],
        payments: [...both.payments, p],
      });
    else
      transfers.push({
        date: p.date,
        amount: p.direction === "sales" ? p.amount : -p.amount,
        direction: p.direction,
        contactId: p.contactId,
        invoices: [p.invoice.number],
        payments: [p],
      });
  }
  // Two customers of the middle month pay by cheque instead, taken to the bank in one deposit.
  const middle = monthStart(today, 2).slice(0, 7);
  const byCheque = transfers
    .filter(
      (t) =>
        t.direction === "sales" && t.payments.length === 1 && !t.payments[0]?.half && !t.payments[0]?.credit,
    )
    .sort((a, b) => Number(b.date.startsWith(middle)) - Number(a.date.startsWith(middle)))
    .slice(0, 2);
  const cheques = byCheque.flatMap((t) => t.payments);
  const chequeIds: string[] = [];
  for (const p of planned.filter((p) => !within(p) || cheques.includes(p))) {
    const cheque = cheques.includes(p);
    const id = await recordPayment(
      ctx,
      orgId,
      p.direction,
      {
        date: p.date,
        amount: p.amount - (p.credit?.due ?? 0),
        modeId: cheque ? "cheque" : "transfer",
        reference: cheque ? `${String(4_512_300 + chequeIds.length * 17)}` : `VIR ${p.invoice.number}`,
        ...(cheque && { drawer: null, drawerBank: "Banque Populaire" }),
        allocations: [
          { docId: p.invoice.id, amount: p.amount },
          ...(p.credit ? [{ docId: p.credit.id, amount: p.credit.due }] : []),
        ],
      },
      metadata(),
    );
    if (cheque) chequeIds.push(id);
  }
  if (chequeIds.length > 0) {
    const last = cheques.reduce((d, p) => (p.date > d ? p.date : d), "");
    const date = addDays(last, 2);
    await recordDeposit(
      ctx,
      orgId,
      { date: date > window.to ? window.to : date, paymentIds: chequeIds },
      metadata(),
    );
  }
  return transfers
    .filter((t) => !byCheque.includes(t))
    .sort((a, b) => a.date.localeCompare(b.date))
    .map(({ payments: _, ...t }) => t);
};
