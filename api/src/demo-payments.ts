import type { CommandMetadata, DocumentOrigin } from "@registre/core";
import { readModels } from "@registre/projections";
import type { AppContext } from "./context.ts";
import { createBank, runBanking } from "./payments/banking.ts";
import { recordDeposit } from "./payments/deposits.ts";
import { recordPayment } from "./payments/payments.ts";

const addDays = (day: string, days: number): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The demo's money: a bank account (its 512001 account and BQ1 journal) that the bank modes go to, and
 * this year's invoices paid as a workshop's are: most by transfer some three weeks after they were
 * issued, every fourth one only half paid so far, the last six weeks' and a few older ones still open
 * (late), two
 * by cheque taken to the bank in one deposit, the March credit note netted against its invoice, and the
 * suppliers paid a month after their invoice.
 */
export const seedDemoPayments = async (ctx: AppContext, orgId: string, metadata: () => CommandMetadata) => {
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
  const cheques: string[] = [];
  let n = 0;
  for (const doc of docs) {
    if (doc.kind !== "invoice" || doc.due <= 0) continue;
    const sales = doc.direction === "sales";
    const date = addDays(doc.issue_date, sales ? 21 : 30);
    // The last six weeks' invoices are still open (those past their 30 days late), and a few older ones.
    if (doc.issue_date > addDays(today, -45) || date > today) continue;
    n++;
    if (sales && n % 7 === 5) continue;
    const credit = sales ? credits.get(doc.id) : undefined;
    const half = sales && n % 4 === 0 && !credit;
    const cheque = sales && cheques.length < 2 && n % 3 === 2 && !credit;
    const amount = half ? Math.floor(doc.due / 2) : doc.due;
    const id = await recordPayment(
      ctx,
      orgId,
      sales ? "sales" : "purchases",
      {
        date,
        amount: amount - (credit?.due ?? 0),
        modeId: cheque ? "cheque" : "transfer",
        reference: cheque ? `${String(4_512_300 + n)}` : `VIR ${doc.number}`,
        ...(cheque && { drawer: null, drawerBank: "Banque Populaire" }),
        allocations: [
          { docId: doc.id, amount },
          ...(credit && credit.due > 0 ? [{ docId: credit.id, amount: credit.due }] : []),
        ],
      },
      metadata(),
    );
    if (cheque) cheques.push(id);
  }
  if (cheques.length > 0) {
    const last = await readModels(ctx.database)
      .selectFrom("payments")
      .select((eb) => eb.fn.max("date").as("date"))
      .where("org_id", "=", orgId)
      .where("id", "in", cheques)
      .executeTakeFirst();
    const date = addDays(last?.date ?? today, 2);
    await recordDeposit(ctx, orgId, { date: date > today ? today : date, paymentIds: cheques }, metadata());
  }
};
