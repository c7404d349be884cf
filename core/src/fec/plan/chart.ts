import { type ChartState, chartDecider, foldIntoPrivateChart, privateChart } from "../../accounting/chart.ts";
import { PCG_TEMPLATE_ID, pcgTemplate } from "../../accounting/pcg/template.ts";
import type { FecRecord } from "../types.ts";
import { AUXILIARY_MAX, clean, normaliseAuxiliary, uniqueCode } from "./codes.ts";
import { fecIssue, lineList, linesLabel, type Sink } from "./findings.ts";
import { simulator } from "./simulator.ts";

/**
 * The chart part of the FEC import plan: the accounts and auxiliary accounts the file uses, created
 * or made collective on the simulated chart, each under the code the chart will accept.
 */

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

export const planChart = (records: readonly FecRecord[], initial: ChartState, sink: Sink) => {
  // The simulated chart opens an account per auxiliary of the file: added in place to its own copy.
  const sim = simulator(chartDecider, privateChart(initial), sink, foldIntoPrivateChart);
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
