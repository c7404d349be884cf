import {
  type BalanceWarning,
  type Bank,
  type BankCsvMapping,
  type BankStatementLine,
  balanceWarningFigures,
  bankStatementDecider,
  bankStatementStreamId,
  bankStatementsRegisterStreamId,
  type CommandMetadata,
  checkCsvMapping,
  DomainError,
  type IdentifiedLine,
  type ImportStatementData,
  lineIdentities,
  newStatementLines,
  type ParsedStatementFile,
  planStatementImport,
  type StatementEncoding,
  type StatementFormat,
  type StatementNotice,
  statementBalanceWarnings,
  statementRegisterDecider,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { catchUp, handleMultiStream, loadAggregate, streamDecision } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { sha256Hex } from "../files/store.ts";
import { type Locale, translate } from "../http/messages.ts";
import { ProblemError } from "../http/problem.ts";
import { derivedId } from "../ids.ts";
import { loadBanking } from "../payments/banking.ts";
import { STATEMENT_SAMPLE_BYTES } from "../uploads/limits.ts";
import type { ProgressReport } from "../uploads/progress.ts";

/**
 * Importing a statement into a bank: the file read whole or not at all (a flaw is a 422 naming where),
 * the account checked, each line's identity compared with the lines the bank already has (read from
 * the lines read model once it caught up with the log), and what is new written in one commit — the
 * statement's stream and the bank's register at the version read, so two imports into one bank are
 * decided one after the other. A typed-in statement goes the same way.
 */

export const statementReadModels = ["bank_statements"] as const;

export type StatementImportInput = {
  readonly bankId: string;
  readonly fileName: string;
  readonly bytes: Uint8Array;
  readonly format?: StatementFormat | undefined;
  readonly encoding?: StatementEncoding | undefined;
  /** A CSV's column mapping; otherwise the bank's remembered one, else a CSV cannot be read. */
  readonly mapping?: BankCsvMapping | undefined;
  readonly dryRun?: boolean | undefined;
  readonly locale: Locale;
  /** Each phase as it starts (`uploads/progress.ts`). */
  readonly progress?: ProgressReport | undefined;
  /**
   * The caller gives up `bytes`: they are moved to the worker thread, not copied (a route's request
   * body, read once), and the caller's array is emptied. Without it they are copied.
   */
  readonly handOver?: boolean | undefined;
};

export type TypedStatementInput = {
  readonly bankId: string;
  readonly label?: string | undefined;
  readonly reference?: string | null | undefined;
  readonly from?: string | null | undefined;
  readonly to?: string | null | undefined;
  readonly opening?:
    | { readonly amount: number; readonly date?: string | null | undefined }
    | null
    | undefined;
  readonly closing?:
    | { readonly amount: number; readonly date?: string | null | undefined }
    | null
    | undefined;
  readonly lines: readonly {
    readonly bookingDate: string;
    readonly valueDate?: string | null | undefined;
    readonly amount: number;
    readonly label: string;
    readonly reference?: string | null | undefined;
  }[];
};

export type ImportReport = {
  /** The statement written, or null when nothing was new (or a dry run). */
  readonly statementId: string | null;
  readonly bankId: string;
  readonly format: StatementFormat | null;
  readonly encoding: string | null;
  readonly added: number;
  readonly alreadyImported: number;
  readonly from: string | null;
  readonly to: string | null;
  readonly warnings: readonly (BalanceWarning & { readonly message: string })[];
  readonly notices: readonly (StatementNotice & { readonly message: string })[];
  /** A CSV without a mapping: the columns proposed for the mapping step, nothing read yet. */
  readonly csv: { readonly suggested: BankCsvMapping | null; readonly sample: readonly string[] } | null;
};

const fileKey = (orgId: string, sha256: string) => `attachments/${orgId}/${sha256}`;

export const statementBank = async (ctx: AppContext, orgId: string, bankId: string): Promise<Bank> => {
  const bank = (await loadBanking(ctx, orgId)).view.banks[bankId];
  if (!bank) throw new DomainError("bank.notFound", { id: bankId, field: "bankId" }, 404);
  if (bank.closed) throw new DomainError("bank.closed", { id: bankId, field: "bankId" }, 409);
  return bank;
};

const loadRegister = (ctx: AppContext, orgId: string, bankId: string) =>
  loadAggregate(ctx, orgId, bankStatementsRegisterStreamId(bankId), statementRegisterDecider);

/** The bank's remembered CSV mapping, if any. */
export const rememberedCsvMapping = async (ctx: AppContext, orgId: string, bankId: string) =>
  (await loadRegister(ctx, orgId, bankId)).state.csvMapping;

/**
 * The identities of the bank's lines booked within [from, to] (a line's identity carries its day), read
 * once the lines read model shows every commit so far: an import decided on a stale read could double
 * lines another import just wrote.
 */
export const knownIdentities = async (
  ctx: AppContext,
  orgId: string,
  bankId: string,
  from: string | undefined,
  to: string | undefined,
): Promise<Set<string>> => {
  await catchUp(ctx, orgId, [...statementReadModels]);
  const rows = await readModels(ctx.database)
    .selectFrom("bank_statement_lines")
    .select("identity")
    .where("org_id", "=", orgId)
    .where("bank_id", "=", bankId)
    .$if(from !== undefined, (q) => q.where("booking_date", ">=", from ?? ""))
    .$if(to !== undefined, (q) => q.where("booking_date", "<=", to ?? ""))
    .execute();
  return new Set(rows.map((r) => r.identity));
};

const warningsOut = (warnings: readonly BalanceWarning[], locale: Locale) =>
  warnings.map((w) => ({ ...w, message: translate(w.code, locale, balanceWarningFigures(w)) }));
const noticesOut = (notices: readonly StatementNotice[], locale: Locale) =>
  notices.map((n) => ({ ...n, message: translate(n.code, locale, n.params) }));

/** Writes a statement of new lines into its bank: the statement's stream and the register, one commit. */
const commitStatement = async (
  ctx: AppContext,
  orgId: string,
  bank: Bank,
  metadata: CommandMetadata,
  make: (known: Set<string>) => Promise<{
    readonly added: readonly IdentifiedLine[];
    readonly data: Omit<ImportStatementData, "lines" | "id" | "bankId" | "account" | "journal">;
    readonly mapping?: BankCsvMapping | undefined;
  } | null>,
  period: { from?: string | undefined; to?: string | undefined },
): Promise<string | null> => {
  const id = derivedId(metadata.commandId, "bankstatement");
  if (await ctx.store.commandResult(orgId, metadata.commandId))
    return (await reportOfStored(ctx, orgId, id)) ? id : null;
  let wrote = false;
  await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...statementReadModels],
    plan: async () => {
      const register = await loadRegister(ctx, orgId, bank.id);
      const made = await make(await knownIdentities(ctx, orgId, bank.id, period.from, period.to));
      const streams = [];
      if (made && made.added.length > 0) {
        wrote = true;
        streams.push(
          streamDecision(
            bankStatementStreamId(id),
            bankStatementDecider,
            { state: bankStatementDecider.initialState(), version: 0 },
            () => [
              importCommand({
                ...made.data,
                id,
                bankId: bank.id,
                account: bank.account,
                journal: bank.journal,
                lines: made.added,
              }),
            ],
          ),
        );
      } else wrote = false;
      streams.push(
        streamDecision(bankStatementsRegisterStreamId(bank.id), statementRegisterDecider, register, () => [
          ...(made && made.added.length > 0
            ? [
                {
                  type: "RegisterBankStatement" as const,
                  data: { statement: id, lines: made.added.length },
                },
              ]
            : []),
          ...(made?.mapping
            ? [{ type: "SaveBankCsvMapping" as const, data: { mapping: made.mapping } }]
            : []),
        ]),
      );
      return { streams };
    },
  });
  return wrote ? id : null;
};

const importCommand = (data: ImportStatementData) => ({ type: "ImportBankStatement" as const, data });

/**
 * The report of a command already appended (a retried key): what its statement says, once the read model
 * shows every commit so far (a retry after a 202 must not read "nothing new" from a model still behind).
 */
const reportOfStored = async (ctx: AppContext, orgId: string, id: string) => {
  await catchUp(ctx, orgId, [...statementReadModels]);
  return readModels(ctx.database)
    .selectFrom("bank_statements")
    .select(["line_count", "already_imported"])
    .where("org_id", "=", orgId)
    .where("id", "=", id)
    .executeTakeFirst();
};

/**
 * Imports a statement file into a bank (see above). The original file is kept in the file store under
 * its SHA-256 and named in the statement's header. `dryRun` reads and checks, and writes nothing.
 */
export const importStatementFile = async (
  ctx: AppContext,
  orgId: string,
  input: StatementImportInput,
  metadata: CommandMetadata,
): Promise<ImportReport> => {
  const bank = await statementBank(ctx, orgId, input.bankId);
  if (!bank.iban) throw new DomainError("bankStatement.bankWithoutIban", { field: "bankId" });
  if (input.bytes.byteLength === 0) throw new ProblemError(422, "file.emptyOrInvalid", { field: "file" });
  const remembered = await rememberedCsvMapping(ctx, orgId, bank.id);
  const csv = input.format === "csv" || (input.format === undefined && input.mapping !== undefined);
  const mapping = input.mapping ?? (input.format === "csv" ? (remembered ?? undefined) : undefined);
  const none = {
    statementId: null,
    bankId: bank.id,
    added: 0,
    alreadyImported: 0,
    from: null,
    to: null,
    warnings: [],
    notices: [],
  };
  input.progress?.("reading");
  // Read in the worker pool (`workers/tasks.ts`), within the organisation's upload limits.
  // Handed over, the file's bytes go to the thread and come back (moved, not copied: `RunOptions.moveBytes`).
  let bytes = input.bytes;
  const sample = async () => {
    const read = await ctx.work.run("statementFile", {
      // Its first lines are all the mapping step shows: a copy of them, not of the whole file.
      bytes: bytes.slice(0, STATEMENT_SAMPLE_BYTES + 1),
      options: { ...(input.encoding && { encoding: input.encoding }) },
      sample: true,
    });
    return { ...none, format: "csv" as const, encoding: null, csv: read.kind === "sample" ? read.csv : null };
  };
  if (csv && !mapping) return sample();
  if (mapping) checkCsvMapping(mapping);
  const read = await ctx.work.run(
    "statementFile",
    {
      bytes,
      options: {
        ...(input.format && { format: input.format }),
        ...(input.encoding && { encoding: input.encoding }),
        ...(mapping && { csv: mapping }),
        limits: ctx.uploadLimits.statement,
      },
    },
    {
      moveBytes: input.handOver === true,
      bytesBack: (back) => {
        bytes = back;
      },
    },
  );
  // A file no format recognises may be a CSV: the mapping step, with the bank's mapping when it has one.
  if (read.kind !== "file") {
    if (remembered) return importStatementFile(ctx, orgId, { ...input, bytes, format: "csv" }, metadata);
    return sample();
  }
  const file: ParsedStatementFile = read.file;
  const identity = { iban: bank.iban, currency: bank.currency };
  const probe = planStatementImport(file, identity, new Set());
  const period = probe.window;
  const report = (plan: typeof probe, statementId: string | null): ImportReport => ({
    statementId,
    bankId: bank.id,
    format: file.format,
    encoding: file.encoding,
    added: plan.added.length,
    alreadyImported: plan.alreadyImported,
    from: plan.from ?? null,
    to: plan.to ?? null,
    warnings: warningsOut(plan.warnings, input.locale),
    notices: noticesOut(plan.notices, input.locale),
    csv: null,
  });
  if (input.dryRun) {
    const known = await knownIdentities(ctx, orgId, bank.id, period.from, period.to);
    return report(planStatementImport(file, identity, known), null);
  }
  const id = derivedId(metadata.commandId, "bankstatement");
  if (await ctx.store.commandResult(orgId, metadata.commandId)) {
    const stored = await reportOfStored(ctx, orgId, id);
    return {
      ...report(probe, stored ? id : null),
      added: stored?.line_count ?? 0,
      alreadyImported: stored ? stored.already_imported : probe.added.length + probe.alreadyImported,
    };
  }
  input.progress?.("writing", 0, probe.added.length);
  const sha256 = sha256Hex(bytes);
  let last = probe;
  const written = await commitStatement(
    ctx,
    orgId,
    bank,
    metadata,
    async (known) => {
      const plan = planStatementImport(file, identity, known);
      last = plan;
      const references = plan.statements.map((s) => s.reference).filter(Boolean);
      const first = plan.statements[0];
      const final = plan.statements[plan.statements.length - 1];
      if (plan.added.length > 0)
        await ctx.files.put(fileKey(orgId, sha256), bytes, "application/octet-stream");
      return {
        added: plan.added,
        mapping: file.format === "csv" ? mapping : undefined,
        data: {
          source: "file" as const,
          file: {
            name: input.fileName.slice(0, 255),
            format: file.format,
            encoding: file.encoding,
            size: bytes.byteLength,
            sha256,
          },
          reference: references.length > 0 ? references.join(", ").slice(0, 200) : null,
          label: input.fileName.slice(0, 200),
          from: plan.from ?? null,
          to: plan.to ?? null,
          opening: first?.opening ? { amount: first.opening.amount, date: first.opening.date ?? null } : null,
          closing: final?.closing ? { amount: final.closing.amount, date: final.closing.date ?? null } : null,
          warnings: plan.warnings,
          notices: plan.notices,
          alreadyImported: plan.alreadyImported,
        },
      };
    },
    period,
  );
  return report(last, written);
};

/** A statement typed in: its lines identified like a file's (so a later import of the same days adds nothing twice). */
export const createTypedStatement = async (
  ctx: AppContext,
  orgId: string,
  input: TypedStatementInput,
  metadata: CommandMetadata,
  locale: Locale,
): Promise<ImportReport> => {
  const bank = await statementBank(ctx, orgId, input.bankId);
  const lines: BankStatementLine[] = input.lines.map((l) => ({
    bookingDate: l.bookingDate,
    ...(l.valueDate ? { valueDate: l.valueDate } : {}),
    amount: l.amount,
    label: l.label,
    details: [],
    ...(l.reference ? { reference: l.reference } : {}),
  }));
  if (lines.length === 0) throw new DomainError("bankStatement.noLines", { field: "lines" });
  lineIdentities(lines);
  const days = lines.map((l) => l.bookingDate).sort();
  const opening = input.opening ? { amount: input.opening.amount, date: input.opening.date ?? null } : null;
  const closing = input.closing ? { amount: input.closing.amount, date: input.closing.date ?? null } : null;
  let last = { added: 0, already: 0 };
  const written = await commitStatement(
    ctx,
    orgId,
    bank,
    metadata,
    async (known) => {
      const { added, alreadyImported } = newStatementLines(known, lines);
      last = { added: added.length, already: alreadyImported };
      return {
        added,
        data: {
          source: "typed" as const,
          file: null,
          reference: input.reference ?? null,
          label: input.label?.trim() || `${days[0]} – ${days[days.length - 1]}`,
          from: input.from ?? days[0] ?? null,
          to: input.to ?? days[days.length - 1] ?? null,
          opening,
          closing,
          notices: [],
          alreadyImported,
        },
      };
    },
    { from: days[0], to: days[days.length - 1] },
  );
  const warnings = statementBalanceWarnings(
    opening,
    closing,
    lines.map((l) => l.amount),
  );
  return {
    statementId: written,
    bankId: bank.id,
    format: null,
    encoding: null,
    added: last.added,
    alreadyImported: last.already,
    from: days[0] ?? null,
    to: days[days.length - 1] ?? null,
    warnings: warningsOut(warnings, locale),
    notices: [],
    csv: null,
  };
};
