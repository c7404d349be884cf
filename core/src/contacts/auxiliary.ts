import type { ChartCommand } from "../accounting/chart.ts";
import type { AuxiliaryRole, ContactEvent } from "./contact.ts";
import { normaliseContactName } from "./names.ts";

/**
 * Auxiliary accounts of customers (under 411000) and suppliers (under 401000). The organisation
 * chooses how a code is made: from the name ("CDUPONT", "FMARTIN") or from a counter ("C00001").
 * A code is never given twice: `taken` holds every code the chart ever had, deleted ones too.
 */
export type AuxiliaryCodeMode = "name" | "counter";
export const auxiliaryCodeModes: readonly AuxiliaryCodeMode[] = ["name", "counter"];

export const auxiliaryControl: Readonly<Record<AuxiliaryRole, string>> = {
  customer: "411000",
  supplier: "401000",
};
/** C for clients, F for fournisseurs: a letter first, so a code is never read as a general account. */
export const auxiliaryPrefix: Readonly<Record<AuxiliaryRole, string>> = { customer: "C", supplier: "F" };

/** The chart's bound on an auxiliary code (`chart.ts`: 17 characters). */
const MAX_CODE = 17;
/** Letters of the name kept in a code: room is left for a number telling namesakes apart. */
const NAME_PART = 10;
const COUNTER_DIGITS = 5;

const nameLetters = (name: string): string =>
  normaliseContactName(name)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");

/** A counter code's number: `<prefix><digits>` (`C00012`, and a name code made of digits, `C2`). */
const COUNTER_CODE = /^([A-Z])(\d+)$/;

/**
 * Every auxiliary code taken, indexed so that the next code is found without scanning them: a set of the
 * codes (in capitals, as they are compared), the highest number given after each prefix, and per name
 * code the first suffix not known to be free. Codes are only ever added — a code is never given twice, so
 * none leaves — hence what is known taken stays taken, and the search for a namesake's number resumes
 * where the last one stopped: an import of thousands of namesakes ("Société X 1", "Société X 2"…) costs
 * each code a constant, where scanning the codes for each contact made it quadratic.
 *
 * `nextCode` reads the index and only remembers where its searches stopped (a cache of what the set
 * says); the caller adds a code once it is given (the import, after each contact's decision).
 */
export class AuxiliaryCodeIndex {
  private readonly taken = new Set<string>();
  private readonly counters = new Map<string, number>();
  /** Per name code: every suffix from 2 up to (not including) this one is taken. */
  private readonly resume = new Map<string, number>();
  /** The last name's letters: a customer and supplier's two codes normalise its name once. */
  private last: { readonly name: string; readonly letters: string } = { name: "", letters: "" };

  constructor(codes: Iterable<string> = []) {
    for (const code of codes) this.add(code);
  }

  get size(): number {
    return this.taken.size;
  }

  has(code: string): boolean {
    return this.taken.has(code.toUpperCase());
  }

  add(raw: string): void {
    const code = raw.toUpperCase();
    if (this.taken.has(code)) return;
    this.taken.add(code);
    const counter = COUNTER_CODE.exec(code);
    if (counter?.[1] && counter[2])
      this.counters.set(counter[1], Math.max(this.counters.get(counter[1]) ?? 0, Number(counter[2])));
  }

  /**
   * The next code for a contact named `name` in role `role` (see `nextAuxiliaryCode`), also avoiding
   * `besides`: codes given by the same decision, not in the index yet (a handful).
   */
  nextCode(
    role: AuxiliaryRole,
    mode: AuxiliaryCodeMode,
    name: string,
    besides: ReadonlySet<string> = new Set(),
  ): string {
    const prefix = auxiliaryPrefix[role];
    if (this.last.name !== name) this.last = { name, letters: nameLetters(name).slice(0, NAME_PART) };
    const { letters } = this.last;
    const isTaken = (code: string) => this.taken.has(code) || besides.has(code);
    if (mode === "counter" || letters.length === 0) {
      let last = this.counters.get(prefix) ?? 0;
      for (const code of besides) {
        const counter = COUNTER_CODE.exec(code);
        if (counter?.[1] === prefix) last = Math.max(last, Number(counter[2]));
      }
      return `${prefix}${String(last + 1).padStart(COUNTER_DIGITS, "0")}`;
    }
    const base = `${prefix}${letters}`;
    if (!isTaken(base)) return base;
    const numbered = (n: number) => {
      const suffix = String(n);
      return `${base.slice(0, MAX_CODE - suffix.length)}${suffix}`;
    };
    let n = this.resume.get(base) ?? 2;
    while (this.taken.has(numbered(n))) n++;
    // Only what the index itself says is remembered: `besides` is this decision's own.
    this.resume.set(base, n);
    while (isTaken(numbered(n))) n++;
    return numbered(n);
  }
}

/**
 * The next code for a contact named `name` in role `role`. By name: the prefix and the first ten
 * letters or digits of the normalised name, then 2, 3… when taken; a name without any latin letter
 * or digit falls back to the counter. By counter: one past the highest number given with the prefix,
 * so a gap left by a deleted account is never filled. `taken` is compared in capitals; given as a list,
 * it is indexed first (one creation), an `AuxiliaryCodeIndex` is read as it is (an import's thousands).
 */
export const nextAuxiliaryCode = (
  role: AuxiliaryRole,
  mode: AuxiliaryCodeMode,
  name: string,
  taken: Iterable<string> | AuxiliaryCodeIndex,
): string =>
  (taken instanceof AuxiliaryCodeIndex ? taken : new AuxiliaryCodeIndex(taken)).nextCode(role, mode, name);

/**
 * The chart commands that open the accounts a contact's decision assigned, labelled with its name:
 * the shell appends them on `chart-<org>` in the same commit as the contact's events.
 */
export const auxiliaryAccountCommands = (
  events: readonly ContactEvent[],
  label: string,
): Extract<ChartCommand, { type: "CreateAuxiliaryAccount" }>[] =>
  events.flatMap((event) =>
    event.type === "ContactAuxiliaryAccountAssigned"
      ? [
          {
            type: "CreateAuxiliaryAccount",
            data: { number: event.data.code, label, control: event.data.control },
          },
        ]
      : [],
  );
