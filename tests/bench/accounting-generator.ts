/**
 * The accounting benchmark's books: one organisation with a year (2025) of validated entries, made
 * the way Registre makes them, in bulk.
 *
 * - The organisation, its chart, journals and fiscal year, its auxiliary accounts and its first
 *   entries go through the real command path (`createOrganisation`, the chart decider through
 *   `handleCommand`, `draftEntry(…, { validate: true })`).
 * - The rest of the entries are decided by the same core decider (`entryDecider`: DraftEntry then
 *   ValidateEntry on the organisation's real posting context, the journal sequences continuing the
 *   counters), serialised as canonical JSON and written to `events` by COPY, with the org sequence,
 *   the stream versions and the hash chain (`eventHash`, what `registre_append` and the audit compute),
 *   followed by the `streams` and `commands` rows and the head row (sequence, last hash, counters):
 *   the log an organisation would have after as many `draftEntry` calls, a few hundred times faster.
 *
 * The read models are then built from that log by the real projector (`runner.rebuild("ledger")`).
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  type ChartCommand,
  type CommandMetadata,
  canonicalJson,
  chartDecider,
  chartStreamId,
  type EntryCommand,
  type EntryContent,
  type EntryEvent,
  type EntryLine,
  entryCounter,
  entryDecider,
  entryStreamId,
  type PostingContext,
  pcgTemplate,
  type VatCode,
  vatAccounts,
} from "@registre/core";
import { eventHash } from "@registre/store";
import type postgres from "postgres";
import { draftEntry, postingContext } from "../../api/src/accounting/entries.ts";
import { handleCommand } from "../../api/src/commands.ts";
import type { AppContext } from "../../api/src/context.ts";
import { createOrganisation } from "../../api/src/organisations.ts";

export const YEAR = { start: "2025-01-01", end: "2025-12-31" } as const;
export const CUSTOMERS = 300;
export const SUPPLIERS = 150;
/** Entries written through `draftEntry` before the bulk part (capped by the size). */
export const COMMAND_ENTRIES = 100;
/** Events per COPY statement (each its own short transaction: see `bulkAppend`). */
const EVENTS_PER_COPY = 20_000;
const BENCH_USER = "00000000-0000-4000-8000-0000000be4c0";

/** mulberry32: a small seeded generator, so that every run writes the same books. */
export const seeded = (seed: number) => {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  /** Skewed towards the first items (skew > 1): a few accounts carry most of the volume, as in real books. */
  const pick = <T>(items: readonly T[], skew = 1): T => {
    const item = items[Math.floor(items.length * next() ** skew)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  };
  return { next, int, pick };
};

type Random = ReturnType<typeof seeded>;

const uuidOf = (r: Random): string => {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(r.next() * 16).toString(16)).join("");
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${"89ab"[Math.floor(r.next() * 4)]}${hex(3)}-${hex(12)}`;
};

const general = (prefix: RegExp) =>
  pcgTemplate.filter((a) => prefix.test(a.number) && !a.collective).map((a) => a.number);

/** The accounts the books use: every expense and revenue account, some fixed assets, the usual third parties, taxes and treasury. */
const ACCOUNTS = {
  expenses: general(/^6/),
  revenues: general(/^70/),
  otherIncome: general(/^7[1-9]/),
  assets: general(/^2[0-3]/).slice(0, 30),
  customer: "411000",
  supplier: "401000",
  bank: "512000",
  cash: "530000",
  vatDeductible: "445660",
  vatCollected: "445710",
} as const;

const customerCode = (i: number) => `C${String(i + 1).padStart(5, "0")}`;
const supplierCode = (i: number) => `F${String(i + 1).padStart(5, "0")}`;

const addDays = (date: string, days: number): string => {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
};

/** Splits `total` cents into `parts` positive amounts. */
const split = (r: Random, total: number, parts: number): number[] => {
  const weights = Array.from({ length: parts }, () => 1 + r.next() * 4);
  const sum = weights.reduce((s, w) => s + w, 0);
  const amounts = weights.map((w) => Math.max(1, Math.floor((total * w) / sum)));
  amounts[0] = (amounts[0] ?? 0) + total - amounts.reduce((s, a) => s + a, 0);
  return amounts;
};

const line = (
  account: string,
  debit: number,
  credit: number,
  auxiliary: string | null = null,
): EntryLine => ({
  account,
  auxiliary,
  label: null,
  debit,
  credit,
});

/** The i-th entry's VAT rate when the books carry VAT codes: mostly 20 %, then 10 %, 5.5 % and 2.1 %. */
const rateOf = (i: number): "20" | "10" | "5.5" | "2.1" => {
  const k = i % 20;
  return k < 14 ? "20" : k < 17 ? "10" : k < 19 ? "5.5" : "2.1";
};

export type PlannedEntry = { readonly content: EntryContent; readonly validatedOn: string };

/**
 * The i-th of `total` entries, with `lines` lines (3 to 6): dates follow the year in validation order
 * (day i/total of 2025), each entry dated up to 45 days before its validation (invoices are entered
 * late; bank lines within 3 days). Sales 35 % (a twentieth of their lines other income), purchases 35 % (a tenth of them fixed assets), bank
 * 20 %, cash 3 %, payroll 7 %; amounts of 10 to 5,000 euros; VAT at 20 %. With `vatCodes`, the VAT lines
 * carry their code and base (a sale's or purchase's rate 20, 10, 5.5 or 2.1 % by its index, on its own
 * collected account; fixed assets on 445620), so that the VAT return reads them.
 */
export const plannedEntry = (
  r: Random,
  i: number,
  total: number,
  lines: number,
  vatCodes = false,
): PlannedEntry => {
  const day = Math.min(364, Math.floor((i / total) * 365));
  const validatedOn = addDays(YEAR.start, day);
  const kind = r.next();
  const late = (max: number) => addDays(validatedOn, -Math.min(day, Math.floor(max * r.next() ** 2)));
  const net = r.int(1_000, 500_000);
  // With VAT codes, the rate follows the entry's index (no draw: the books' other draws stay the same).
  const rate = vatCodes ? rateOf(i) : "20";
  const vat = vatCodes ? Math.round((net * Number(rate)) / 100) : Math.round(net * 0.2);
  const coded = (code: Omit<VatCode, "regime">, base: number) =>
    vatCodes ? { vat: { ...code, regime: "domestic" as const, base } } : {};
  const n = String(i + 1).padStart(7, "0");
  const entry = (journal: string, date: string, pieceRef: string, label: string, l: EntryLine[]) => ({
    content: { journal, date, pieceRef, pieceDate: date, label, lines: l },
    validatedOn,
  });
  if (kind < 0.35) {
    const c = customerCode(
      r.pick(
        Array.from({ length: CUSTOMERS }, (_, k) => k),
        2,
      ),
    );
    const revenue = split(r, net, lines - 2).map((a) =>
      line(r.next() < 0.05 ? r.pick(ACCOUNTS.otherIncome) : r.pick(ACCOUNTS.revenues, 3), 0, a),
    );
    return entry("VT", late(20), `FA${n}`, `Facture ${n} client ${c}`, [
      line(ACCOUNTS.customer, net + vat, 0, c),
      ...revenue,
      {
        ...line(vatCodes ? vatAccounts.collected[rate] : ACCOUNTS.vatCollected, 0, vat),
        ...coded({ rate, kind: i % 3 === 0 ? "services" : "goods" }, net),
      },
    ]);
  }
  if (kind < 0.7) {
    const s = supplierCode(
      r.pick(
        Array.from({ length: SUPPLIERS }, (_, k) => k),
        2,
      ),
    );
    const asset = r.next() < 0.1;
    const charges = split(r, net, lines - 2).map((a) =>
      line(asset ? r.pick(ACCOUNTS.assets) : r.pick(ACCOUNTS.expenses, 3), a, 0),
    );
    return entry("HA", late(45), `FF${n}`, `Facture fournisseur ${s} ${n}`, [
      ...charges,
      {
        ...line(asset && vatCodes ? vatAccounts.deductibleFixedAssets : ACCOUNTS.vatDeductible, vat, 0),
        ...coded({ rate, kind: asset ? "fixedAsset" : "goods" }, net),
      },
      line(ACCOUNTS.supplier, 0, net + vat, s),
    ]);
  }
  if (kind < 0.9) {
    const parts = split(r, net + vat, lines - 1);
    if (r.next() < 0.6) {
      const customers = parts.map((a) =>
        line(ACCOUNTS.customer, 0, a, customerCode(r.int(0, CUSTOMERS - 1))),
      );
      return entry("BQ", late(3), `RB${n}`, `Remise de chèques ${n}`, [
        line(ACCOUNTS.bank, net + vat, 0),
        ...customers,
      ]);
    }
    const suppliers = parts.map((a) => line(ACCOUNTS.supplier, a, 0, supplierCode(r.int(0, SUPPLIERS - 1))));
    return entry("BQ", late(3), `VI${n}`, `Virements fournisseurs ${n}`, [
      ...suppliers,
      line(ACCOUNTS.bank, 0, net + vat),
    ]);
  }
  if (kind < 0.93) {
    const small = r.int(500, 20_000);
    const tax = Math.round(small * 0.2);
    const charges = split(r, small, lines - 2).map((a) => line(r.pick(ACCOUNTS.expenses, 3), a, 0));
    return entry("CA", late(7), `TK${n}`, `Ticket de caisse ${n}`, [
      ...charges,
      { ...line(ACCOUNTS.vatDeductible, tax, 0), ...coded({ rate: "20", kind: "goods" }, small) },
      line(ACCOUNTS.cash, 0, small + tax),
    ]);
  }
  // Payroll: gross wages (and, from 4 lines, employer charges) on the debit side, what is owed on the credit side.
  const gross = net * 4;
  const employer = Math.round(gross * 0.42);
  const debits =
    lines >= 4 ? [line("641000", gross, 0), line("645000", employer, 0)] : [line("641000", gross, 0)];
  const owed = ["421000", "431000", "437000", "447000"];
  const credits = split(r, lines >= 4 ? gross + employer : gross, lines - debits.length).map((a, k) =>
    line(owed[k] ?? "421000", 0, a),
  );
  return entry("OD", late(5), `PA${n}`, `Paie ${validatedOn.slice(0, 7)} lot ${n}`, [...debits, ...credits]);
};

/** Lines per entry: 3 to 6, the last entries adjusted so the books hold exactly `target` lines. */
export const nextLineCount = (r: Random, remaining: number): number => {
  if (remaining <= 6) return remaining;
  const n = r.int(3, 6);
  return remaining - n < 3 ? remaining - 3 : n;
};

export type Books = {
  readonly orgId: string;
  readonly yearId: string;
  readonly lines: number;
  readonly entries: number;
  /** Entries (and lines) written through `draftEntry`. */
  readonly commandEntries: number;
  readonly commandLines: number;
  readonly events: number;
  /** Seconds spent on the command path and on the bulk COPY. */
  readonly commandSeconds: number;
  readonly bulkSeconds: number;
};

const metadataFor = (r: Random, validatedOn: string, i: number): CommandMetadata => ({
  commandId: uuidOf(r),
  at: `${validatedOn}T${String(8 + (i % 10)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}:00.000Z`,
  userId: BENCH_USER,
});

/** COPY text format: backslash, tab and line breaks escaped. */
const copyField = (text: string): string =>
  text.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");

/** The events `draftEntry(…, { validate: true })` appends for one entry: drafted, then validated. */
const decideEntry = (
  planned: PlannedEntry,
  mvt: string,
  sequence: number,
  context: PostingContext,
): EntryEvent[] => {
  const draft: EntryCommand = { type: "DraftEntry", data: { ...planned.content, mvt }, context };
  const initial = entryDecider.initialState();
  const drafted = entryDecider.decide(draft, initial);
  const state = drafted.reduce(entryDecider.evolve, initial);
  const validate: EntryCommand = {
    type: "ValidateEntry",
    data: { sequence, validatedOn: planned.validatedOn },
    context,
  };
  return [...drafted, ...entryDecider.decide(validate, state)];
};

type Head = { seq: number; hash: Buffer | null; counters: Record<string, number> };

/**
 * Appends `count` entries to the organisation's log in bulk (see the module comment). Each COPY of
 * `EVENTS_PER_COPY` events is its own transaction, followed by the streams and commands rows of its
 * entries: the horizon readers wait on is cluster-wide, so no transaction here stays open more than a
 * second or two on a server others share.
 */
const bulkAppend = async (
  sql: postgres.Sql,
  orgId: string,
  context: PostingContext,
  yearId: string,
  r: Random,
  plan: { first: number; total: number; lines: number; vatCodes: boolean },
  onProgress: (entries: number) => void,
): Promise<{ entries: number; events: number }> => {
  const [row] = await sql<{ seq: string; hash: Buffer | null; counters: Record<string, number> }[]>`
    select seq::text as seq, hash, counters from org_heads where org_id = ${orgId}`;
  if (!row) throw new Error("the organisation has no head row");
  const head: Head = { seq: Number(row.seq), hash: row.hash, counters: { ...row.counters } };
  let remaining = plan.lines;
  let index = plan.first;
  let entries = 0;
  let events = 0;
  while (remaining > 0) {
    const fromSeq = head.seq;
    const chunk = function* (): Generator<string> {
      let text = "";
      let inChunk = 0;
      while (remaining > 0 && inChunk < EVENTS_PER_COPY) {
        const lines = nextLineCount(r, remaining);
        const planned = plannedEntry(r, index, plan.total, lines, plan.vatCodes);
        const mvt = uuidOf(r);
        const metadata = canonicalJson(metadataFor(r, planned.validatedOn, index));
        const counter = entryCounter(planned.content.journal, yearId);
        const sequence = (head.counters[counter] ?? 0) + 1;
        const decided = decideEntry(planned, mvt, sequence, context);
        head.counters[counter] = sequence;
        const streamId = entryStreamId(mvt);
        decided.forEach((event, k) => {
          const data = canonicalJson(event.data);
          const seq = head.seq + 1;
          const hash = eventHash(head.hash, {
            orgId,
            orgSeq: seq,
            streamId,
            version: k + 1,
            type: event.type,
            schemaVersion: 1,
            data,
            metadata,
          });
          text += `${orgId}\t${seq}\t${streamId}\t${k + 1}\t${event.type}\t1\t${copyField(data)}\t${copyField(metadata)}\t\\\\x${hash.toString("hex")}\n`;
          head.seq = seq;
          head.hash = hash;
        });
        inChunk += decided.length;
        remaining -= lines;
        index += 1;
        entries += 1;
        events += decided.length;
        if (text.length > 1 << 20) {
          yield text;
          text = "";
        }
      }
      if (text) yield text;
    };
    const writable = await sql`copy events (org_id, org_seq, stream_id, stream_version, type, schema_version,
      data, metadata, hash) from stdin`.writable();
    await pipeline(Readable.from(chunk()), writable);
    // What registre_append writes beside the events: the stream row and the command row of each append.
    await sql`
      with appended as (
        select org_id, stream_id, position, tx_id, metadata from events
        where org_id = ${orgId} and org_seq > ${fromSeq} and org_seq <= ${head.seq} and type = 'EntryValidated'
      ), s as (
        insert into streams (org_id, stream_id, version) select org_id, stream_id, 2 from appended
      )
      insert into commands (org_id, command_id, stream_id, from_version, to_version, last_position, tx_id)
      select org_id, (metadata::jsonb ->> 'commandId')::uuid, stream_id, 0, 2, position, tx_id from appended`;
    onProgress(entries);
  }
  await sql`
    update org_heads set seq = ${head.seq}, hash = ${head.hash}, counters = ${sql.json(head.counters)},
      updated_at = now()
    where org_id = ${orgId}`;
  return { entries, events };
};

/**
 * Creates the organisation and writes `lines` ledger lines of 2025 (see the module comment).
 * `ctx` must have its runner started (commands wait for their read models); its clock is set by
 * `setDay`. The runner is stopped before the bulk part.
 */
export const generateBooks = async (
  ctx: AppContext,
  setDay: (day: string) => void,
  sql: postgres.Sql,
  lines: number,
  log: (text: string) => void,
  options: {
    readonly ownerId?: string;
    /** The VAT lines tagged with their codes (rate, kind, regime, base), as postings of documents tag them. */
    readonly vatCodes?: boolean;
  } = {},
): Promise<Books> => {
  const r = seeded(20_250_101);
  const started = performance.now();
  setDay("2025-01-02");
  const metadata = (): CommandMetadata => ({
    commandId: ctx.newId(),
    at: ctx.clock().toISOString(),
    userId: BENCH_USER,
  });
  const orgId = await createOrganisation(
    ctx,
    {
      name: "Grossiste Volume SAS",
      siren: "732829320",
      vatNumber: null,
      address: null,
      fiscalYearStartMonth: 1,
      vatRegime: "reel_normal",
      vatOnDebits: false,
    },
    metadata(),
    options.ownerId,
  );
  const auxiliaries: ChartCommand[] = [
    ...Array.from({ length: CUSTOMERS }, (_, i) => ({
      type: "CreateAuxiliaryAccount" as const,
      data: { number: customerCode(i), label: `Client ${customerCode(i)} SARL`, control: ACCOUNTS.customer },
    })),
    ...Array.from({ length: SUPPLIERS }, (_, i) => ({
      type: "CreateAuxiliaryAccount" as const,
      data: {
        number: supplierCode(i),
        label: `Fournisseur ${supplierCode(i)} SA`,
        control: ACCOUNTS.supplier,
      },
    })),
  ];
  await handleCommand(ctx, {
    orgId,
    streamId: chartStreamId(orgId),
    decider: chartDecider,
    commands: auxiliaries,
    metadata: metadata(),
    readModels: ["accounting_setup"],
  });
  const { context } = await postingContext(ctx, orgId);
  const year = context.fiscal.years.find((y) => y.start === YEAR.start);
  if (!year) throw new Error(`the organisation's first year is not ${YEAR.start}`);

  // The total is an estimate of the entries to come (4.5 lines each), used only to spread the dates.
  const total = Math.max(1, Math.round(lines / 4.5));
  let remaining = lines;
  let commandEntries = 0;
  while (remaining > 0 && commandEntries < Math.min(COMMAND_ENTRIES, Math.floor(total / 10))) {
    const count = nextLineCount(r, remaining);
    const planned = plannedEntry(r, commandEntries, total, count, options.vatCodes === true);
    setDay(planned.validatedOn);
    await draftEntry(ctx, orgId, planned.content, metadataFor(r, planned.validatedOn, commandEntries), {
      validate: true,
    });
    remaining -= count;
    commandEntries += 1;
  }
  const commandLines = lines - remaining;
  const commandSeconds = (performance.now() - started) / 1000;
  await ctx.runner.stop();

  const bulkStarted = performance.now();
  let reported = 0;
  const bulk = await bulkAppend(
    sql,
    orgId,
    context,
    year.id,
    r,
    { first: commandEntries, total, lines: remaining, vatCodes: options.vatCodes === true },
    (entries) => {
      if (entries - reported >= 200_000) {
        reported = entries;
        log(`    ${entries.toLocaleString("en-US")} entries appended in bulk`);
      }
    },
  );
  const [count] = await sql<{ n: string }[]>`select count(*)::text as n from events where org_id = ${orgId}`;
  return {
    orgId,
    yearId: year.id,
    lines,
    entries: commandEntries + bulk.entries,
    commandEntries,
    commandLines,
    events: Number(count?.n ?? 0),
    commandSeconds,
    bulkSeconds: (performance.now() - bulkStarted) / 1000,
  };
};
