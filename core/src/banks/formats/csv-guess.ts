import { type CsvDelimiter, type CsvRecord, parseCsv } from "../../imports/csv-file.ts";
import type { BankCsvMapping } from "./csv.ts";
import { squash } from "./text.ts";

/**
 * A first mapping for a bank CSV the user has not mapped yet, for the mapping screen to show and the
 * user to correct: the header found by the usual French and English column names, the date order and
 * the decimal separator read from the rows, the balance rows by their words. `undefined` when no line
 * looks like a header with a date, a label and an amount.
 */

const plain = (t: string): string =>
  squash(t)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[’']/g, " ")
    .replace(/\s*\((eur|euros?|€)\)|\s+(eur|euros?|€)$/g, "")
    .replace(/[^a-z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const NAMES = {
  date: [
    "date",
    "date operation",
    "date d operation",
    "date comptable",
    "date de comptabilisation",
    "booking date",
    "transaction date",
    "date op",
  ],
  valueDate: ["date valeur", "date de valeur", "value date", "valeur"],
  label: [
    "libelle",
    "libelle operation",
    "libelle de l operation",
    "label",
    "description",
    "intitule",
    "designation",
    "nature de l operation",
    "operation",
  ],
  detail: [
    "detail",
    "details",
    "libelle complementaire",
    "informations complementaires",
    "complement",
    "memo",
  ],
  amount: ["montant", "amount", "montant de l operation", "somme"],
  debit: ["debit", "debits", "montant debit", "sortie", "sorties"],
  credit: ["credit", "credits", "montant credit", "entree", "entrees"],
  reference: ["reference", "ref", "operation number", "numero d operation", "n operation", "numero"],
  counterpartyName: ["tiers", "beneficiaire", "emetteur", "contrepartie", "counterparty", "payee"],
} as const;
type Role = keyof typeof NAMES;

const roleOf = (header: string): Role | undefined => {
  const h = plain(header);
  for (const role of Object.keys(NAMES) as Role[])
    if ((NAMES[role] as readonly string[]).includes(h)) return role;
  return undefined;
};

type Header = { record: CsvRecord; index: number; roles: Map<Role, number> };

const findHeader = (records: readonly CsvRecord[]): Header | undefined => {
  for (let index = 0; index < records.length; index++) {
    const record = records[index] as CsvRecord;
    const roles = new Map<Role, number>();
    record.cells.forEach((cell, i) => {
      const role = roleOf(cell);
      if (role && !roles.has(role)) roles.set(role, i);
    });
    const amount = roles.has("amount") || roles.has("debit") || roles.has("credit");
    if (roles.has("date") && roles.has("label") && amount) return { record, index, roles };
  }
  return undefined;
};

const OPENING = /(debut|start|initial|precedent|ancien|opening|previous|report)/;
const CLOSING = /(fin|end|final|nouveau|closing|actuel)/;

/** The balance row's words before any figure or date: what the mapping looks for next time. */
const balanceLabel = (cell: string): string => squash(cell.replace(/[\d/.,:+-].*$/, "")) || squash(cell);

export const suggestCsvMapping = (text: string): BankCsvMapping | undefined => {
  for (const delimiter of [";", ",", "\t"] as CsvDelimiter[]) {
    let records: CsvRecord[];
    try {
      records = parseCsv(text, delimiter).records;
    } catch {
      continue;
    }
    const header = findHeader(records);
    if (!header) continue;
    const name = (role: Role) => {
      const i = header.roles.get(role);
      return i === undefined ? undefined : (header.record.cells[i] ?? "").trim();
    };
    const rows = records.slice(header.index + 1);
    const column = (role: Role) => {
      const i = header.roles.get(role);
      return i === undefined ? [] : rows.map((r) => (r.cells[i] ?? "").trim()).filter((c) => c !== "");
    };
    const dates = column("date")
      .map((d) => /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})/.exec(d))
      .filter((m): m is RegExpExecArray => !!m);
    const dateOrder: BankCsvMapping["dateOrder"] = dates.some((m) => (m[1] ?? "").length === 4)
      ? "ymd"
      : dates.some((m) => Number(m[2]) > 12) && !dates.some((m) => Number(m[1]) > 12)
        ? "mdy"
        : "dmy";
    const amounts = [...column("amount"), ...column("debit"), ...column("credit")];
    const decimal: "," | "." =
      amounts.filter((a) => /\.\d{1,2}$/.test(a)).length > amounts.filter((a) => /,\d{1,2}$/.test(a)).length
        ? "."
        : ",";
    let openingBalanceLabel: string | undefined;
    let closingBalanceLabel: string | undefined;
    for (const r of records) {
      const first = r.cells.find((c) => c.trim() !== "") ?? "";
      const p = plain(first);
      if (!/^(solde|balance)\b/.test(p)) continue;
      if (OPENING.test(p)) openingBalanceLabel ??= balanceLabel(first);
      else if (CLOSING.test(p)) closingBalanceLabel ??= balanceLabel(first);
    }
    const label = name("label") as string;
    const detail = name("detail");
    const amount = name("amount");
    const debit = name("debit");
    const credit = name("credit");
    const optional = (key: keyof BankCsvMapping, value: string | undefined) =>
      value ? { [key]: value } : {};
    return {
      delimiter,
      headerLine: header.record.line,
      date: name("date") as string,
      ...optional("valueDate", name("valueDate")),
      label: detail ? [label, detail] : label,
      ...(amount && !(debit && credit)
        ? { amount }
        : { ...optional("debit", debit), ...optional("credit", credit) }),
      ...optional("reference", name("reference")),
      ...optional("counterpartyName", name("counterpartyName")),
      dateOrder,
      decimal,
      ...optional("openingBalanceLabel", openingBalanceLabel),
      ...optional("closingBalanceLabel", closingBalanceLabel),
    } as BankCsvMapping;
  }
  return undefined;
};
