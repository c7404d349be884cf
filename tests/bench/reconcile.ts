/**
 * Issue 13's reconciliation benchmark on PostgreSQL: the suggestions for one statement line with
 * BENCH_RECONCILE_INVOICES open invoices (10,000 by default) and a fifth as many contacts with IBANs
 * in the read models (`lineSuggestions`, the route's work: the line, the declines and rules streams, the
 * invoices' and contacts' freshness check (their index kept in memory while it holds), the account's
 * unmatched movements, ranked), p50/p95 over a mix of lines (number in the label, amount alone, IBAN,
 * nothing); beside its raw anchor, the same reads as bare SQL through postgres.js. Then one bulk action reconciling BENCH_RECONCILE_LINES statement lines (1,000)
 * with their best suggestions, 1,000 unmatched movements of the bank's 512 account (`reconcileSelection`:
 * every open invoice read once, ranked, one commit), answered once the lines read model shows it.
 * The invoices and contacts are written straight into their read models (what suggestions read): making
 * 10,000 invoices through their commands would take the benchmark's whole budget.
 * Run by `npm run bench`, `BENCH_ONLY=reconcile npm run bench`, or `npx tsx tests/bench/reconcile.ts`.
 */
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import {
  type BankStatementLine,
  bankStatementDecider,
  bankStatementStreamId,
  lineIdentities,
} from "@registre/core";
import { sql } from "kysely";
import postgres from "postgres";
import { draftEntry } from "../../api/src/accounting/entries.ts";
import { handleCommand } from "../../api/src/commands.ts";
import { createBank } from "../../api/src/payments/banking.ts";
import { reconcileSelection } from "../../api/src/reconcile/accept.ts";
import { lineSuggestions } from "../../api/src/reconcile/suggestions.ts";
import { percentile, withBenchOrganisation, writeSection } from "./common.ts";
import { benchBulkPayments } from "./reconcile-pay.ts";

const START = "<!-- bench:reconcile -->";
const END = "<!-- /bench:reconcile -->";
const INVOICES = Number((process.env.BENCH_RECONCILE_INVOICES ?? "10000").replace(/_/g, ""));
const LINES = Number((process.env.BENCH_RECONCILE_LINES ?? "1000").replace(/_/g, ""));
const CONTACTS = Math.max(1, Math.floor(INVOICES / 5));
const QUERIES = 300;
const SUGGEST_TARGET_MS = 50;
const BULK_TARGET_S = 10;
const DAY = "2026-03-16";

const ibanOf = (i: number) => `FR76300040000${String(i).padStart(11, "0")}${String(i % 97).padStart(2, "0")}`;
const numberOf = (i: number) => `FA2026-${String(i).padStart(5, "0")}`;
/** The organisation's own database: the raw one's URL without its suffix. */
const mainUrl = (rawUrl: string) => {
  const url = new URL(rawUrl);
  url.pathname = url.pathname.replace(/_raw$/, "");
  return url.toString();
};
const dueOf = (i: number) => 5_000 + ((i * 7919) % 400_000);

export const runReconcileBench = async (report: string): Promise<void> => {
  const load = loadavg()[0] ?? 0;
  await withBenchOrganisation("reconcile", "Rapprochement SAS", async (bench) => {
    const { ctx, orgId, meta } = bench;
    const db = ctx.database.db;
    const bankId = await createBank(ctx, orgId, { name: "Banque" }, meta());
    const account = "512001";
    // The read models suggestions read: contacts with an IBAN each, open invoices spread over them.
    await sql`insert into contacts (org_id, contact_id, kind, name, sort_name, types, criteria, status, state, search,
        dup_keys, created_at, updated_at, version)
      select ${orgId}::uuid, ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'company',
        'Client ' || i || ' SARL', 'client ' || i, array['customer'], array[]::text[], 'active',
        jsonb_build_object('ibans', jsonb_build_object('k', jsonb_build_object('iban',
          'FR76300040000' || lpad(i::text, 11, '0') || lpad((i % 97)::text, 2, '0')))),
        'client ' || i, array[]::text[], now(), now(), 1
      from generate_series(0, ${CONTACTS - 1}) i`.execute(db);
    await sql`insert into documents (org_id, id, direction, kind, status, number, contact_id, contact_name, issue_date,
        due_date, total_excl_tax, total_vat, total_incl_tax, deposits, paid, due, validated_on, children, line_count,
        state, position, version, created_at, updated_at)
      select ${orgId}::uuid, ('00000000-0000-4000-9000-' || lpad(i::text, 12, '0'))::uuid, 'sales', 'invoice', 'validated',
        'FA2026-' || lpad(i::text, 5, '0'), ('00000000-0000-4000-8000-' || lpad((i % ${CONTACTS})::text, 12, '0'))::uuid,
        'Client ' || (i % ${CONTACTS}) || ' SARL', '2026-02-01', '2026-03-03', 0, 0, 5000 + ((i * 7919) % 400000), 0, 0,
        5000 + ((i * 7919) % 400000), '2026-02-01', '[]'::jsonb, 1, '{}'::jsonb, i, 1, now(), now()
      from generate_series(0, ${INVOICES - 1}) i`.execute(db);
    // 1,000 movements of the bank's account not reconciled yet: one entry, one 512 line each.
    const amounts = Array.from({ length: LINES }, (_, i) => 1_000_000 + i * 101);
    await draftEntry(
      ctx,
      orgId,
      {
        journal: "BQ1",
        date: DAY,
        pieceRef: "VIR-LOT",
        pieceDate: DAY,
        label: "Virements reçus",
        lines: [
          ...amounts.map((a) => ({ account, auxiliary: null, label: null, debit: a, credit: 0 })),
          {
            account: "471000",
            auxiliary: null,
            label: null,
            debit: 0,
            credit: amounts.reduce((s, a) => s + a, 0),
          },
        ],
      },
      meta(),
      { validate: true },
    );
    // The statement: the lines the bulk action takes, then a mix the suggestions are timed on.
    const mix: BankStatementLine[] = Array.from({ length: 200 }, (_, k) => {
      const i = (k * 37) % INVOICES;
      const c = i % CONTACTS;
      const kind = k % 4;
      if (kind === 0)
        return {
          bookingDate: DAY,
          amount: dueOf(i),
          label: `VIR CLIENT ${c} SARL FACTURE ${numberOf(i)}`,
          details: [],
        };
      if (kind === 1) return { bookingDate: DAY, amount: dueOf(i), label: `VIREMENT SEPA ${k}`, details: [] };
      if (kind === 2)
        return {
          bookingDate: DAY,
          amount: dueOf(i) + 1,
          label: `VIR SEPA RECU ${k}`,
          details: [],
          counterparty: { name: `CLIENT ${c} SARL`, iban: ibanOf(c) },
        };
      return { bookingDate: DAY, amount: -(1234 + k), label: `PRLV SEPA DIVERS ${k}`, details: [] };
    });
    const lines: BankStatementLine[] = [
      ...amounts.map((a, i) => ({ bookingDate: DAY, amount: a, label: `VIREMENT RECU ${i}`, details: [] })),
      ...mix,
    ];
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
            account,
            journal: "BQ1",
            source: "typed",
            file: null,
            reference: null,
            label: "Relevé de mars",
            from: DAY,
            to: DAY,
            opening: null,
            closing: null,
            notices: [],
            alreadyImported: 0,
            lines: lines.map((line, i) => ({ identity: identities[i] ?? String(i), line })),
          },
        },
      ],
      metadata: meta(),
      readModels: ["bank_statements"],
    });
    await ctx.runner.waitFor(
      await ctx.store.head(),
      ["bank_statements", "ledger", "documents", "contacts"],
      orgId,
    );
    await sql`analyze`.execute(db);

    // Suggestions for one line: warm up, then QUERIES over the mix.
    const mixNos = mix.map((_, k) => LINES + k + 1);
    const coldStarted = performance.now();
    await lineSuggestions(ctx, orgId, statementId, mixNos[0] ?? 1);
    const coldMs = performance.now() - coldStarted;
    for (const no of mixNos.slice(1, 20)) await lineSuggestions(ctx, orgId, statementId, no);
    const times: number[] = [];
    let found = 0;
    for (let q = 0; q < QUERIES; q++) {
      const no = mixNos[q % mixNos.length] ?? 1;
      const t = performance.now();
      const answer = await lineSuggestions(ctx, orgId, statementId, no);
      times.push(performance.now() - t);
      if (answer.items.length > 0) found++;
    }
    times.sort((a, b) => a - b);

    // The raw anchor: the same reads as bare SQL (no pipeline, no ranking), through postgres.js.
    const raw = postgres(mainUrl(bench.rawUrl), { max: 4, onnotice: () => {} });
    const rawTimes: number[] = [];
    for (let q = 0; q < QUERIES; q++) {
      const t = performance.now();
      await Promise.all([
        raw`select * from bank_statement_lines where org_id = ${orgId} and statement_id = ${statementId} and no = ${mixNos[q % mixNos.length] ?? 1}`,
        raw`select (select count(*) || ':' || coalesce(sum(version), 0) from documents where org_id = ${orgId})
          || '|' || (select count(*) || ':' || coalesce(sum(version), 0) from contacts where org_id = ${orgId})`,
        raw`select l.mvt, l.line, l.debit - l.credit from ledger_lines l where l.org_id = ${orgId} and l.account = ${account}
          and not exists (select 1 from bank_statement_lines s where s.org_id = l.org_id and s.match_mvt = l.mvt and s.match_line = l.line)`,
      ]);
      rawTimes.push(performance.now() - t);
    }
    await raw.end();
    rawTimes.sort((a, b) => a - b);
    const p95 = percentile(times, 0.95);

    // Bulk: the lines of the 1,000 movements, each with its best suggestion, in one action.
    const started = performance.now();
    const result = await reconcileSelection(
      ctx,
      orgId,
      statementId,
      amounts.map((_, i) => ({ no: i + 1 })),
      meta(),
    );
    const bulkSeconds = (performance.now() - started) / 1000;
    // The second bulk: every line pays a real invoice (another organisation of the same database).
    const pay = await benchBulkPayments(ctx, LINES);
    await bench.close();
    const matched = result.items.filter((i) => i.status === "matched").length;
    if (matched !== LINES) throw new Error(`bulk matched ${matched} of ${LINES}`);

    const section = [
      START,
      `### Reconciliation (issue 13), PostgreSQL — ${new Date().toISOString().slice(0, 10)}, load ${load.toFixed(1)} at the start, ${loadavg()[0]?.toFixed(1)} at the end (1-minute load average, 2 cores)`,
      "",
      `| measure | figure | target |`,
      `|---|---|---|`,
      `| suggestions for one line, ${INVOICES.toLocaleString("en")} open invoices, ${CONTACTS.toLocaleString("en")} contacts (\`lineSuggestions\`, ${QUERIES} calls over a mix: number, amount, IBAN, nothing) | p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${found}/${QUERIES} with a suggestion) | p95 ≤ ${SUGGEST_TARGET_MS} ms ${p95 <= SUGGEST_TARGET_MS ? "✓" : "✗"} |`,
      `| the first call, cold: the organisation's invoices and contacts read and indexed, kept until one of them changes | ${coldMs.toFixed(0)} ms | — |`,
      `| raw anchor: the same reads as bare SQL through postgres.js (the line, the invoices' and contacts' freshness, the account's unmatched movements), no pipeline, no ranking | p50 ${percentile(rawTimes, 0.5).toFixed(1)} ms, p95 ${percentile(rawTimes, 0.95).toFixed(1)} ms | — |`,
      `| one bulk action reconciling ${LINES.toLocaleString("en")} lines with their best suggestions (\`reconcileSelection\`: all open invoices read once, ${LINES.toLocaleString("en")} rankings, one commit, read model caught up) | ${bulkSeconds.toFixed(2)} s | ≤ ${BULK_TARGET_S} s ${bulkSeconds <= BULK_TARGET_S ? "✓" : "✗"} |`,
      `| one bulk action where each of ${pay.lines.toLocaleString("en")} lines pays one real validated sales invoice (\`reconcileSelection\`: best suggestion by invoice number and amount, then per line one commit — payment validated, BQ entry, allocation, 411 lettering, line matched — its read models caught up) | ${pay.seconds.toFixed(2)} s (${((pay.seconds / pay.lines) * 1000).toFixed(1)} ms a line; this process's CPU ${pay.cpuSeconds.toFixed(1)} s); checked: ${pay.paid.toLocaleString("en")} invoices paid, ${pay.lettered.toLocaleString("en")} lettered | ≤ ${BULK_TARGET_S} s ${pay.seconds <= BULK_TARGET_S ? "✓" : "✗"} |`,
      "",
      `The first bulk's lines are matched to existing movements (one commit on the statement's stream). The second's invoices are made through their commands (drafted, then validated by 8 writers: numbered, VT entry posted; ${pay.setupSeconds.toFixed(0)} s of set-up, untimed), in an organisation of their own with one customer.`,
      END,
    ].join("\n");
    writeSection(report, START, END, section);
    console.log(section);
  });
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  runReconcileBench(new URL("../../docs/performance.md", import.meta.url).pathname).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
