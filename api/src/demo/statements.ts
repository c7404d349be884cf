import {
  type BankRule,
  bankingView,
  type CommandMetadata,
  type ContactIban,
  type LiveContact,
  vatPeriodOf,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import { importStatementFile } from "../banks/statement-import.ts";
import type { AppContext } from "../context.ts";
import { loadBanking } from "../payments/banking.ts";
import { bankText, type MonthLine, monthLines, transferLine } from "./bank-lines.ts";
import { type BankTransfer, monthEnd, monthStart } from "./payments.ts";
import { type DemoLine, type DemoStatement, demoCamt053, demoCfonb120 } from "./statement-files.ts";
import { seedDemoReturnsBefore, validateDemoReturns, vatDue, vatPaymentDay } from "./vat.ts";

/**
 * A statement line as the demo finds it again after its import: the bank's id the demo gave it (CAMT
 * AcctSvcrRef, read as its bank id; the CFONB 120 record's reference, read as its reference).
 */
export const lineKey = (line: { readonly bank_ref: string | null; readonly reference: string | null }) =>
  line.bank_ref ?? line.reference ?? "";

/** What the reconciliation is to do with lines no suggestion nor rule covers, and which lines it leaves. */
export type DemoStatementsPlan = {
  /** The last statement's lines left to reconcile, by `lineKey`. */
  readonly left: ReadonlySet<string>;
  /** The booking of each line whose entry is made from the line, by `lineKey`. */
  readonly bookings: ReadonlyMap<string, BankRule["booking"]>;
};

/**
 * The demo bank's last three months of statements, as its bank would send them: the two older months
 * as CAMT.053 files, the last as a CFONB 120 file, imported like any user's (the automatic bank rules
 * book their lines on import). Their lines are the demo's money on that bank that month: the customers'
 * and suppliers' transfers the books do not have yet (`seedDemoPayments`' answer: the contact's name and
 * IBAN, the invoices' numbers), the cheque deposit as its one line, and what a workshop's bank carries
 * besides (`monthLines`: rent, subscriptions, card receipts and purchases, URSSAF, fees). Each opening
 * balance is the books' balance of the bank before the month; nothing is matched but by the rules.
 */
export const seedDemoStatements = async (
  ctx: AppContext,
  orgId: string,
  metadata: () => CommandMetadata,
  transfers: readonly BankTransfer[],
): Promise<DemoStatementsPlan> => {
  const plan = { left: new Set<string>(), bookings: new Map<string, BankRule["booking"]>() };
  const banking = await loadBanking(ctx, orgId);
  const bank = Object.values(bankingView(banking.state).banks).find((b) => b.iban && !b.closed);
  if (!bank?.iban) return plan;
  const today = ctx.clock().toISOString().slice(0, 10);
  const db = readModels(ctx.database);
  const first = monthStart(today, 3);
  // This year's VAT returns before the statements, validated and paid (demo-vat.ts).
  await seedDemoReturnsBefore(ctx, orgId, metadata, first);
  const deposits = await db
    .selectFrom("deposits")
    .select(["number", "date", "total", "count"])
    .where("org_id", "=", orgId)
    .where("bank_account", "=", bank.account)
    .where("date", ">=", first)
    .execute();
  const contacts = await db
    .selectFrom("contacts")
    .select(["contact_id", "name", "state"])
    .where("org_id", "=", orgId)
    .execute();
  const contactOf = new Map(
    contacts.map((c) => [
      c.contact_id,
      {
        name: c.name,
        iban:
          (Object.values((c.state as LiveContact).ibans ?? {})[0] as ContactIban | undefined)?.iban ?? null,
      },
    ]),
  );
  const before = await db
    .selectFrom("ledger_lines")
    .select(sql<string>`coalesce(sum(debit - credit), 0)`.as("balance"))
    .where("org_id", "=", orgId)
    .where("account", "=", bank.account)
    .where("date", "<", first)
    .executeTakeFirstOrThrow();
  let opening = bank.openingBalance + Number(before.balance);
  let seq = 0;
  for (const back of [3, 2, 1]) {
    const from = monthStart(today, back);
    const to = monthEnd(from);
    const within = (day: string) => day >= from && day <= to;
    // Last month's VAT, declared once its statement is in, taken by the DGFIP's direct debit on the 15th.
    await validateDemoReturns(ctx, orgId, metadata, from);
    const declared = vatPeriodOf(monthStart(from, 1), "monthly").key;
    const vat = await vatDue(ctx, orgId, declared);
    const month: MonthLine[] = [
      ...(vat > 0 && within(vatPaymentDay(declared))
        ? [
            {
              date: vatPaymentDay(declared),
              amount: -vat,
              label: `PRLV SEPA DGFIP /MOTIF TVA 3310CA3 ${declared}`,
              short: "PRLV SEPA DGFIP",
              remittance: `TVA 3310CA3 ${declared}`,
              counterparty: "DGFIP",
              counterpartyIban: "FR7610071690000000100012345",
              code: "DDBT" as const,
            },
          ]
        : []),
      ...transfers
        .filter((t) => within(t.date))
        .map((t) => {
          const contact = contactOf.get(t.contactId);
          return transferLine({
            ...t,
            name: contact?.name ?? "",
            iban: contact?.iban ?? null,
          });
        }),
      ...deposits
        .filter((d) => within(d.date))
        .map(
          (d): MonthLine => ({
            date: d.date,
            amount: d.total,
            label: `REMISE CHEQUES ${d.number} /NB ${d.count} CHEQUES`,
            short: `REMISE CHEQUES ${d.number}`,
            remittance: `NB ${d.count} CHEQUES`,
            counterparty: null,
            counterpartyIban: null,
            code: "RCHQ",
          }),
        ),
      ...monthLines(from, back === 3),
    ].sort((a, b) => a.date.localeCompare(b.date) || b.amount - a.amount);
    const lines: DemoLine[] = month.map(({ booking, ...l }) => {
      const bankRef = `CL${l.date.replace(/-/g, "")}${String(++seq).padStart(4, "0")}`;
      if (booking) plan.bookings.set(bankRef, booking);
      return { ...l, bankRef };
    });
    if (back === 1) {
      // Left to do on the last statement: a customer's and a supplier's transfer (their suggestions),
      // the URSSAF debit (its rule proposed), the card purchases (entries to make from the lines).
      const lastOf = (code: DemoLine["code"]) => lines.filter((l) => l.code === code).at(-1);
      for (const l of [
        lastOf("RCDT"),
        lastOf("ICDT"),
        ...lines.filter((l) => l.code === "CCRD" || bankText(l.label).includes("URSSAF")),
      ])
        if (l) plan.left.add(l.bankRef);
    }
    const statement: DemoStatement = {
      id: `RELEVE-${from.slice(0, 7)}`,
      iban: bank.iban,
      bic: bank.bic ?? "CRLYFRPP",
      from,
      to,
      opening,
      lines,
    };
    opening += lines.reduce((s, l) => s + l.amount, 0);
    const cfonb = back === 1;
    await importStatementFile(
      ctx,
      orgId,
      {
        bankId: bank.id,
        fileName: `releve-${from.slice(0, 7)}.${cfonb ? "txt" : "xml"}`,
        bytes: new TextEncoder().encode(cfonb ? demoCfonb120(statement) : demoCamt053(statement)),
        locale: "fr",
      },
      metadata(),
    );
  }
  return plan;
};
