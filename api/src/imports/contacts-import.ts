import {
  AuxiliaryCodeIndex,
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
  contactStreamId,
  type DuplicateMatch,
  duplicateNameKey,
  type ImportedContact,
  type ImportMapping,
  initialContactState,
  organisationDecider,
  organisationStreamId,
} from "@registre/core";
import { pacer } from "@registre/store";
import { sql } from "kysely";
import { setupReadModels } from "../accounting/setup.ts";
import { handleMultiStream, loadAggregate, type StreamDecision } from "../commands.ts";
import { contactReadModels } from "../contacts/commands.ts";
import type { AppContext } from "../context.ts";
import type { Locale } from "../http/messages.ts";
import { markNotYetVisible } from "../http/request-scope.ts";
import { childMetadata, derivedId } from "../ids.ts";
import type { ProgressReport } from "../uploads/progress.ts";
import { checkDuplicates } from "./contacts-import-checks.ts";
import { resolveReferenceCodes } from "./contacts-import-codes.ts";
import { finding, findingOf, type ImportFinding, rememberedMapping, rememberMapping } from "./import-file.ts";

/** Contacts per commit: each one multi-stream append of their streams and the chart's new accounts. */
const BATCH_CONTACTS = 500;
/** How long the import waits, at the end, for the contacts list to show it. */
const READ_MODEL_TIMEOUT_MS = 120_000;

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
  /** Each phase of the import as it starts, and the batches written (`uploads/progress.ts`). */
  readonly progress?: ProgressReport | undefined;
  /**
   * The caller gives up `bytes`: they are moved to the worker thread, not copied (a route's request
   * body, read once), and the caller's array is emptied. Without it they are copied.
   */
  readonly handOver?: boolean | undefined;
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

/**
 * The file's rows read into contacts — CSV through its column mapping, vCard card by card (its number as
 * line) — in the worker pool (`readers/import-rows.ts`), within the organisation's upload limits.
 */
const readRows = async (
  ctx: AppContext,
  orgId: string,
  bytes: Uint8Array,
  metadata: CommandMetadata,
  options: ImportOptions,
) => {
  const rows: Row[] = [];
  const summary = await ctx.work.run(
    "contactRows",
    {
      bytes,
      format: options.format,
      commandId: metadata.commandId,
      locale: options.locale,
      mapping: options.mapping,
      remembered: options.format === "csv" ? await rememberedMapping(ctx, orgId, "contacts") : undefined,
      limits: ctx.uploadLimits.contacts,
    },
    { onItems: (items) => rows.push(...(items as Row[])), moveBytes: options.handOver === true },
  );
  return { ...summary, errors: [...summary.errors], rows };
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
  const pace = pacer();
  for (const row of rows) {
    await pace();
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
  return { codeMode, chart, codes: new AuxiliaryCodeIndex([...auxiliary, ...given.map((g) => g.code)]) };
};

type Accounting = Awaited<ReturnType<typeof accountingState>>;
type Decided = { readonly events: readonly ContactEvent[]; readonly chart: readonly ChartCommand[] };

/**
 * One contact decided on a new stream, its auxiliary accounts' codes found in `accounting.codes` (which
 * they then join), with the chart commands opening them. Throws what the decider refuses.
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
  // The index is read as it is (no copy per contact) and grows by each contact's codes below.
  const decided = decideAll(
    contactCommands(contact, duplicates.get(contact.create.id) ?? [], { codeMode, takenCodes: codes }, true),
  );
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
  options.progress?.("reading");
  const file = await readRows(ctx, orgId, bytes, metadata, options);
  options.progress?.("checking", 0, file.rows.length);
  const codes = await resolveReferenceCodes(ctx, file.rows, options.locale);
  const read = { ...file, rows: await linkOrganisations(ctx, orgId, codes.rows, metadata) };
  const errors = [...file.errors, ...codes.errors];
  const checked = await checkDuplicates(ctx, orgId, read.rows, options.locale);
  // Each row decided as its creation will be, codes handed out in the order of the file: what the
  // domain refuses, by line; kept for the writes unless the books move meanwhile.
  const initial = await accountingState(ctx, orgId);
  const decided = new Map<string, Decided>();
  // Paced: tens of thousands of decisions never hold the event loop for more than a slice (issue 21).
  const pace = pacer();
  for (const row of read.rows) {
    await pace();
    try {
      const decision = decideContact(row.contact, initial, checked.duplicates);
      // A dry run keeps none: a file's worth of events held to the end is work for the collector.
      if (!options.dryRun) decided.set(row.contact.create.id, decision);
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
    options.progress?.("writing", done, read.rows.length);
  }
  options.progress?.("projecting", done, read.rows.length);
  const visibility = await ctx.runner.awaitVisible(
    await ctx.store.head(),
    [...contactReadModels, ...setupReadModels],
    orgId,
    READ_MODEL_TIMEOUT_MS,
  );
  if (visibility !== "visible") markNotYetVisible(visibility);
  return { ...base, errors, written: true, created: read.rows.length };
};
