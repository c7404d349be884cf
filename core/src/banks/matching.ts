import type { Cents } from "../money.ts";
import type { BankStatementLine } from "./model.ts";

/**
 * Reconciliation suggestions for one statement line, ranked: the open invoices (or a set of one
 * contact's open invoices) and the existing payments, deposits or entries of the bank's account the
 * line may be. Each suggestion has a score and the reasons that make it up:
 *
 * | reason | points |
 * |---|---|
 * | the invoice's number, or the payment's reference, written in the label | 50 |
 * | amount equal to the invoice's due (or the payment's amount) | 30 |
 * | amount equal to the sum of several open invoices of one contact | 25 |
 * | the contact's IBAN is the counterparty's, or written in the label | 30 |
 * | the contact's name in the label or as the counterparty (accents, case, punctuation aside) | 20 |
 * | date proximity: 10 on the due date (or the payment's date), one less per 3 days | 0–10 |
 *
 * A suggestion needs the amount, or the number, to agree: a name alone is not enough. Declined
 * suggestions are left out. Everything works from a `MatchIndex` built once for many lines.
 */

/** An invoice still open; `due` signed as the bank sees its payment: + a customer's, − a supplier's. */
export type OpenInvoice = {
  readonly id: string;
  readonly number: string;
  readonly contactId: string;
  readonly due: Cents;
  readonly date: string;
  readonly dueDate?: string;
};

export type MatchContact = { readonly id: string; readonly name: string; readonly ibans: readonly string[] };

/** A payment, deposit or entry of the bank's account not matched yet; `amount` signed as the bank's line. */
export type ExistingMovement = {
  readonly id: string;
  readonly kind: "payment" | "deposit" | "entry";
  readonly amount: Cents;
  readonly date: string;
  readonly reference?: string;
  readonly contactId?: string;
};

export type ReasonCode = "number" | "amount" | "amountSum" | "iban" | "name" | "date";
export type Reason = { readonly code: ReasonCode; readonly points: number; readonly detail?: string };

export type Suggestion =
  | {
      readonly key: string;
      readonly kind: "invoices";
      readonly invoiceIds: readonly string[];
      readonly contactId: string;
      readonly amount: Cents;
      readonly score: number;
      readonly reasons: readonly Reason[];
    }
  | {
      readonly key: string;
      readonly kind: ExistingMovement["kind"];
      readonly id: string;
      readonly amount: Cents;
      readonly score: number;
      readonly reasons: readonly Reason[];
    };

export const POINTS = { number: 50, amount: 30, amountSum: 25, iban: 30, name: 20, date: 10 } as const;

/** Text as compared: accents, case and punctuation aside, single spaces. */
export const matchText = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();

/** Letters and digits only: "FA-2026/0012" and "FA 2026 0012" both "FA20260012". */
const squeeze = (text: string): string => matchText(text).replace(/ /g, "");

const LEGAL_FORMS = new Set([
  "SA",
  "SAS",
  "SASU",
  "SARL",
  "EURL",
  "SCI",
  "SNC",
  "SCOP",
  "SELARL",
  "EI",
  "STE",
  "SOCIETE",
  "ETS",
]);
/** A contact's name as looked for in labels: legal forms dropped, at least 4 letters left. */
const nameKey = (name: string): string | undefined => {
  const words = matchText(name)
    .split(" ")
    .filter((w) => w !== "" && !LEGAL_FORMS.has(w));
  const key = words.join(" ");
  return key.replace(/ /g, "").length >= 4 ? key : undefined;
};

const DIGIT = /\d/;
/**
 * Whether `key` (letters and digits) is in `haystack` (letters and digits) as a whole number: a key
 * ending in a digit is not followed by another digit (FA-0042 is not in FA-00421), one starting with a
 * digit is not preceded by one.
 */
export const containsCode = (haystack: string, key: string): boolean => {
  const first = DIGIT.test(key[0] ?? "");
  const last = DIGIT.test(key[key.length - 1] ?? "");
  for (let at = haystack.indexOf(key); at >= 0; at = haystack.indexOf(key, at + 1)) {
    if (last && DIGIT.test(haystack[at + key.length] ?? "")) continue;
    if (first && DIGIT.test(haystack[at - 1] ?? "")) continue;
    return true;
  }
  return false;
};

export type MatchIndex = {
  readonly invoices: ReadonlyMap<string, OpenInvoice>;
  readonly byDue: ReadonlyMap<Cents, readonly OpenInvoice[]>;
  readonly byContact: ReadonlyMap<string, readonly OpenInvoice[]>;
  readonly numbers: readonly { readonly key: string; readonly invoice: OpenInvoice }[];
  readonly contacts: ReadonlyMap<string, MatchContact>;
  readonly byIban: ReadonlyMap<string, string>;
  readonly names: readonly { readonly key: string; readonly contactId: string }[];
  readonly existing: readonly ExistingMovement[];
  readonly existingByAmount: ReadonlyMap<Cents, readonly ExistingMovement[]>;
};

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** The lookups suggestions use, built once for a bank's open items. */
export const buildMatchIndex = (
  invoices: readonly OpenInvoice[],
  contacts: readonly MatchContact[],
  existing: readonly ExistingMovement[] = [],
): MatchIndex => {
  const byDue = new Map<Cents, OpenInvoice[]>();
  const byContact = new Map<string, OpenInvoice[]>();
  const numbers: { key: string; invoice: OpenInvoice }[] = [];
  for (const invoice of invoices) {
    if (invoice.due === 0) continue;
    push(byDue, invoice.due, invoice);
    push(byContact, invoice.contactId, invoice);
    const key = squeeze(invoice.number);
    if (key.length >= 4) numbers.push({ key, invoice });
  }
  const byIban = new Map<string, string>();
  const names: { key: string; contactId: string }[] = [];
  for (const c of contacts) {
    for (const iban of c.ibans) byIban.set(squeeze(iban), c.id);
    const key = nameKey(c.name);
    if (key) names.push({ key, contactId: c.id });
  }
  const existingByAmount = new Map<Cents, ExistingMovement[]>();
  for (const e of existing) push(existingByAmount, e.amount, e);
  return {
    invoices: new Map(invoices.map((i) => [i.id, i])),
    byDue,
    byContact,
    numbers,
    contacts: new Map(contacts.map((c) => [c.id, c])),
    byIban,
    names,
    existing,
    existingByAmount,
  };
};

const DAY = 86_400_000;
const days = (a: string, b: string): number => Math.abs(Date.parse(a) - Date.parse(b)) / DAY;

/** 10 points on the day, one less per 3 days away, none beyond 30 days. */
export const datePoints = (lineDate: string, ...dates: (string | undefined)[]): number => {
  const gaps = dates.filter((d): d is string => !!d).map((d) => days(lineDate, d));
  if (gaps.length === 0) return 0;
  return Math.max(0, POINTS.date - Math.floor(Math.min(...gaps) / 3));
};

/** The texts of a line searched for numbers, names and IBANs. */
const lineTexts = (line: BankStatementLine): string =>
  matchText([line.label, ...line.details, line.reference ?? "", line.creditorReference ?? ""].join(" "));

/** Contacts the line names: by the counterparty's IBAN or an IBAN in the label, or by name. */
const identifiedContacts = (
  line: BankStatementLine,
  text: string,
  index: MatchIndex,
): Map<string, Reason[]> => {
  const found = new Map<string, Reason[]>();
  const add = (id: string, reason: Reason) => {
    const reasons = found.get(id) ?? [];
    if (!reasons.some((r) => r.code === reason.code)) reasons.push(reason);
    found.set(id, reasons);
  };
  const ibans = new Set<string>();
  if (line.counterparty?.iban) ibans.add(squeeze(line.counterparty.iban));
  for (const m of text.replace(/ /g, "").matchAll(/[A-Z]{2}\d{2}[A-Z0-9]{11,30}/g)) ibans.add(m[0]);
  for (const iban of ibans)
    for (let length = Math.min(iban.length, 34); length >= 14; length--) {
      const contactId = index.byIban.get(iban.slice(0, length));
      if (contactId) {
        add(contactId, { code: "iban", points: POINTS.iban, detail: iban.slice(0, length) });
        break;
      }
    }
  const padded = ` ${text} ${matchText(line.counterparty?.name ?? "")} `;
  for (const { key, contactId } of index.names)
    if (padded.includes(` ${key} `)) add(contactId, { code: "name", points: POINTS.name, detail: key });
  return found;
};

/**
 * Sets of 2 to `maxSize` of `invoices` whose dues add up to `target`, nearest to `date` first; the
 * search stops after `budget` steps so that a contact with many invoices stays fast.
 */
export const subsetsSumming = (
  invoices: readonly OpenInvoice[],
  target: Cents,
  options: { maxSize?: number; maxInvoices?: number; budget?: number; limit?: number; date?: string } = {},
): OpenInvoice[][] => {
  const { maxSize = 5, maxInvoices = 20, budget = 20_000, limit = 3 } = options;
  const sameSign = invoices.filter(
    (i) => Math.sign(i.due) === Math.sign(target) && Math.abs(i.due) <= Math.abs(target),
  );
  const pool = options.date
    ? [...sameSign].sort(
        (a, b) =>
          days(options.date as string, a.dueDate ?? a.date) -
          days(options.date as string, b.dueDate ?? b.date),
      )
    : [...sameSign];
  const items = pool.slice(0, maxInvoices);
  const found: OpenInvoice[][] = [];
  let steps = 0;
  const chosen: OpenInvoice[] = [];
  const walk = (start: number, rest: Cents) => {
    if (found.length >= limit || steps++ > budget) return;
    if (rest === 0 && chosen.length >= 2) {
      found.push([...chosen]);
      return;
    }
    if (chosen.length >= maxSize) return;
    for (let i = start; i < items.length; i++) {
      const invoice = items[i] as OpenInvoice;
      if (Math.abs(invoice.due) > Math.abs(rest)) continue;
      chosen.push(invoice);
      walk(i + 1, rest - invoice.due);
      chosen.pop();
      if (found.length >= limit || steps > budget) return;
    }
  };
  walk(0, target);
  return found;
};

export type SuggestOptions = {
  /** Keys of the suggestions the user declined for this line. */
  readonly declined?: ReadonlySet<string>;
  readonly limit?: number;
};

const total = (reasons: readonly Reason[]): number => reasons.reduce((s, r) => s + r.points, 0);

/** The suggestions for `line`, best first (score, then key, so that the order is stable). */
export const suggestMatches = (
  line: BankStatementLine,
  index: MatchIndex,
  options: SuggestOptions = {},
): Suggestion[] => {
  const declined = options.declined ?? new Set<string>();
  const text = lineTexts(line);
  const squeezed = text.replace(/ /g, "");
  const contacts = identifiedContacts(line, text, index);
  const candidates = new Map<string, OpenInvoice>();
  const numbered = new Set<string>();
  for (const { key, invoice } of index.numbers)
    if (containsCode(squeezed, key)) {
      candidates.set(invoice.id, invoice);
      numbered.add(invoice.id);
    }
  for (const invoice of index.byDue.get(line.amount) ?? []) candidates.set(invoice.id, invoice);
  for (const contactId of contacts.keys())
    for (const invoice of index.byContact.get(contactId) ?? []) candidates.set(invoice.id, invoice);

  const suggestions: Suggestion[] = [];
  for (const invoice of candidates.values()) {
    if (Math.sign(invoice.due) !== Math.sign(line.amount)) continue;
    const reasons: Reason[] = [];
    if (numbered.has(invoice.id))
      reasons.push({ code: "number", points: POINTS.number, detail: invoice.number });
    if (invoice.due === line.amount) reasons.push({ code: "amount", points: POINTS.amount });
    if (reasons.length === 0) continue;
    reasons.push(...(contacts.get(invoice.contactId) ?? []));
    const dp = datePoints(line.bookingDate, invoice.dueDate, invoice.date);
    if (dp > 0) reasons.push({ code: "date", points: dp });
    suggestions.push({
      key: `invoice:${invoice.id}`,
      kind: "invoices",
      invoiceIds: [invoice.id],
      contactId: invoice.contactId,
      amount: invoice.due,
      score: total(reasons),
      reasons,
    });
  }
  const sumContacts = new Set([
    ...contacts.keys(),
    ...[...numbered].map((id) => index.invoices.get(id)?.contactId ?? ""),
  ]);
  for (const contactId of sumContacts) {
    const open = index.byContact.get(contactId) ?? [];
    for (const set of subsetsSumming(open, line.amount, { date: line.bookingDate })) {
      const ids = set.map((i) => i.id).sort();
      const reasons: Reason[] = [{ code: "amountSum", points: POINTS.amountSum, detail: String(set.length) }];
      const named = set.filter((i) => numbered.has(i.id));
      if (named.length > 0)
        reasons.push({
          code: "number",
          points: POINTS.number,
          detail: named.map((i) => i.number).join(", "),
        });
      reasons.push(...(contacts.get(contactId) ?? []));
      const dp = Math.max(...set.map((i) => datePoints(line.bookingDate, i.dueDate, i.date)));
      if (dp > 0) reasons.push({ code: "date", points: dp });
      suggestions.push({
        key: `invoices:${ids.join("+")}`,
        kind: "invoices",
        invoiceIds: ids,
        contactId,
        amount: line.amount,
        score: total(reasons),
        reasons,
      });
    }
  }
  const referenced = index.existing.filter(
    (e) => e.reference && squeeze(e.reference).length >= 4 && containsCode(squeezed, squeeze(e.reference)),
  );
  const movements = new Map<string, ExistingMovement>();
  for (const e of [...referenced, ...(index.existingByAmount.get(line.amount) ?? [])])
    movements.set(`${e.kind}:${e.id}`, e);
  for (const [key, e] of movements) {
    const reasons: Reason[] = [];
    if (referenced.includes(e))
      reasons.push({ code: "number", points: POINTS.number, detail: e.reference ?? "" });
    if (e.amount === line.amount) reasons.push({ code: "amount", points: POINTS.amount });
    if (e.amount !== line.amount && Math.sign(e.amount) !== Math.sign(line.amount)) continue;
    if (e.contactId) reasons.push(...(contacts.get(e.contactId) ?? []));
    const dp = datePoints(line.bookingDate, e.date);
    if (dp > 0) reasons.push({ code: "date", points: dp });
    suggestions.push({ key, kind: e.kind, id: e.id, amount: e.amount, score: total(reasons), reasons });
  }
  const unique = new Map<string, Suggestion>();
  for (const s of suggestions) if (!declined.has(s.key) && !unique.has(s.key)) unique.set(s.key, s);
  return [...unique.values()]
    .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, options.limit ?? 10);
};
