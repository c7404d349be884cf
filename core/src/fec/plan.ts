import { type ChartCommand, type ChartState, chartDecider } from "../accounting/chart.ts";
import { addDays, endOfMonth, monthsBetween } from "../accounting/dates.ts";
import { type EntryContent, type EntryLine, entryDecider, type PostingContext } from "../accounting/entry.ts";
import { type FiscalCommand, type FiscalState, fiscalDecider, fiscalYearOf } from "../accounting/fiscal.ts";
import {
  defaultJournals,
  type JournalKind,
  type JournalsCommand,
  type JournalsState,
  journalsDecider,
} from "../accounting/journals.ts";
import { PCG_TEMPLATE_ID, pcgTemplate } from "../accounting/pcg/template.ts";
import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import { groupFecEntries } from "./group.ts";
import { decodeFec, parseFec } from "./parse.ts";
import type { FecEntry, FecFinding, FecRecord, FecSeparator, FecSeverity } from "./types.ts";

/**
 * The pure half of the FEC import: from a file's bytes and the organisation's chart, journals and
 * fiscal calendar, every command the import will run, each decided here first on simulated states
 * with the core deciders. A plan without errors cannot be refused later (unless someone changes the
 * books between the plan and its run); a plan with errors is never run, so a file goes in whole or
 * not at all.
 */

/** One entry to draft and validate, and the file line each of its lines comes from. */
export type PlannedEntry = {
  readonly content: EntryContent;
  /** The file's EcritureNum, kept in the entry's origin. */
  readonly number: string;
  /** The file's ValidDate: the entry is validated on that day (null: the day of the import). */
  readonly validatedOn: string | null;
  readonly fileLines: readonly number[];
};

/** A lettering set from the file's EcritureLet: lines as (entry index, 0-based line index). */
export type PlannedLettering = {
  readonly account: string;
  readonly auxiliary: string | null;
  readonly code: string;
  readonly lines: readonly { readonly entry: number; readonly line: number }[];
};

export type FecImportPlan = {
  readonly fileName: string;
  readonly encoding: "UTF-8" | "ISO-8859-15";
  readonly separator: FecSeparator;
  /** Lines of entries read from the file. */
  readonly records: number;
  readonly chart: readonly ChartCommand[];
  readonly journals: readonly JournalsCommand[];
  readonly fiscal: readonly FiscalCommand[];
  readonly entries: readonly PlannedEntry[];
  readonly lettering: readonly PlannedLettering[];
  readonly warnings: readonly FecFinding[];
  readonly errors: readonly FecFinding[];
};

export type FecPlanInput = {
  readonly bytes: Uint8Array;
  readonly fileName: string;
  /** The organisation's books as they are now. */
  readonly context: PostingContext;
  /** The organisation's SIREN, compared with the file name's. */
  readonly siren?: string | null | undefined;
  /** Ids for the fiscal years to open. */
  readonly newId: () => string;
  /** The day the entries will be validated on. */
  readonly validatedOn: string;
  /** A refusal of the core as a sentence, for the findings (the API gives its English messages). */
  readonly explain: (error: DomainError) => string;
};

/** A finding in the core's shape: "line N: " before the message unless about the whole file. */
export const fecIssue = (
  line: number,
  code: string,
  severity: FecSeverity,
  message: string,
  params?: Record<string, string | number>,
): FecFinding => ({
  line,
  code,
  severity,
  message: line > 0 ? `line ${line}: ${message}` : message,
  ...(params && { params }),
});

/** "2-4, 7" for [2, 3, 4, 7], and at most `max` runs, then "…". */
export const lineList = (lines: readonly number[], max = 8): string => {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const runs: string[] = [];
  let start = sorted[0];
  let end = start;
  for (const line of [...sorted.slice(1), undefined]) {
    if (line !== undefined && end !== undefined && line === end + 1) {
      end = line;
      continue;
    }
    if (start !== undefined) runs.push(start === end ? `${start}` : `${start}-${end}`);
    start = line;
    end = line;
  }
  return runs.length > max ? `${runs.slice(0, max).join(", ")}, …` : runs.join(", ");
};

const linesLabel = (lines: readonly number[]): string =>
  `${new Set(lines).size === 1 ? "line" : "lines"} ${lineList(lines)}`;

/** The English text of a refusal, as the API would say it. */

const apply = <C, E extends DomainEvent, S>(decider: Decider<C, E, S>, state: S, command: C): S =>
  decider.decide(command, state).reduce(decider.evolve, state);

const deburr = (text: string): string => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

/** Texts as the deciders keep them: no TAB, CR, LF or "|", one space between words. */
const clean = (text: string): string =>
  text
    .replace(/[\t\r\n|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The chart's rules (core/src/accounting/chart.ts). */
const GENERAL = /^[1-8]\d{2}[0-9A-Z]{0,17}$/;
const AUXILIARY = /^[0-9A-Z][0-9A-Z_.-]{0,16}$/;
const AUXILIARY_MAX = 17;
/** Entries refused for one reason that are told one by one; the others are counted. */
const MAX_SAME_REFUSALS = 20;

/**
 * An auxiliary code the chart accepts, from a file's CompAuxNum: accents dropped, upper case,
 * characters other than letters, digits, "_", "." and "-" replaced by "_", leading punctuation
 * dropped, cut to 17 characters; a code that would read as a general account number (411…) takes a
 * letter in front: C under 41, F under 40, T otherwise.
 */
export const normaliseAuxiliary = (raw: string, control: string): string => {
  let code = deburr(raw.trim())
    .toUpperCase()
    .replace(/[^0-9A-Z_.-]/g, "_")
    .replace(/^[_.-]+/, "");
  code = (code || "T").slice(0, AUXILIARY_MAX);
  if (GENERAL.test(code) || !AUXILIARY.test(code))
    code = `${control.startsWith("41") ? "C" : control.startsWith("40") ? "F" : "T"}${code}`;
  return code.slice(0, AUXILIARY_MAX);
};

/** A journal code the journals accept: letters and digits, upper case, at most 6. */
export const normaliseJournalCode = (raw: string): string =>
  deburr(raw.trim())
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 6);

/** A new journal's kind from its code and label: the usual French codes, else miscellaneous. */
export const journalKindOf = (code: string, label: string): JournalKind => {
  const words = deburr(label).toUpperCase();
  if (/^(AN|ANO|RAN)$/.test(code) || /NOUVEAU/.test(words)) return "opening";
  if (/^(VT|VE|VTE)/.test(code) || /VENTE/.test(words)) return "sales";
  if (/^(HA|AC|ACH)/.test(code) || /ACHAT/.test(words)) return "purchases";
  if (/^(BQ|BK|BNK)/.test(code) || /BANQUE|BANK/.test(words)) return "bank";
  if (code === "CA" || code.startsWith("CAI") || /\bCAISSE\b/.test(words)) return "cash";
  return "misc";
};

/** "candidate", then "candid-2", "candid-3"… within `max` characters, until `free` accepts it. */
const uniqueCode = (base: string, max: number, free: (code: string) => boolean): string => {
  if (free(base)) return base;
  for (let k = 2; ; k++) {
    const suffix = `-${k}`;
    const code = `${base.slice(0, max - suffix.length)}${suffix}`;
    if (free(code)) return code;
  }
};

/** The last day of the first month numbered `month` (1-12) ending on or after `date`. */
const closingOnOrAfter = (date: string, month: number): string => {
  const year = Number(date.slice(0, 4));
  const end = endOfMonth(`${year}-${String(month).padStart(2, "0")}-01`);
  return end >= date ? end : endOfMonth(`${year + 1}-${String(month).padStart(2, "0")}-01`);
};

const FILE_NAME = /^(\d{9})FEC(\d{4})(\d{2})(\d{2})/i;

/** The SIREN and the closing date a FEC's file name gives, when it follows the norm. */
export const fecFileNameParts = (fileName: string): { siren: string; closingDate: string } | null => {
  const name = fileName.split(/[\\/]/).at(-1) ?? "";
  const m = FILE_NAME.exec(name);
  if (!m) return null;
  const closingDate = `${m[2]}-${m[3]}-${m[4]}`;
  if (endOfMonth(`${m[2]}-${m[3]}-01`) < closingDate || Number(m[3]) < 1 || Number(m[3]) > 12) return null;
  return { siren: m[1] ?? "", closingDate };
};

/** Where findings go, and how a refusal of the core reads in them (the shell's message catalogue). */
type Sink = { warnings: FecFinding[]; errors: FecFinding[]; explain: (error: DomainError) => string };

const sortOut = (sink: Sink, findings: readonly FecFinding[]) => {
  for (const f of findings) (f.severity === "error" ? sink.errors : sink.warnings).push(f);
};

type AccountUse = {
  number: string;
  label: string;
  firstLine: number;
  auxLines: number[];
  plainLines: number[];
  letterLines: number[];
};

type AuxUse = { raw: string; control: string; label: string; lines: number[] };

const accountUses = (records: readonly FecRecord[]) => {
  const accounts = new Map<string, AccountUse>();
  const auxiliaries = new Map<string, AuxUse>();
  for (const r of records) {
    const number = r.compteNum.trim().toUpperCase();
    let use = accounts.get(number);
    if (!use) {
      use = { number, label: r.compteLib, firstLine: r.line, auxLines: [], plainLines: [], letterLines: [] };
      accounts.set(number, use);
    }
    if (!use.label && r.compteLib) use.label = r.compteLib;
    (r.compAuxNum ? use.auxLines : use.plainLines).push(r.line);
    if (r.ecritureLet) use.letterLines.push(r.line);
    if (r.compAuxNum) {
      const key = JSON.stringify([number, r.compAuxNum]);
      const aux = auxiliaries.get(key) ?? { raw: r.compAuxNum, control: number, label: "", lines: [] };
      if (!aux.label && r.compAuxLib) aux.label = r.compAuxLib;
      aux.lines.push(r.line);
      auxiliaries.set(key, aux);
    }
  }
  return { accounts, auxiliaries };
};

/** Runs commands on a simulated aggregate, keeping those the decider accepts and an error for the others. */
const simulator = <C, E extends DomainEvent, S>(decider: Decider<C, E, S>, initial: S, sink: Sink) => {
  const sim = {
    state: initial,
    commands: [] as C[],
    run: (command: C, onError: (error: DomainError) => FecFinding): boolean => {
      try {
        sim.state = apply(decider, sim.state, command);
        sim.commands.push(command);
        return true;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        sink.errors.push(onError(error));
        return false;
      }
    },
  };
  return sim;
};

const planJournals = (records: readonly FecRecord[], initial: JournalsState, sink: Sink) => {
  const sim = simulator(journalsDecider, initial, sink);
  if (!initial.initialised)
    sim.run({ type: "InitialiseJournals", data: { journals: defaultJournals } }, (e) =>
      fecIssue(0, e.code, "error", sink.explain(e)),
    );
  const codes = new Map<string, string>();
  const taken = new Set<string>();
  const broken = new Set<string>();
  for (const r of records) {
    if (codes.has(r.journalCode)) continue;
    const base = normaliseJournalCode(r.journalCode) || "J";
    const code = uniqueCode(base, 6, (c) => !taken.has(c));
    taken.add(code);
    codes.set(r.journalCode, code);
    if (code !== r.journalCode.trim().toUpperCase())
      sink.warnings.push(
        fecIssue(
          r.line,
          "fec.journalCode",
          "warning",
          `JournalCode "${r.journalCode}" becomes journal "${code}" (letters and digits, at most 6)`,
          { value: r.journalCode, code },
        ),
      );
    const existing = sim.state.journals[code];
    if (existing) {
      if (r.journalLib && clean(r.journalLib) !== existing.label)
        sink.warnings.push(
          fecIssue(
            r.line,
            "fec.journalExists",
            "warning",
            `journal ${code} exists as "${existing.label}": its entries go there (the file calls it "${r.journalLib}")`,
            { code, label: existing.label, fileLabel: r.journalLib },
          ),
        );
      continue;
    }
    const label = clean(r.journalLib).slice(0, 100) || code;
    sim.run({ type: "CreateJournal", data: { code, label, kind: journalKindOf(code, label) } }, (e) => {
      broken.add(code);
      return fecIssue(r.line, e.code, "error", `journal "${r.journalCode}": ${sink.explain(e)}`, e.params);
    });
  }
  return { state: sim.state, commands: sim.commands, codes, broken };
};

const planChart = (records: readonly FecRecord[], initial: ChartState, sink: Sink) => {
  const sim = simulator(chartDecider, initial, sink);
  if (!initial.initialised)
    sim.run({ type: "InitialiseChart", data: { templateId: PCG_TEMPLATE_ID, accounts: pcgTemplate } }, (e) =>
      fecIssue(0, e.code, "error", sink.explain(e)),
    );
  const { accounts, auxiliaries } = accountUses(records);
  /** Lines without CompAuxNum on a collective account: the auxiliary account they go to. */
  const catchAll = new Map<string, string>();
  /** Auxiliary codes given by this import. */
  const assigned = new Set<string>();
  /** Accounts the plan could not make: their entries are not decided again (one error is enough). */
  const broken = new Set<string>();
  const collectiveNeeded = (use: AccountUse) => {
    if (use.plainLines.length === 0) return;
    const code = uniqueCode(
      normaliseAuxiliary(`DIV${use.number}`, use.number),
      AUXILIARY_MAX,
      (c) => !assigned.has(c) && (!sim.state.accounts[c] || sim.state.accounts[c]?.control === use.number),
    );
    assigned.add(code);
    catchAll.set(use.number, code);
    sink.warnings.push(
      fecIssue(
        use.plainLines[0] ?? 0,
        "fec.auxiliaryMissing",
        "warning",
        `account ${use.number} is a collective account, whose lines name an auxiliary account; ${linesLabel(use.plainLines)} have no CompAuxNum and go to auxiliary account ${code}`,
        { account: use.number, auxiliary: code, lines: lineList(use.plainLines, 1000) },
      ),
    );
  };
  for (const use of accounts.values()) {
    const existing = sim.state.accounts[use.number];
    const lines = [...use.auxLines, ...use.plainLines];
    const where = linesLabel(lines);
    const refuse = (line: number, code: string, message: string, refused: readonly number[]) => {
      broken.add(use.number);
      sink.errors.push(
        fecIssue(line, code, "error", message, { account: use.number, lines: lineList(refused, 1000) }),
      );
    };
    if (existing?.kind === "auxiliary") {
      refuse(
        use.firstLine,
        "fec.accountIsAuxiliary",
        `CompteNum ${use.number} is an auxiliary account in the chart, not a general account (${where})`,
        lines,
      );
      continue;
    }
    if (existing?.closed) {
      refuse(
        use.firstLine,
        "entry.closedAccount",
        `account ${use.number} is closed in the chart (${where})`,
        lines,
      );
      continue;
    }
    if (existing) {
      // Other software keeps staff (421), associates (455), others (467) or 425 by person: the
      // account becomes collective for this organisation, as a class 4 account may.
      if (use.auxLines.length > 0 && !existing.collective && existing.number.startsWith("4")) {
        const made = sim.run({ type: "UpdateAccount", data: { number: use.number, collective: true } }, (e) =>
          fecIssue(use.auxLines[0] ?? 0, e.code, "error", `account ${use.number}: ${sink.explain(e)}`, {
            ...e.params,
            lines: lineList(use.auxLines, 1000),
          }),
        );
        if (made) {
          sink.warnings.push(
            fecIssue(
              use.auxLines[0] ?? 0,
              "fec.madeCollective",
              "warning",
              `account ${use.number} was not a collective account in the chart, but ${linesLabel(use.auxLines)} name an auxiliary account (CompAuxNum) on it: it becomes collective`,
              { account: use.number, lines: lineList(use.auxLines, 1000) },
            ),
          );
          collectiveNeeded(use);
        }
      } else if (use.auxLines.length > 0 && !existing.collective)
        refuse(
          use.auxLines[0] ?? 0,
          "fec.notCollective",
          `account ${use.number} is not a collective account in the chart, but ${linesLabel(use.auxLines)} name an auxiliary account (CompAuxNum) on it`,
          use.auxLines,
        );
      else if (existing.collective) collectiveNeeded(use);
      continue;
    }
    let label = clean(use.label);
    if (!label) {
      label = `Compte ${use.number}`;
      sink.warnings.push(
        fecIssue(
          use.firstLine,
          "fec.accountLabel",
          "warning",
          `CompteLib is empty; account ${use.number} is named "${label}"`,
          {
            account: use.number,
          },
        ),
      );
    }
    const collective = use.auxLines.length > 0;
    const created = sim.run(
      {
        type: "CreateAccount",
        data: {
          number: use.number,
          label: label.slice(0, 200),
          collective,
          lettrable: use.letterLines.length > 0,
        },
      },
      (e) => {
        broken.add(use.number);
        return fecIssue(
          use.firstLine,
          e.code,
          "error",
          `CompteNum "${use.number}" (${where}): ${sink.explain(e)}`,
          {
            ...e.params,
            lines: lineList(lines, 1000),
          },
        );
      },
    );
    if (created && collective) collectiveNeeded(use);
  }
  for (const [control, code] of catchAll)
    if (!sim.state.accounts[code])
      sim.run(
        {
          type: "CreateAuxiliaryAccount",
          data: { number: code, label: "Tiers divers (import FEC)", control },
        },
        (e) => fecIssue(0, e.code, "error", `auxiliary account ${code}: ${sink.explain(e)}`, e.params),
      );
  /** (control, CompAuxNum) -> auxiliary account. */
  const auxCodes = new Map<string, string>();
  for (const [key, aux] of auxiliaries) {
    const control = sim.state.accounts[aux.control];
    if (!control?.collective) continue; // refused above
    const code = uniqueCode(normaliseAuxiliary(aux.raw, aux.control), AUXILIARY_MAX, (c) => {
      if (assigned.has(c)) return false;
      const account = sim.state.accounts[c];
      return !account || (account.kind === "auxiliary" && account.control === aux.control);
    });
    assigned.add(code);
    auxCodes.set(key, code);
    const first = aux.lines[0] ?? 0;
    if (code !== aux.raw.trim())
      sink.warnings.push(
        fecIssue(
          first,
          "fec.auxiliaryCode",
          "warning",
          `CompAuxNum "${aux.raw}" on account ${aux.control} becomes auxiliary account ${code} (${linesLabel(aux.lines)}): a code is a letter or digit then up to 16 letters, digits, "_", "." or "-", and does not read as a general account number`,
          { value: aux.raw, account: aux.control, auxiliary: code, lines: lineList(aux.lines, 1000) },
        ),
      );
    if (sim.state.accounts[code]) continue;
    let label = clean(aux.label);
    if (!label) {
      label = code;
      sink.warnings.push(
        fecIssue(
          first,
          "fec.auxiliaryLabel",
          "warning",
          `CompAuxLib is empty; auxiliary account ${code} is named "${code}"`,
          {
            auxiliary: code,
          },
        ),
      );
    }
    sim.run(
      {
        type: "CreateAuxiliaryAccount",
        data: { number: code, label: label.slice(0, 200), control: aux.control },
      },
      (e) => {
        broken.add(code);
        return fecIssue(first, e.code, "error", `CompAuxNum "${aux.raw}": ${sink.explain(e)}`, e.params);
      },
    );
  }
  const accountOf = (r: FecRecord) => r.compteNum.trim().toUpperCase();
  const auxiliaryOf = (r: FecRecord): string | null => {
    const account = accountOf(r);
    if (r.compAuxNum) return auxCodes.get(JSON.stringify([account, r.compAuxNum])) ?? r.compAuxNum;
    return catchAll.get(account) ?? null;
  };
  return { state: sim.state, commands: sim.commands, accountOf, auxiliaryOf, broken };
};

/**
 * The fiscal years the entries need. With years already there, 12-month years follow the last one.
 * Without, the file's year starts on the first day of the month of its earliest entry (opening
 * entries are dated on the first day of the year) and ends on the closing date the file name
 * gives, or the first one of that month after the latest entry when the name's date does not fit;
 * a first year may last 24 months, longer spans are cut into years ending in that month.
 */
const planYears = (
  dates: readonly string[],
  initial: FiscalState,
  closingMonth: number,
  newId: () => string,
  sink: Sink,
) => {
  const sim = simulator(fiscalDecider, initial, sink);
  const years = [...initial.years].sort((a, b) => (a.start < b.start ? -1 : 1));
  const last = years.at(-1);
  const firstYear = years[0];
  const open = (start: string, end: string) =>
    sim.run({ type: "OpenFiscalYear", data: { id: newId(), start, end } }, (e) =>
      fecIssue(0, e.code, "error", `fiscal year ${start} to ${end}: ${sink.explain(e)}`, e.params),
    );
  // Earlier books than the first year (an organisation created today, its past brought by FEC):
  // 12-month years back from the first one, until the earliest entry is covered.
  const before = dates.filter((d) => firstYear && d < firstYear.start).sort()[0];
  if (firstYear && before)
    for (let end = addDays(firstYear.start, -1); ; ) {
      const start = `${endOfMonth(end, -11).slice(0, 7)}-01`;
      if (!open(start, end) || start <= before) break;
      end = addDays(start, -1);
    }
  const uncovered = dates.filter((d) => !fiscalYearOf(initial, d) && (!last || d > last.end)).sort();
  const latest = uncovered.at(-1);
  const earliest = uncovered[0];
  if (!latest || !earliest) return sim;
  if (last) {
    for (let start = addDays(last.end, 1); start <= latest; ) {
      const end = endOfMonth(start, 11);
      if (!open(start, end)) break;
      start = addDays(end, 1);
    }
    return sim;
  }
  const start = `${earliest.slice(0, 7)}-01`;
  const end = closingOnOrAfter(latest, closingMonth);
  if (monthsBetween(start, end).length <= 24) {
    open(start, end);
    return sim;
  }
  let first = closingOnOrAfter(start, closingMonth);
  if (monthsBetween(start, first).length < 12 && monthsBetween(start, endOfMonth(first, 12)).length <= 24)
    first = endOfMonth(first, 12);
  if (!open(start, first)) return sim;
  for (let s = addDays(first, 1); s <= latest; ) {
    const e = endOfMonth(s, 11);
    if (!open(s, e)) break;
    s = addDays(e, 1);
  }
  return sim;
};

/** Cuts a text to `max` characters, with a warning naming the lines. */
const fit = (text: string, max: number, field: string, lines: readonly number[], sink: Sink): string => {
  if (text.length <= max) return text;
  sink.warnings.push(
    fecIssue(
      lines[0] ?? 0,
      "fec.tooLong",
      "warning",
      `${field} has ${text.length} characters; Registre keeps the first ${max}`,
      {
        field,
        length: text.length,
        max,
      },
    ),
  );
  return text.slice(0, max);
};

type EntryBuild = { content: EntryContent; fileLines: number[]; sources: FecRecord[] };

/** One FEC entry as entry content: amounts on one side each, texts within the entry's limits. */
const buildEntry = (
  entry: FecEntry,
  journal: string,
  date: string,
  accountOf: (r: FecRecord) => string,
  auxiliaryOf: (r: FecRecord) => string | null,
  sink: Sink,
): EntryBuild => {
  const lineNumbers = entry.lines.map((l) => l.line);
  const first = entry.lines[0]?.line ?? 0;
  let label = clean(entry.label);
  if (!label) {
    label =
      entry.lines.map((l) => clean(l.ecritureLib)).find(Boolean) ??
      `${clean(entry.pieceRef) || entry.ecritureNum} ${clean(entry.lines[0]?.compteLib ?? "")}`.trim();
    sink.warnings.push(
      fecIssue(first, "fec.entryLabel", "warning", `EcritureLib is empty; the entry is labelled "${label}"`, {
        label,
      }),
    );
  }
  label = fit(label, 200, "EcritureLib", lineNumbers, sink);
  let pieceRef = clean(entry.pieceRef);
  if (!pieceRef) {
    pieceRef = entry.ecritureNum && !/^0*$/.test(entry.ecritureNum) ? entry.ecritureNum : `L${first}`;
    sink.warnings.push(
      fecIssue(first, "fec.pieceRef", "warning", `PieceRef is empty; the entry takes "${pieceRef}"`, {
        pieceRef,
      }),
    );
  }
  pieceRef = fit(pieceRef, 60, "PieceRef", lineNumbers, sink);
  let pieceDate = entry.pieceDate;
  if (!pieceDate) {
    pieceDate = entry.date;
    sink.warnings.push(
      fecIssue(
        first,
        "fec.pieceDate",
        "warning",
        `PieceDate is empty; the entry takes its date ${entry.date}`,
      ),
    );
  }
  const lines: EntryLine[] = [];
  const fileLines: number[] = [];
  const sources: FecRecord[] = [];
  for (const r of entry.lines) {
    const own = clean(r.ecritureLib);
    const lineLabel = own && own !== label ? fit(own, 200, "EcritureLib", [r.line], sink) : null;
    const base = { account: accountOf(r), auxiliary: auxiliaryOf(r), label: lineLabel };
    // A negative amount is the other side's: Registre keeps amounts positive.
    const debit = (r.debit > 0 ? r.debit : 0) + (r.credit < 0 ? -r.credit : 0);
    const credit = (r.credit > 0 ? r.credit : 0) + (r.debit < 0 ? -r.debit : 0);
    if (r.debit < 0 || r.credit < 0)
      sink.warnings.push(
        fecIssue(
          r.line,
          "fec.negativeAmount",
          "warning",
          "a negative amount is posted on the other side (a negative debit is a credit)",
        ),
      );
    if (debit > 0 && credit > 0) {
      sink.warnings.push(
        fecIssue(
          r.line,
          "fec.bothSides",
          "warning",
          "Debit and Credit are both filled: the line becomes two lines",
        ),
      );
      lines.push({ ...base, debit, credit: 0 }, { ...base, debit: 0, credit });
      fileLines.push(r.line, r.line);
      sources.push(r, r);
    } else {
      lines.push({ ...base, debit, credit });
      fileLines.push(r.line);
      sources.push(r);
    }
  }
  return { content: { journal, date, pieceRef, pieceDate, label, lines }, fileLines, sources };
};

/** Decides the entry on the simulated books, as draftEntry with `validate` will: its refusal, if any. */
const refusal = (content: EntryContent, context: PostingContext, validatedOn: string): DomainError | null => {
  try {
    const mvt = "00000000-0000-0000-0000-000000000000";
    const drafted = apply(entryDecider, entryDecider.initialState(), {
      type: "DraftEntry",
      data: { ...content, mvt, origin: { kind: "import", file: "", number: "" } },
      context,
    });
    apply(entryDecider, drafted, { type: "ValidateEntry", data: { sequence: 1, validatedOn }, context });
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
};

const planLettering = (built: readonly EntryBuild[], chart: ChartState, sink: Sink): PlannedLettering[] => {
  const sets = new Map<
    string,
    {
      account: string;
      auxiliary: string | null;
      code: string;
      lines: { entry: number; line: number }[];
      records: FecRecord[];
    }
  >();
  for (const [entry, b] of built.entries())
    for (const [line, l] of b.content.lines.entries()) {
      const r = b.sources[line];
      if (!r?.ecritureLet) continue;
      const key = JSON.stringify([l.account, l.auxiliary, r.ecritureLet]);
      const set = sets.get(key) ?? {
        account: l.account,
        auxiliary: l.auxiliary,
        code: r.ecritureLet,
        lines: [],
        records: [],
      };
      set.lines.push({ entry, line });
      set.records.push(r);
      sets.set(key, set);
    }
  const out: PlannedLettering[] = [];
  for (const set of sets.values()) {
    const fileLines = [...new Set(set.records.map((r) => r.line))];
    const where = `account ${set.account}${set.auxiliary ? ` / ${set.auxiliary}` : ""}, EcritureLet "${set.code}"`;
    const amounts = set.lines.map(({ entry, line }) => built[entry]?.content.lines[line]);
    const debit = amounts.reduce((s, l) => s + (l?.debit ?? 0), 0);
    const credit = amounts.reduce((s, l) => s + (l?.credit ?? 0), 0);
    const first = fileLines[0] ?? 0;
    if (!chart.accounts[set.account]?.lettrable) {
      sink.warnings.push(
        fecIssue(
          first,
          "fec.notLettrable",
          "warning",
          `${where}: account ${set.account} is not lettrable in the chart; ${linesLabel(fileLines)} stay unlettered`,
          { account: set.account, code: set.code, lines: lineList(fileLines, 1000) },
        ),
      );
      continue;
    }
    if (set.lines.length < 2 || debit !== credit) {
      const why =
        set.lines.length < 2
          ? "a lettering set has at least two lines"
          : `debits ${(debit / 100).toFixed(2).replace(".", ",")} and credits ${(credit / 100).toFixed(2).replace(".", ",")} differ`;
      sink.warnings.push(
        fecIssue(
          first,
          "fec.letteringUnbalanced",
          "warning",
          `${where}: ${why}; ${linesLabel(fileLines)} stay unlettered`,
          {
            account: set.account,
            code: set.code,
            lines: lineList(fileLines, 1000),
            debit,
            credit,
          },
        ),
      );
      continue;
    }
    out.push({ account: set.account, auxiliary: set.auxiliary, code: set.code, lines: set.lines });
  }
  return out;
};

/**
 * Reads a FEC and plans its import into books in the state `context` gives: the chart's and the
 * journals' initialisation when missing, the journals, accounts and auxiliary accounts to create,
 * the fiscal years to open, every entry (decided on the simulated books) and the lettering sets.
 * Errors and warnings name their file lines.
 */
export const planFecImport = (input: FecPlanInput): FecImportPlan => {
  const sink: Sink = { warnings: [], errors: [], explain: input.explain };
  const { text, encoding } = decodeFec(input.bytes);
  const parsed = parseFec(text);
  const fileName = input.fileName.split(/[\\/]/).at(-1) ?? input.fileName;
  const empty = (): FecImportPlan => ({
    fileName,
    encoding,
    separator: parsed.separator,
    records: parsed.records.length,
    chart: [],
    journals: [],
    fiscal: [],
    entries: [],
    lettering: [],
    warnings: sink.warnings,
    errors: sink.errors,
  });
  sortOut(sink, parsed.findings);
  if (parsed.records.length === 0 && sink.errors.length === 0)
    sink.errors.push(fecIssue(0, "fec.noLines", "error", "the file has no line of entries"));
  if (sink.errors.length > 0) return empty();
  const grouped = groupFecEntries(parsed.records);
  sortOut(sink, grouped.findings);
  if (sink.errors.length > 0) return empty();

  const named = fecFileNameParts(fileName);
  if (!named)
    sink.warnings.push(
      fecIssue(
        0,
        "fec.fileName",
        "warning",
        `file name "${fileName}" is not <SIREN>FEC<AAAAMMJJ>: fiscal years to open end on 31 December`,
      ),
    );
  else if (input.siren && named.siren !== input.siren)
    sink.warnings.push(
      fecIssue(
        0,
        "fec.siren",
        "warning",
        `the file name's SIREN ${named.siren} is not the organisation's (${input.siren})`,
        {
          siren: named.siren,
        },
      ),
    );

  const journals = planJournals(parsed.records, input.context.journals, sink);
  const chart = planChart(parsed.records, input.context.chart, sink);
  const kindOf = (code: string) => journals.state.journals[code]?.kind;
  const journalOf = (entry: FecEntry) => journals.codes.get(entry.journalCode) ?? entry.journalCode;
  const isOpening = (entry: FecEntry) => kindOf(journalOf(entry)) === "opening";
  const ordinary = grouped.entries.filter((e) => !isOpening(e)).map((e) => e.date);
  const allDates = grouped.entries.map((e) => e.date);
  const mainDates = ordinary.length > 0 ? ordinary : allDates;
  const closingMonth = named ? Number(named.closingDate.slice(5, 7)) : 12;
  const fiscal = planYears(mainDates, input.context.fiscal, closingMonth, input.newId, sink);
  if (named && !fiscal.state.years.some((y) => y.end === named.closingDate))
    sink.warnings.push(
      fecIssue(
        0,
        "fec.closingDate",
        "warning",
        `no fiscal year ends on ${named.closingDate}, the closing date of the file name; the entries (${[...allDates].sort()[0]} to ${[...allDates].sort().at(-1)}) go to the fiscal years ${fiscal.state.years
          .filter((y) => allDates.some((d) => y.start <= d && d <= y.end))
          .map((y) => `${y.start} to ${y.end}`)
          .join(", ")}`,
        { closingDate: named.closingDate },
      ),
    );
  // Opening entries dated before the year of the file's first ordinary entry belong to its opening.
  const earliest = [...mainDates].sort()[0] ?? "";
  const openingDay = fiscalYearOf(fiscal.state, earliest)?.start ?? earliest;
  const redated = new Map<string, number[]>();
  const dateOf = (entry: FecEntry): string => {
    if (!isOpening(entry) || entry.date >= openingDay) return entry.date;
    const code = journalOf(entry);
    redated.set(code, [...(redated.get(code) ?? []), ...entry.lines.map((l) => l.line)]);
    return openingDay;
  };

  const context: PostingContext = { chart: chart.state, journals: journals.state, fiscal: fiscal.state };
  const built: EntryBuild[] = [];
  /** Dates no fiscal year holds: one error for them all rather than one an entry. */
  const yearless: number[] = [];
  const yearlessDates: string[] = [];
  const refused = new Map<string, { lines: number[]; entries: number }>();
  for (const entry of grouped.entries) {
    const b = buildEntry(entry, journalOf(entry), dateOf(entry), chart.accountOf, chart.auxiliaryOf, sink);
    built.push(b);
    const lines = entry.lines.map((l) => l.line);
    const known =
      !journals.broken.has(b.content.journal) &&
      b.content.lines.every((l) => !chart.broken.has(l.account) && !chart.broken.has(l.auxiliary ?? ""));
    if (!known) continue;
    if (!fiscalYearOf(fiscal.state, b.content.date)) {
      yearless.push(...lines);
      yearlessDates.push(b.content.date);
      continue;
    }
    const decided = refusal(b.content, context, input.validatedOn);
    if (!decided) continue;
    // The decider counts an entry's lines from 1: say the file's line instead.
    const at = decided.params.line;
    const error =
      typeof at === "number"
        ? new DomainError(
            decided.code,
            { ...decided.params, line: b.fileLines[at - 1] ?? at },
            decided.status,
          )
        : decided;
    const same = refused.get(error.code) ?? { lines: [], entries: 0 };
    same.entries += 1;
    same.lines.push(...lines);
    refused.set(error.code, same);
    if (same.entries <= MAX_SAME_REFUSALS)
      sink.errors.push(
        fecIssue(
          lines[0] ?? 0,
          error.code,
          "error",
          `journal "${entry.journalCode}", EcritureNum "${entry.ecritureNum}" (${linesLabel(lines)}): ${sink.explain(error)}`,
          { ...error.params, lines: lineList(lines, 1000) },
        ),
      );
  }
  for (const [code, same] of refused)
    if (same.entries > MAX_SAME_REFUSALS)
      sink.errors.push(
        fecIssue(
          0,
          code,
          "error",
          `${same.entries - MAX_SAME_REFUSALS} more entries are refused for the same reason (${code}); all of them are on ${linesLabel(same.lines)}`,
          { count: same.entries, lines: lineList(same.lines, 1000) },
        ),
      );
  if (yearless.length > 0) {
    const sorted = [...yearlessDates].sort();
    const years = fiscal.state.years.map((y) => `${y.start} to ${y.end}`).join(", ");
    sink.errors.push(
      fecIssue(
        yearless[0] ?? 0,
        "fiscalYear.none",
        "error",
        `${yearless.length} lines dated ${sorted[0]} to ${sorted.at(-1)} (${linesLabel(yearless)}) fall in no fiscal year; Registre opens fiscal years only after its last one (${years || "none"})`,
        { count: yearless.length, date: sorted[0] ?? "", lines: lineList(yearless, 1000) },
      ),
    );
  }
  for (const [code, lines] of redated)
    sink.warnings.push(
      fecIssue(
        lines[0] ?? 0,
        "fec.openingRedated",
        "warning",
        `${lines.length} lines of opening journal ${code} (${linesLabel(lines)}) are dated before ${openingDay}, the first day of the fiscal year: they are posted on ${openingDay}, their PieceDate unchanged`,
        { journal: code, date: openingDay, count: lines.length, lines: lineList(lines, 1000) },
      ),
    );
  const lettering = planLettering(built, chart.state, sink);
  if (sink.errors.length > 0) return empty();
  return {
    ...empty(),
    chart: chart.commands,
    journals: journals.commands,
    fiscal: fiscal.commands,
    entries: built.map((b, i) => ({
      content: b.content,
      number: grouped.entries[i]?.ecritureNum ?? "",
      validatedOn: grouped.entries[i]?.validDate || null,
      fileLines: b.fileLines,
    })),
    lettering,
  };
};
