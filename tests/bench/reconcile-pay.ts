/**
 * Issue 13's bulk reconciliation where every line pays an invoice (`reconcile.ts`'s second bulk figure):
 * an organisation with every mandatory mention and one customer, BENCH_RECONCILE_LINES (1,000) real
 * sales invoices drafted (`createDocument`) and validated (`commitValidation`: numbered, VT entry posted)
 * by 8 writers — the set-up, untimed —, a statement whose line i is the customer's transfer of invoice
 * i's total with its number in the label, then one `reconcileSelection` (what `POST
 * /banks/statements/{id}/bulk` runs) taking each line's best suggestion: per line one commit recording
 * and validating the payment, its BQ entry, the allocation, the 411 lettering and the line's match, its
 * read models waited for. Afterwards a count checks every invoice paid (due 0) and its 411 line lettered.
 */
import {
  type BankStatementLine,
  bankStatementDecider,
  bankStatementStreamId,
  lineIdentities,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import { handleCommand } from "../../api/src/commands.ts";
import type { AppContext } from "../../api/src/context.ts";
import { createDocument } from "../../api/src/documents/commands.ts";
import { commitValidation, validationReadModels } from "../../api/src/documents/validation.ts";
import { createBank, loadBanking, runBanking } from "../../api/src/payments/banking.ts";
import { reconcileReadModels, reconcileSelection } from "../../api/src/reconcile/accept.ts";
import { concurrently } from "./common.ts";
import { metadataOf, openBooks, WRITERS } from "./documents-validation.ts";

const ISSUED = "2026-02-02";
const PAID = "2026-03-16";

export type BulkPayFigures = {
  readonly lines: number;
  readonly seconds: number;
  /** This process's CPU time (user + system) over the bulk: the command's work and the projections'. */
  readonly cpuSeconds: number;
  readonly setupSeconds: number;
  readonly paid: number;
  readonly lettered: number;
  readonly skipped: number;
};

/** The figure: `count` invoices paid by `count` statement lines in one bulk action, then checked. */
export const benchBulkPayments = async (ctx: AppContext, count: number): Promise<BulkPayFigures> => {
  const setupStarted = performance.now();
  const books = await openBooks(ctx, 13);
  const { orgId } = books;
  const bankId = await createBank(ctx, orgId, { name: "Banque Encaissements" }, metadataOf(ctx));
  const bank = (await loadBanking(ctx, orgId)).view.banks[bankId];
  if (!bank) throw new Error("bank not created");
  await runBanking(
    ctx,
    orgId,
    { type: "CreatePaymentMode", data: { id: ctx.newId(), kind: "transfer", label: "Virement", bankId } },
    metadataOf(ctx),
  );
  const drafts: string[] = [];
  await concurrently(WRITERS, count, async (w, k) => {
    const i = k * WRITERS + w;
    drafts[i] = await createDocument(
      ctx,
      orgId,
      {
        kind: "invoice",
        direction: "sales",
        issueDate: ISSUED,
        contactId: books.customerId,
        lines: [
          {
            kind: "free",
            label: `Prestation de conseil ${i}`,
            quantity: "1",
            unitPrice: `${100 + i}.50`,
            vatRate: "20",
            account: "706000",
          },
        ],
      },
      metadataOf(ctx),
    );
  });
  await concurrently(WRITERS, count, async (w, k) => {
    const id = drafts[k * WRITERS + w];
    if (id) await commitValidation(ctx, orgId, id, metadataOf(ctx), ISSUED);
  });
  if (!(await ctx.runner.waitFor(await ctx.store.head(), validationReadModels, null, 120_000)))
    throw new Error("the documents read model did not catch up");
  const invoices = await readModels(ctx.database)
    .selectFrom("documents")
    .select(["id", "number", "total_incl_tax"])
    .where("org_id", "=", orgId)
    .where("validated_on", "is not", null)
    .orderBy("number")
    .execute();
  if (invoices.length !== count) throw new Error(`${invoices.length} invoices validated of ${count}`);

  // The statement: the customer's transfers, each of one invoice's total, its number in the label.
  const lines: BankStatementLine[] = invoices.map((inv) => ({
    bookingDate: PAID,
    amount: Number(inv.total_incl_tax),
    label: `VIR SEPA CLIENT 13 SARL FACTURE ${inv.number}`,
    details: [],
  }));
  const statementId = ctx.newId();
  const identities = lineIdentities(lines);
  await handleCommand(ctx, {
    orgId,
    streamId: bankStatementStreamId(statementId),
    decider: bankStatementDecider,
    commands: [
      {
        type: "ImportBankStatement",
        data: {
          id: statementId,
          bankId,
          account: bank.account,
          journal: bank.journal,
          source: "typed",
          file: null,
          reference: null,
          label: "Relevé des encaissements",
          from: PAID,
          to: PAID,
          opening: null,
          closing: null,
          notices: [],
          alreadyImported: 0,
          lines: lines.map((line, i) => ({ identity: identities[i] ?? String(i), line })),
        },
      },
    ],
    metadata: metadataOf(ctx),
    readModels: ["bank_statements"],
  });
  await ctx.runner.waitFor(
    await ctx.store.head(),
    ["bank_statements", "ledger", "documents", "contacts"],
    orgId,
  );
  await sql`analyze`.execute(ctx.database.db);
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await reconcileSelection(
    ctx,
    orgId,
    statementId,
    lines.map((_, i) => ({ no: i + 1 })),
    metadataOf(ctx),
  );
  // What the action answers after (its read models, waited for within the route's budget), made sure of.
  if (!(await ctx.runner.waitFor(await ctx.store.head(), reconcileReadModels, orgId, 60_000)))
    throw new Error("the read models did not show the payments within 60 s");
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;

  // The check: each invoice paid in full, its 411 line lettered, each line matched.
  const [check] = (
    await sql<{ paid: string; lettered: string; matched: string }>`
      select
        (select count(*) from documents d where d.org_id = ${orgId} and d.validated_on is not null
          and d.due = 0 and d.paid = d.total_incl_tax) as paid,
        (select count(*) from documents d join ledger_lines l on l.org_id = d.org_id and l.mvt = d.entry_mvt
          where d.org_id = ${orgId} and l.account like '411%' and l.letter_code is not null) as lettered,
        (select count(*) from bank_statement_lines s where s.org_id = ${orgId} and s.statement_id = ${statementId}
          and s.match_mvt is not null) as matched`.execute(ctx.database.db)
  ).rows;
  const paid = Number(check?.paid ?? 0);
  const lettered = Number(check?.lettered ?? 0);
  const skipped = result.items.filter((i) => i.status !== "paid").length;
  if (paid !== count || lettered !== count || Number(check?.matched ?? 0) !== count || skipped > 0)
    throw new Error(
      `bulk payments: ${paid} paid, ${lettered} lettered, ${check?.matched} matched of ${count}, ${skipped} skipped (${JSON.stringify(result.items.find((i) => i.status !== "paid"))})`,
    );
  return { lines: count, seconds, cpuSeconds, setupSeconds, paid, lettered, skipped };
};
