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

const byCounter = (prefix: string, taken: ReadonlySet<string>): string => {
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  let last = 0;
  for (const code of taken) {
    const m = pattern.exec(code);
    if (m) last = Math.max(last, Number(m[1]));
  }
  return `${prefix}${String(last + 1).padStart(COUNTER_DIGITS, "0")}`;
};

/**
 * The next code for a contact named `name` in role `role`. By name: the prefix and the first ten
 * letters or digits of the normalised name, then 2, 3… when taken; a name without any latin letter
 * or digit falls back to the counter. By counter: one past the highest number given with the prefix,
 * so a gap left by a deleted account is never filled.
 */
export const nextAuxiliaryCode = (
  role: AuxiliaryRole,
  mode: AuxiliaryCodeMode,
  name: string,
  taken: Iterable<string>,
): string => {
  const used = new Set([...taken].map((code) => code.toUpperCase()));
  const prefix = auxiliaryPrefix[role];
  const letters = nameLetters(name).slice(0, NAME_PART);
  if (mode === "counter" || letters.length === 0) return byCounter(prefix, used);
  const base = `${prefix}${letters}`;
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = String(n);
    const code = `${base.slice(0, MAX_CODE - suffix.length)}${suffix}`;
    if (!used.has(code)) return code;
  }
};

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
