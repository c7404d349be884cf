import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import { documentDirections, documentKinds } from "../documents/document.ts";
import { numberedAt } from "../documents/lifecycle.ts";
import { type DocumentSeries, defaultDocumentSeries, normaliseSeriesFormat } from "../documents/numbering.ts";
import { checkPlatformNumbering } from "../documents/platform-number.ts";

/**
 * The organisation's document settings (stream `doc-settings-<org>`): the numbering series and their
 * formats (`documents/numbering.ts`), the default payment terms and notes, the legal mentions and the
 * bank details printed on documents. Read with their defaults when nothing was set.
 */
export const documentSettingsStreamId = (orgId: string): string => `doc-settings-${orgId}`;

/** A series as the settings keep it: its use (kind and side), format and a label for the screens. */
export type NumberSeries = DocumentSeries & { readonly label: string };

export type BankDetails = { readonly holder: string; readonly iban: string; readonly bic: string | null };

export type DocumentSettings = {
  /** The first series of a use is the one a document of that use takes when it names none. */
  readonly series: readonly NumberSeries[];
  readonly paymentTerms: string | null;
  readonly notes: string | null;
  readonly legalMentions: string | null;
  readonly earlyPaymentDiscount: string;
  readonly bank: BankDetails | null;
  readonly printBankDetails: boolean;
  /** The Factur-X profile of validated sales invoices and credit notes: EN 16931, or BASIC. */
  readonly facturxProfile: "en16931" | "basic";
  /**
   * What an approved platform receives of them (issue 25): the Factur-X (the PDF/A-3 with its CII), or the
   * CII XML alone (the Factur-X for settings recorded before: the default state's).
   */
  readonly einvoiceSyntax: "facturx" | "cii";
};

const labels: Record<string, string> = {
  "sales-invoice": "Factures",
  "sales-creditNote": "Avoirs",
  "sales-quote": "Devis",
  "sales-order": "Commandes",
  "sales-delivery": "Bons de livraison",
  "purchases-quote": "Demandes de prix",
  "purchases-order": "Commandes fournisseurs",
  "purchases-delivery": "Bons de réception",
};

export const defaultDocumentSettings: DocumentSettings = {
  series: defaultDocumentSeries.map((s) => ({ ...s, label: labels[s.id] ?? s.id })),
  paymentTerms: "Paiement à 30 jours",
  notes: null,
  legalMentions: null,
  earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
  bank: null,
  printBankDetails: false,
  facturxProfile: "en16931",
  einvoiceSyntax: "facturx",
};

/** The series id a document counter names: `doc:<series>:<year>` or `doc:<series>`. */
export const seriesOfCounter = (counter: string): string | null =>
  counter.startsWith("doc:") ? (counter.split(":")[1] ?? null) : null;

export type DocumentSettingsChanges = Partial<DocumentSettings>;

export type DocumentSettingsCommand = {
  readonly type: "ChangeDocumentSettings";
  readonly data: DocumentSettingsChanges;
  /** The series that numbered a document already: kept, with their use and format. */
  readonly context: { readonly usedSeries: readonly string[] };
};
export type DocumentSettingsEvent = DomainEvent<"DocumentSettingsChanged", DocumentSettingsChanges>;

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

const normaliseSeries = (series: readonly NumberSeries[]): NumberSeries[] => {
  const ids = new Set<string>();
  return series.map((s) => {
    if (!/^[A-Za-z0-9-]{1,40}$/.test(s.id))
      throw new DomainError("docSettings.invalidCode", { field: "id", value: s.id });
    if (ids.has(s.id)) throw new DomainError("docSettings.duplicateSeries", { field: "id", value: s.id });
    ids.add(s.id);
    if (!documentKinds.includes(s.kind) || !documentDirections.includes(s.direction))
      throw new DomainError("docSettings.invalidUse", { field: "kind", value: `${s.direction}.${s.kind}` });
    if (numberedAt(s.kind, s.direction) === "supplier")
      throw new DomainError("docSettings.invalidUse", { field: "kind", value: `${s.direction}.${s.kind}` });
    const label = s.label.trim() || s.id;
    return { id: s.id, kind: s.kind, direction: s.direction, format: normaliseSeriesFormat(s.format), label };
  });
};

const checked = (next: DocumentSettings, before: DocumentSettings, used: readonly string[]) => {
  for (const id of used) {
    const was = before.series.find((s) => s.id === id);
    const now = next.series.find((s) => s.id === id);
    if (
      was &&
      (!now || now.kind !== was.kind || now.direction !== was.direction || now.format !== was.format)
    )
      throw new DomainError("docSettings.seriesUsed", { field: "series", value: id }, 409);
  }
  // The numbers a platform receives (sales invoices and credit notes) keep to its rule; a series as it
  // already stood is left alone (its numbers were given), a new or changed one is checked.
  next.series.forEach((s, index) => {
    if (s.direction !== "sales" || (s.kind !== "invoice" && s.kind !== "creditNote")) return;
    const was = before.series.find((b) => b.id === s.id);
    if (was && was.format === s.format && was.kind === s.kind && was.direction === s.direction) return;
    checkPlatformNumbering(s.format, `series.${index}.format`);
  });
  if (next.bank && !IBAN.test(next.bank.iban))
    throw new DomainError("docSettings.invalidIban", { field: "bank.iban", value: next.bank.iban });
  if (next.facturxProfile !== "en16931" && next.facturxProfile !== "basic")
    throw new DomainError("validation.notAllowed", {
      field: "facturxProfile",
      value: String(next.facturxProfile),
    });
  if (next.einvoiceSyntax !== "facturx" && next.einvoiceSyntax !== "cii")
    throw new DomainError("validation.notAllowed", {
      field: "einvoiceSyntax",
      value: String(next.einvoiceSyntax),
    });
  if (next.printBankDetails && !next.bank)
    throw new DomainError("docSettings.bankMissing", { field: "printBankDetails" });
};

/** Changing nothing records nothing; formats are checked, an IBAN kept without spaces, upper case. */
export const documentSettingsDecider: Decider<
  DocumentSettingsCommand,
  DocumentSettingsEvent,
  DocumentSettings
> = {
  decide: (command, state) => {
    const d = command.data;
    const changes: DocumentSettingsChanges = {
      ...d,
      ...(d.series && { series: normaliseSeries(d.series) }),
      ...(d.bank && { bank: { ...d.bank, iban: d.bank.iban.replace(/\s+/g, "").toUpperCase() } }),
    };
    const next = { ...state, ...changes };
    checked(next, state, command.context.usedSeries);
    const changed = Object.fromEntries(
      Object.entries(changes).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(state[key as keyof DocumentSettings]),
      ),
    ) as DocumentSettingsChanges;
    return Object.keys(changed).length === 0 ? [] : [{ type: "DocumentSettingsChanged", data: changed }];
  },
  evolve: (state, event) => ({ ...state, ...event.data }),
  initialState: () => defaultDocumentSettings,
};
