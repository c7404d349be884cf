import { defaultJournals, type JournalsState, journalsDecider } from "../../accounting/journals.ts";
import type { FecRecord } from "../types.ts";
import { clean, journalKindOf, normaliseJournalCode, uniqueCode } from "./codes.ts";
import { fecIssue, type Sink } from "./findings.ts";
import { simulator } from "./simulator.ts";

/**
 * The journals part of the FEC import plan: the journals the file names, created on the simulated
 * journals under codes they accept.
 */

export const planJournals = (records: readonly FecRecord[], initial: JournalsState, sink: Sink) => {
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
