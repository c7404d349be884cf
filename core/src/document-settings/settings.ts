import { type Decider, DomainError, type DomainEvent } from "../decider.ts";

/**
 * The organisation's document settings (stream `doc-settings-<org>`): the numbering series and their
 * formats, the default payment terms and notes, the legal mentions and the bank details printed on
 * documents. Read with their defaults when nothing was set.
 */
export const documentSettingsStreamId = (orgId: string): string => `doc-settings-${orgId}`;

/** What a series numbers: a direction and a kind (purchase invoices keep their supplier's numbers). */
export const seriesUses = [
  "sales.quote",
  "sales.order",
  "sales.delivery",
  "sales.invoice",
  "sales.credit_note",
  "purchases.quote",
  "purchases.order",
  "purchases.delivery",
] as const;
export type SeriesUse = (typeof seriesUses)[number];

export type NumberSeries = {
  /** Stable code, e.g. `FA`: the counter is `doc:<code>:<year>`. */
  readonly code: string;
  readonly use: SeriesUse;
  readonly label: string;
  /** `FA{YYYY}-{NNNNN}`: the year, the month, and the sequence on as many digits as N's. */
  readonly format: string;
};

export type BankDetails = { readonly holder: string; readonly iban: string; readonly bic: string | null };

export type DocumentSettings = {
  readonly series: readonly NumberSeries[];
  /** The series each use takes when the document names none. */
  readonly defaults: Readonly<Partial<Record<SeriesUse, string>>>;
  readonly paymentTerms: string | null;
  readonly notes: string | null;
  readonly legalMentions: string | null;
  readonly earlyPaymentDiscount: string;
  readonly bank: BankDetails | null;
  readonly printBankDetails: boolean;
};

const defaultSeriesList: readonly NumberSeries[] = [
  { code: "DE", use: "sales.quote", label: "Devis", format: "DE{YYYY}-{NNNNN}" },
  { code: "CO", use: "sales.order", label: "Commandes", format: "CO{YYYY}-{NNNNN}" },
  { code: "BL", use: "sales.delivery", label: "Bons de livraison", format: "BL{YYYY}-{NNNNN}" },
  { code: "FA", use: "sales.invoice", label: "Factures", format: "FA{YYYY}-{NNNNN}" },
  { code: "AV", use: "sales.credit_note", label: "Avoirs", format: "AV{YYYY}-{NNNNN}" },
  { code: "DF", use: "purchases.quote", label: "Demandes de prix", format: "DF{YYYY}-{NNNNN}" },
  { code: "CF", use: "purchases.order", label: "Commandes fournisseurs", format: "CF{YYYY}-{NNNNN}" },
  { code: "BR", use: "purchases.delivery", label: "Bons de réception", format: "BR{YYYY}-{NNNNN}" },
];

export const defaultDocumentSettings: DocumentSettings = {
  series: defaultSeriesList,
  defaults: Object.fromEntries(defaultSeriesList.map((s) => [s.use, s.code])),
  paymentTerms: "Paiement à 30 jours",
  notes: null,
  legalMentions: null,
  earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
  bank: null,
  printBankDetails: false,
};

const FORMAT = /^[^{}]*(\{(YYYY|YY|MM|N{1,10})\}[^{}]*)+$/;

/** Refuses a format without exactly one sequence token, unknown tokens, or one too long. */
export const checkSeriesFormat = (format: string): void => {
  const sequences = format.match(/\{N+\}/g) ?? [];
  if (format.length > 40 || !FORMAT.test(format) || sequences.length !== 1)
    throw new DomainError("docSettings.invalidFormat", { field: "format", value: format });
};

/** The number a series gives its `sequence`-th document of `date`'s year: `FA2026-00001`. */
export const formatSeriesNumber = (format: string, date: string, sequence: number): string =>
  format
    .replace("{YYYY}", date.slice(0, 4))
    .replace("{YY}", date.slice(2, 4))
    .replace("{MM}", date.slice(5, 7))
    .replace(/\{(N+)\}/, (_, n: string) => String(sequence).padStart(n.length, "0"));

/** The counter of a series for a year: gapless per organisation, series and year. */
export const seriesCounter = (code: string, date: string): string => `doc:${code}:${date.slice(0, 4)}`;

/** The series a document of `use` takes: the one named, else the use's default; refused when unknown or another use's. */
export const seriesFor = (settings: DocumentSettings, use: SeriesUse, code?: string | null): NumberSeries => {
  const wanted = code ?? settings.defaults[use] ?? settings.series.find((s) => s.use === use)?.code;
  const series = settings.series.find((s) => s.code === wanted);
  if (!series || series.use !== use)
    throw new DomainError("docSettings.unknownSeries", { field: "series", value: wanted ?? use });
  return series;
};

export type DocumentSettingsChanges = Partial<DocumentSettings>;

export type DocumentSettingsCommand = {
  readonly type: "ChangeDocumentSettings";
  readonly data: DocumentSettingsChanges;
  /** The series that numbered a document already: kept, with their use and format. */
  readonly context: { readonly usedSeries: readonly string[] };
};
export type DocumentSettingsEvent = DomainEvent<"DocumentSettingsChanged", DocumentSettingsChanges>;

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

const checked = (next: DocumentSettings, before: DocumentSettings, used: readonly string[]) => {
  const codes = new Set<string>();
  for (const s of next.series) {
    if (!/^[A-Z0-9]{1,10}$/.test(s.code))
      throw new DomainError("docSettings.invalidCode", { field: "code", value: s.code });
    if (codes.has(s.code))
      throw new DomainError("docSettings.duplicateSeries", { field: "code", value: s.code });
    codes.add(s.code);
    if (!seriesUses.includes(s.use))
      throw new DomainError("docSettings.invalidUse", { field: "use", value: s.use });
    checkSeriesFormat(s.format);
  }
  for (const code of used) {
    const was = before.series.find((s) => s.code === code);
    const now = next.series.find((s) => s.code === code);
    if (was && (!now || now.use !== was.use || now.format !== was.format))
      throw new DomainError("docSettings.seriesUsed", { field: "series", value: code }, 409);
  }
  for (const [use, code] of Object.entries(next.defaults))
    if (code !== undefined && !next.series.some((s) => s.code === code && s.use === use))
      throw new DomainError("docSettings.unknownSeries", { field: "defaults", value: code });
  if (next.bank && !IBAN.test(next.bank.iban))
    throw new DomainError("docSettings.invalidIban", { field: "bank.iban", value: next.bank.iban });
  if (next.printBankDetails && !next.bank)
    throw new DomainError("docSettings.bankMissing", { field: "printBankDetails" });
};

const apply = (state: DocumentSettings, changes: DocumentSettingsChanges): DocumentSettings => ({
  ...state,
  ...changes,
});

/** Changing nothing records nothing; an IBAN is kept without spaces, upper case. */
export const documentSettingsDecider: Decider<
  DocumentSettingsCommand,
  DocumentSettingsEvent,
  DocumentSettings
> = {
  decide: (command, state) => {
    const changes: DocumentSettingsChanges = {
      ...command.data,
      ...(command.data.bank && {
        bank: { ...command.data.bank, iban: command.data.bank.iban.replace(/\s+/g, "").toUpperCase() },
      }),
    };
    const next = apply(state, changes);
    checked(next, state, command.context.usedSeries);
    const changed = Object.fromEntries(
      Object.entries(changes).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(state[key as keyof DocumentSettings]),
      ),
    ) as DocumentSettingsChanges;
    return Object.keys(changed).length === 0 ? [] : [{ type: "DocumentSettingsChanged", data: changed }];
  },
  evolve: (state, event) => apply(state, event.data),
  initialState: () => defaultDocumentSettings,
};
