import {
  addDays,
  bankingView,
  type CommandMetadata,
  checkVolume,
  counterFor,
  DomainError,
  type EntryCommand,
  type EntryContent,
  entryDecider,
  entryStreamId,
  type FiscalCommand,
  fiscalDecider,
  fiscalStreamId,
  nextVatPeriod,
  type OpenItem,
  openingLines,
  type PostingContext,
  parisDate,
  VOLUME_COUNTER,
  vatPeriodOf,
  volumeOf,
  yearAfter,
} from "@registre/core";
import { readModels } from "@registre/projections";
import type { MultiAppendResult } from "@registre/store";
import { sql } from "kysely";
import { listStatementLines } from "../banks/statement-queries.ts";
import {
  catchUp,
  handleMultiStream,
  loadAggregate,
  type MultiStreamPlan,
  streamDecision,
} from "../commands.ts";
import type { AppContext } from "../context.ts";
import { centsAsMoney, shortDateText } from "../http/message-params.ts";
import type { Locale } from "../http/messages.ts";
import { derivedId } from "../ids.ts";
import { findOrganisation } from "../organisations.ts";
import { loadBanking } from "../payments/banking.ts";
import { listReturns } from "../vat/reads.ts";
import { catchUpLedger } from "./books.ts";
import { ledgerReadModels, postingContext } from "./entries.ts";
import {
  accountMovements,
  type FiscalYearRow,
  findFiscalYear,
  fiscalYearStartMonth,
  trialBalanceReport,
} from "./queries.ts";
import { setupReadModels } from "./setup.ts";

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
  const drafts = await db
    .selectFrom("entries")
    .innerJoin("journals", (j) =>
      j.onRef("journals.org_id", "=", "entries.org_id").onRef("journals.code", "=", "entries.journal"),
    )
    .select(["entries.journal", "entries.date", "entries.piece_ref", "entries.label", "journals.vat"])
    .where("entries.org_id", "=", orgId)
    .where("entries.status", "=", "draft")
    .where("entries.date", ">=", year.start)
    .where("entries.date", "<=", year.end)
    .orderBy("entries.date")
    .execute();
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

/**
 * The opening entry lines of the year after `year`, from `year`'s ledger: classes 1-5 carried
 * forward, third parties as their open items, the result to 120/129.
 */
const computeOpening = async (ctx: AppContext, orgId: string, year: FiscalYearRow) => {
  const movements = await accountMovements(ctx, orgId, year);
  const collective = new Set(
    (
      await readModels(ctx.database)
        .selectFrom("accounts")
        .select("number")
        .where("org_id", "=", orgId)
        .where("collective", "=", true)
        .execute()
    ).map((r) => r.number),
  );
  const items = await readModels(ctx.database)
    .selectFrom("ledger_lines")
    .select(["account", "auxiliary", "label", "debit", "credit", "date", "piece_ref"])
    .where("org_id", "=", orgId)
    .where("date", ">=", year.start)
    .where("date", "<=", year.end)
    .where("account", "in", collective.size ? [...collective] : [""])
    .where((eb) => eb.or([eb("letter_code", "is", null), eb("letter_date", ">", year.end)]))
    .orderBy("account")
    .orderBy("auxiliary")
    .orderBy("date")
    .orderBy("position")
    .orderBy("line")
    .execute();
  const openItems: OpenItem[] = items.map((i) => ({
    account: i.account,
    auxiliary: i.auxiliary,
    label: `${i.piece_ref} ${i.label}`.slice(0, 200),
    debit: i.debit,
    credit: i.credit,
  }));
  return openingLines(
    movements.filter((m) => !collective.has(m.account)),
    openItems,
    { result: `Résultat de l'exercice ${year.start.slice(0, 4)}-${year.end.slice(0, 4)}` },
  );
};

/** The opening entry's stream among a multi-stream command's parts: its mvt, or null. */
const openingOf = (result: MultiAppendResult): string | null => {
  const prefix = entryStreamId("");
  const part = result.parts.find((p) => p.streamId.startsWith(prefix));
  return part ? part.streamId.slice(prefix.length) : null;
};

/**
 * One commit for the next year's opening entry, and with `close` for the closing itself: the fiscal
 * stream (the year closed, the next year opened when missing, the opening entry recorded) and the
 * entry's stream (drafted or redrawn from `year`'s final figures, validated with its AN number when
 * closing). Every id derives from the command's, so a retry finds the first commit instead of a
 * second year or entry.
 */
const openingPlan = async (
  ctx: AppContext,
  orgId: string,
  year: FiscalYearRow,
  metadata: CommandMetadata,
  close?: { readonly closedOn: string; readonly drafts: number },
): Promise<MultiStreamPlan> => {
  await catchUpLedger(ctx, orgId);
  const { context, guards } = await postingContext(ctx, orgId);
  const fiscalLoaded = await loadAggregate(ctx, orgId, fiscalStreamId(orgId), fiscalDecider);
  const fiscalCommands: FiscalCommand[] = [];
  if (close)
    fiscalCommands.push({
      type: "CloseFiscalYear",
      data: { id: year.id, closedOn: close.closedOn, drafts: close.drafts },
    });
  // The year right after this one takes its opening entry. Missing, it is opened: after the last year
  // as the organisation's fiscal-year start says, or in the gap before books taken over, up to them.
  const nextStart = addDays(year.end, 1);
  let next = fiscalLoaded.state.years.find((y) => y.start === nextStart);
  if (!next) {
    const later = fiscalLoaded.state.years.find((y) => y.start > year.end);
    const bounds = yearAfter(year.end, await fiscalYearStartMonth(ctx, orgId));
    const end = later && later.start <= bounds.end ? addDays(later.start, -1) : bounds.end;
    fiscalCommands.push({
      type: "OpenFiscalYear",
      data: { id: derivedId(metadata.commandId, "nextYear"), start: nextStart, end },
    });
  }
  const lines = await computeOpening(ctx, orgId, year);
  // The fiscal calendar as it will be once this commit's fiscal events are in: the entry is decided on it.
  const fiscalAfter = (commands: readonly FiscalCommand[]) =>
    commands.reduce(
      (state, c) => fiscalDecider.decide(c, state).reduce(fiscalDecider.evolve, state),
      fiscalLoaded.state,
    );
  next = fiscalAfter(fiscalCommands).years.find((y) => y.start === nextStart);
  if (!next) throw new DomainError("fiscalYear.none", { date: year.end });
  const content: EntryContent = {
    journal: "AN",
    date: next.start,
    pieceRef: `AN-${next.start.slice(0, 4)}`,
    pieceDate: next.start,
    label: `À-nouveaux ${next.start.slice(0, 4)}`,
    lines,
  };
  let mvt: string | null = next.openingMvt;
  let entryCommands: (ctx: PostingContext) => EntryCommand[] = () => [];
  const existing = mvt ? await loadAggregate(ctx, orgId, entryStreamId(mvt), entryDecider) : undefined;
  if (existing?.state.status === "validated") throw new DomainError("yearEnd.openingValidated", {}, 409);
  if (existing?.state.status === "draft") {
    entryCommands = (posting) => [{ type: "ChangeDraft", data: content, context: posting }];
  } else if (lines.length > 0) {
    mvt = derivedId(metadata.commandId, "opening");
    const opening = mvt;
    fiscalCommands.push({ type: "RecordOpeningEntry", data: { yearId: next.id, mvt: opening } });
    entryCommands = (posting) => [
      {
        type: "DraftEntry",
        data: { ...content, mvt: opening, origin: { kind: "opening", yearId: next.id } },
        context: posting,
      },
    ];
  } else mvt = null;
  const posting: PostingContext = { ...context, fiscal: fiscalAfter(fiscalCommands) };
  const streams = [streamDecision(fiscalStreamId(orgId), fiscalDecider, fiscalLoaded, () => fiscalCommands)];
  if (!mvt) return { guards, streams };
  const entryLoaded = existing ?? { state: entryDecider.initialState(), version: 0 };
  const drafted = entryCommands(posting).reduce(
    (state, c) => entryDecider.decide(c, state).reduce(entryDecider.evolve, state),
    entryLoaded.state,
  );
  const counter = close ? counterFor(drafted, posting.fiscal) : undefined;
  const added = volumeOf(content);
  streams.push(
    streamDecision(entryStreamId(mvt), entryDecider, entryLoaded, (numbers) => {
      checkVolume(numbers[VOLUME_COUNTER] ?? 1, added);
      const commands = entryCommands(posting);
      if (close && counter)
        commands.push({
          type: "ValidateEntry",
          data: { sequence: numbers[counter] ?? 0, validatedOn: close.closedOn },
          context: posting,
        });
      return commands;
    }),
  );
  return {
    // The fiscal stream is written, so its version is the expected one; the chart and journals are read.
    guards: Object.fromEntries(Object.entries(guards).filter(([id]) => id !== fiscalStreamId(orgId))),
    counters: { [VOLUME_COUNTER]: added, ...(counter && { [counter]: 1 }) },
    streams,
  };
};

/**
 * Generates (or regenerates, while `year` is open) the opening entry of the next year, as a draft
 * in journal AN dated the next year's first day, in one commit with the next year's opening when it
 * does not exist. Answers the entry's mvt, or null when there is nothing to carry forward.
 */
export const generateOpeningEntry = async (
  ctx: AppContext,
  orgId: string,
  yearId: string,
  metadata: CommandMetadata,
): Promise<string | null> => {
  const { result } = await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...ledgerReadModels, ...setupReadModels],
    plan: async () => openingPlan(ctx, orgId, await findFiscalYear(ctx, orgId, yearId), metadata),
  });
  return openingOf(result);
};

/**
 * Closes a year for good ("This operation is irreversible"): refused while drafts remain; the close,
 * the next year's opening and its opening entry drawn from the final figures and validated are one
 * commit, so a failure leaves the year open and a retry closes it once.
 */
export const closeFiscalYear = async (
  ctx: AppContext,
  orgId: string,
  yearId: string,
  metadata: CommandMetadata,
): Promise<{ openingMvt: string | null }> => {
  const { result } = await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...ledgerReadModels, ...setupReadModels],
    plan: async () => {
      const year = await findFiscalYear(ctx, orgId, yearId);
      const drafts = (await yearEndChecks(ctx, orgId, year)).find(
        (w) => w.blocking && w.code === "yearEnd.drafts",
      );
      return openingPlan(ctx, orgId, year, metadata, {
        closedOn: parisDate(ctx.clock()),
        drafts: drafts?.count ?? 0,
      });
    },
  });
  return { openingMvt: openingOf(result) };
};
