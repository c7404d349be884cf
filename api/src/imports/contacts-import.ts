import {
  auxiliaryAccountCommands,
  type ChartCommand,
  type ChartState,
  type CommandMetadata,
  type ContactAccountingContext,
  type ContactCommand,
  type ContactEvent,
  type ContactState,
  chartDecider,
  chartStreamId,
  contactDecider,
  contactDisplayName,
  contactFromRow,
  contactFromVCard,
  contactImportFields,
  contactStreamId,
  DomainError,
  type DuplicateMatch,
  decodeImportFile,
  duplicateNameKey,
  type ImportedContact,
  type ImportMapping,
  initialContactState,
  organisationDecider,
  organisationStreamId,
  parseVCards,
} from "@registre/core";
import { sql } from "kysely";
import { setupReadModels } from "../accounting/setup.ts";
import { handleMultiStream, loadAggregate, type StreamDecision } from "../commands.ts";
import { contactReadModels } from "../contacts/commands.ts";
import type { AppContext } from "../context.ts";
import type { Locale } from "../http/messages.ts";
import { ProblemError } from "../http/problem.ts";
import { markNotYetVisible } from "../http/request-scope.ts";
import { childMetadata, derivedId } from "../ids.ts";
import { checkDuplicates, codeIndex } from "./contacts-import-checks.ts";
import { resolveReferenceCodes } from "./contacts-import-codes.ts";
import {
  emptyFile,
  fileTooLarge,
  finding,
  findingOf,
  type ImportFinding,
  MAX_IMPORT_BYTES,
  readCsvImport,
  recordValues,
  rememberedMapping,
  rememberMapping,
} from "./import-file.ts";

/** Contacts per commit: each one multi-stream append of their streams and the chart's new accounts. */
const BATCH_CONTACTS = 500;
/** How long the import waits, at the end, for the contacts list to show it. */
const READ_MODEL_TIMEOUT_MS = 120_000;
const PREVIEW_ROWS = 20;

export type ImportOptions = {
  readonly format: "csv" | "vcard";
  /** Check only: nothing is written; `created` is what the import would create. */
  readonly dryRun: boolean;
  /** The user saw the duplicate warnings and imports anyway. */
  readonly acknowledgeDuplicates: boolean;
  readonly mapping?: ImportMapping | undefined;
  readonly locale: Locale;
  readonly batchSize?: number | undefined;
  /** After each batch written: how many of how many. */
  readonly onProgress?: ((done: number, total: number) => void) | undefined;
  /** Once the file is checked, before anything is written (tests: another command meanwhile). */
  readonly onChecked?: (() => Promise<void> | void) | undefined;
  /**
   * Items: once a commit's plan read the references, before it is appended (tests: a creation in
   * between, which the reservation streams refuse the file for).
   */
  readonly onPlanned?: (() => Promise<void> | void) | undefined;
};

export type ImportResult = {
  readonly format: "csv" | "vcard";
  readonly encoding: string;
  readonly delimiter: string | null;
  readonly columns: string[];
  readonly mapping: Readonly<Record<string, string | null>>;
  readonly rows: number;
  readonly preview: { line: number; values: Record<string, string> }[];
  readonly errors: ImportFinding[];
  readonly warnings: ImportFinding[];
  readonly dryRun: boolean;
  /** True once every row is written (never partly: a refused file writes nothing). */
  readonly written: boolean;
  /** Contacts (items) created, or that the dry run would create. */
  readonly created: number;
};

/** `company`: a company the import creates for a person's ORG (kept in the commit of that person). */
export type Row = { readonly line: number; readonly contact: ImportedContact; readonly company?: true };

/** The commands creating an imported contact, given its duplicates and accounting context. */
const contactCommands = (
  contact: ImportedContact,
  duplicates: readonly DuplicateMatch[],
  accounting: ContactAccountingContext,
  acknowledge: boolean,
): ContactCommand[] => [
  {
    type: "CreateContact",
    data: { ...contact.create, acknowledgeDuplicates: acknowledge },
    context: { duplicates, accounting },
  },
  ...contact.criteria.map(
    (criterion): ContactCommand => ({ type: "AddContactCriterion", data: { criterion } }),
  ),
  ...contact.notes.map(
    (text, i): ContactCommand => ({
      type: "AddContactNote",
      data: { id: derivedId(contact.create.id, "note", i), text },
    }),
  ),
  ...(contact.links ?? []).map(
    (link): ContactCommand => ({
      type: "AddContactLink",
      data: link,
      context: { linked: { kind: "company" } },
    }),
  ),
];

const decideAll = (commands: readonly ContactCommand[]): { events: ContactEvent[]; state: ContactState } => {
  let state: ContactState = initialContactState();
  const events: ContactEvent[] = [];
  for (const command of commands) {
    const produced = contactDecider.decide(command, state);
    events.push(...produced);
    state = produced.reduce(contactDecider.evolve, state);
  }
  return { events, state };
};

/** The file's rows read into contacts: CSV through its column mapping, vCard card by card (its number as line). */
const readRows = async (
  ctx: AppContext,
  orgId: string,
  bytes: Uint8Array,
  metadata: CommandMetadata,
  options: ImportOptions,
) => {
  const idsOf = (index: number) => {
    const id = derivedId(metadata.commandId, "contact", index);
    return (step: string, i = 0) => (step === "contact" ? id : derivedId(id, step, i));
  };
  const errors: ImportFinding[] = [];
  const rows: Row[] = [];
  if (options.format === "vcard") {
    if (bytes.byteLength >= MAX_IMPORT_BYTES) throw fileTooLarge();
    const { text, encoding } = decodeImportFile(bytes);
    if (text.trim() === "") throw emptyFile();
    let cards: ReturnType<typeof parseVCards>;
    try {
      cards = parseVCards(text);
    } catch (error) {
      if (error instanceof DomainError) throw new ProblemError(422, error.code, error.params);
      throw error;
    }
    if (cards.length === 0) throw emptyFile();
    cards.forEach((card, i) => {
      try {
        rows.push({ line: i + 1, contact: contactFromVCard(card, idsOf(i)) });
      } catch (error) {
        errors.push(findingOf(options.locale, i + 1, error));
      }
    });
    return {
      encoding,
      delimiter: null,
      columns: [] as string[],
      mapping: {} as Record<string, string | null>,
      rows,
      errors,
      preview: [],
      count: cards.length,
    };
  }
  const file = readCsvImport(
    bytes,
    contactImportFields,
    (mapping) => (mapping.name || mapping.lastName ? [] : ["Raison sociale / Nom"]),
    { mapping: options.mapping, remembered: await rememberedMapping(ctx, orgId, "contacts") },
  );
  const preview: { line: number; values: Record<string, string> }[] = [];
  file.records.forEach((record, i) => {
    const { values, findings } = recordValues(file, record, options.locale);
    if (preview.length < PREVIEW_ROWS) preview.push({ line: record.line, values });
    errors.push(...findings);
    try {
      rows.push({ line: record.line, contact: contactFromRow(values, idsOf(i)) });
    } catch (error) {
      errors.push(findingOf(options.locale, record.line, error));
    }
  });
  return {
    encoding: file.encoding,
    delimiter: file.delimiter,
    columns: file.headers,
    mapping: file.mapping,
    rows,
    errors,
    preview,
    count: file.records.length,
  };
};

/**
 * A vCard's ORG links the person to a company contact: the file's own company of that normalised name
 * (case, accents, legal-form words aside), else the organisation's, else a company this import creates,
 * once per name, just before the first person naming it, so that they are written in the same commit.
 * Its id derives from the import's command id and the name, so a retried import creates it once.
 */
const linkOrganisations = async (
  ctx: AppContext,
  orgId: string,
  rows: readonly Row[],
  metadata: CommandMetadata,
): Promise<Row[]> => {
  const keyOf = (name: string) => duplicateNameKey(name);
  const named = rows.filter((r) => r.contact.organisation && r.contact.create.identity.kind === "person");
  if (named.length === 0) return [...rows];
  const companies = new Map<string, string>();
  for (const { contact } of rows) {
    const identity = contact.create.identity;
    if (identity.kind === "company" && !companies.has(keyOf(identity.name)))
      companies.set(keyOf(identity.name), contact.create.id);
  }
  const wanted = [...new Set(named.map((r) => keyOf(r.contact.organisation ?? "")))].filter(
    (key) => key && !companies.has(key),
  );
  if (wanted.length > 0) {
    const found = (await ctx.database.db
      .selectFrom("contacts")
      .select(["contact_id", "dup_keys"])
      .where("org_id", "=", orgId)
      .where("kind", "=", "company")
      .where("status", "!=", "merged")
      .where(sql<boolean>`dup_keys && ${wanted.map((key) => `name:${key}`)}::text[]`)
      .orderBy("sort_name")
      .orderBy("contact_id")
      .execute()) as { contact_id: string; dup_keys: string[] }[];
    for (const row of found)
      for (const key of row.dup_keys)
        if (key.startsWith("name:") && !companies.has(key.slice(5)))
          companies.set(key.slice(5), row.contact_id);
  }
  const out: Row[] = [];
  for (const row of rows) {
    const name = row.contact.organisation?.trim() ?? "";
    const key = row.contact.create.identity.kind === "person" && name ? keyOf(name) : "";
    if (!key) {
      out.push(row);
      continue;
    }
    let companyId = companies.get(key);
    if (!companyId) {
      companyId = derivedId(metadata.commandId, `organisation\u0000${key}`);
      companies.set(key, companyId);
      const create = { id: companyId, identity: { kind: "company" as const, name }, types: [] };
      out.push({ line: row.line, company: true, contact: { create, criteria: [], notes: [] } });
    }
    const link = {
      id: derivedId(row.contact.create.id, "link", 0),
      contactId: companyId,
      job: row.contact.create.job ?? null,
    };
    out.push({ line: row.line, contact: { ...row.contact, links: [link] } });
  }
  return out;
};

/** Batches of `size` rows, a company created for an ORG never parted from the person after it. */
const batchesOf = (rows: readonly Row[], size: number): Row[][] => {
  const out: Row[][] = [];
  let current: Row[] = [];
  rows.forEach((row, i) => {
    if (current.length >= size && !rows[i - 1]?.company) {
      out.push(current);
      current = [];
    }
    current.push(row);
  });
  if (current.length > 0) out.push(current);
  return out;
};

/** The chart, the code mode and every code taken (the chart's auxiliary accounts, and every code a contact had). */
const accountingState = async (ctx: AppContext, orgId: string) => {
  const [organisation, chart, given] = await Promise.all([
    loadAggregate(ctx, orgId, organisationStreamId(orgId), organisationDecider),
    loadAggregate(ctx, orgId, chartStreamId(orgId), chartDecider),
    ctx.database.db
      .selectFrom("contact_auxiliary_codes")
      .select("code")
      .where("org_id", "=", orgId)
      .execute() as Promise<{ code: string }[]>,
  ]);
  const codeMode =
    organisation.state.status === "active" ? (organisation.state.auxiliaryCodeMode ?? "name") : "name";
  const auxiliary = Object.values(chart.state.accounts)
    .filter((a) => a.kind === "auxiliary")
    .map((a) => a.number);
  return { codeMode, chart, codes: codeIndex([...auxiliary, ...given.map((g) => g.code)]) };
};

type Accounting = Awaited<ReturnType<typeof accountingState>>;
type Decided = { readonly events: readonly ContactEvent[]; readonly chart: readonly ChartCommand[] };

/**
 * One contact decided on a new stream, its auxiliary accounts' codes taken from `accounting.codes`
 * (which they then join), with the chart commands opening them. Throws what the decider refuses.
 */
const decideContact = (
  contact: ImportedContact,
  accounting: Accounting,
  duplicates: ReadonlyMap<string, readonly DuplicateMatch[]>,
): Decided => {
  const { codes, codeMode } = accounting;
  const identity = contact.create.identity;
  const name =
    identity.kind === "company" ? identity.name : `${identity.firstName ?? ""} ${identity.lastName}`;
  const decide = (takenCodes: readonly string[]) =>
    decideAll(
      contactCommands(contact, duplicates.get(contact.create.id) ?? [], { codeMode, takenCodes }, true),
    );
  let decided = decide(codes.near(name));
  const assigned = decided.events.flatMap((e) =>
    e.type === "ContactAuxiliaryAccountAssigned" ? [e.data.code] : [],
  );
  // The subset misses nothing by construction; should a code be taken anyway, decide on every code.
  if (assigned.some((code) => codes.taken.has(code.toUpperCase()))) decided = decide([...codes.taken]);
  const label = "identity" in decided.state ? contactDisplayName(decided.state.identity) : name;
  const chart = auxiliaryAccountCommands(decided.events, label);
  for (const command of chart) codes.add(command.data.number);
  return { events: decided.events, chart };
};

/**
 * One batch's streams: each contact's events on its new stream, and the chart's new accounts decided
 * on the chart as loaded — independent creations of codes no account has, so the chart is not folded
 * event by event (folding thousands of accounts one by one copies the chart each time).
 */
const batchStreams = (
  orgId: string,
  batch: readonly Row[],
  decided: (row: Row) => Decided,
  chart: { readonly state: ChartState; readonly version: number },
): StreamDecision[] => {
  const chartCommands: ChartCommand[] = [];
  const streams: StreamDecision[] = batch.map((row) => {
    const { events, chart: commands } = decided(row);
    chartCommands.push(...commands);
    return { streamId: contactStreamId(row.contact.create.id), version: 0, decide: () => events };
  });
  if (chartCommands.length > 0)
    streams.push({
      streamId: chartStreamId(orgId),
      version: chart.version,
      decide: () => chartCommands.flatMap((command) => chartDecider.decide(command, chart.state)),
    });
  return streams;
};

/**
 * Imports contacts from a CSV (mapped columns) or vCard file, the whole file or nothing. Every row is
 * read and decided first (the contact decider on each, duplicate IBANs refused, duplicates of the
 * organisation's contacts or of earlier lines warned with their matches); with any error nothing is
 * written, and the answer names the lines. Then batches of `BATCH_CONTACTS`, each one multi-stream
 * commit of the contacts and, for customers and suppliers, their auxiliary accounts on the chart.
 *
 * Ids derive from the import's command id (contacts from the row's index, each batch's command id
 * from its number): the same import again (a retry, or after an interruption between two batches)
 * finds the batches already written and writes only the rest, never a contact twice.
 */
export const importContacts = async (
  ctx: AppContext,
  orgId: string,
  bytes: Uint8Array,
  metadata: CommandMetadata,
  options: ImportOptions,
): Promise<ImportResult> => {
  const file = await readRows(ctx, orgId, bytes, metadata, options);
  const codes = await resolveReferenceCodes(ctx, file.rows, options.locale);
  const read = { ...file, rows: await linkOrganisations(ctx, orgId, codes.rows, metadata) };
  const errors = [...file.errors, ...codes.errors];
  const checked = await checkDuplicates(ctx, orgId, read.rows, options.locale);
  // Each row decided as its creation will be, codes handed out in the order of the file: what the
  // domain refuses, by line; kept for the writes unless the books move meanwhile.
  const initial = await accountingState(ctx, orgId);
  const decided = new Map<string, Decided>();
  for (const row of read.rows) {
    try {
      decided.set(row.contact.create.id, decideContact(row.contact, initial, checked.duplicates));
    } catch (error) {
      errors.push(findingOf(options.locale, row.line, error));
    }
  }
  errors.push(...checked.errors);
  errors.sort((a, b) => a.line - b.line);
  const base = {
    format: options.format,
    encoding: read.encoding,
    delimiter: read.delimiter,
    columns: read.columns,
    mapping: read.mapping,
    rows: read.count,
    preview: read.preview,
    warnings: checked.warnings,
    dryRun: options.dryRun,
  };
  if (errors.length > 0) return { ...base, errors, written: false, created: 0 };
  if (options.dryRun) return { ...base, errors, written: false, created: read.rows.length };
  if (checked.duplicates.size > 0 && !options.acknowledgeDuplicates)
    return {
      ...base,
      errors: [
        finding(options.locale, 0, "import.duplicatesNotAcknowledged", { count: checked.duplicates.size }),
      ],
      written: false,
      created: 0,
    };

  if (options.format === "csv") await rememberMapping(ctx, orgId, "contacts", read.mapping, metadata);
  // The chart as the decisions saw it. After a conflict, or a batch found written before (a resumed
  // import), the books are read again and the rest decided live, codes handed out from there on.
  let accounting: Accounting = initial;
  let chart = { state: initial.chart.state, version: initial.chart.version };
  let reload = false;
  let live = false;
  let done = 0;
  for (const [b, batch] of batchesOf(read.rows, options.batchSize ?? BATCH_CONTACTS).entries()) {
    let attempt = 0;
    const { result } = await handleMultiStream(ctx, {
      orgId,
      metadata: childMetadata(metadata, "contacts", b),
      readModels: [],
      plan: async () => {
        if (attempt++ > 0 || reload) {
          accounting = await accountingState(ctx, orgId);
          chart = { state: accounting.chart.state, version: accounting.chart.version };
          reload = false;
          live = true;
        }
        const now = accounting;
        const decide = (row: Row) =>
          (!live && decided.get(row.contact.create.id)) ||
          decideContact(row.contact, now, checked.duplicates);
        return { streams: batchStreams(orgId, batch, decide, chart) };
      },
    });
    const chartPart = result.parts.find((p) => p.streamId === chartStreamId(orgId));
    if (result.duplicate) reload = true;
    else if (chartPart) chart = { state: chart.state, version: chartPart.toVersion };
    done += batch.length;
    options.onProgress?.(done, read.rows.length);
  }
  const visibility = await ctx.runner.awaitVisible(
    await ctx.store.head(),
    [...contactReadModels, ...setupReadModels],
    orgId,
    READ_MODEL_TIMEOUT_MS,
  );
  if (visibility !== "visible") markNotYetVisible(visibility);
  return { ...base, errors, written: true, created: read.rows.length };
};
