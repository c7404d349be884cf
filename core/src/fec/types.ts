/** The 18 fields of the FEC (LPF art. A47 A-1), in the order the header line lists them. */
export const FEC_FIELDS = [
  "JournalCode",
  "JournalLib",
  "EcritureNum",
  "EcritureDate",
  "CompteNum",
  "CompteLib",
  "CompAuxNum",
  "CompAuxLib",
  "PieceRef",
  "PieceDate",
  "EcritureLib",
  "Debit",
  "Credit",
  "EcritureLet",
  "DateLet",
  "ValidDate",
  "Montantdevise",
  "Idevise",
] as const;

export type FecField = (typeof FEC_FIELDS)[number];

/** The only two field separators the DGFiP accepts. */
export type FecSeparator = "\t" | "|";

/** One line of a FEC file, read. Dates are YYYY-MM-DD (or "" when absent), amounts integer cents. */
export type FecRecord = {
  journalCode: string;
  journalLib: string;
  ecritureNum: string;
  ecritureDate: string;
  compteNum: string;
  compteLib: string;
  compAuxNum: string;
  compAuxLib: string;
  pieceRef: string;
  pieceDate: string;
  ecritureLib: string;
  debit: number;
  credit: number;
  ecritureLet: string;
  dateLet: string;
  validDate: string;
  montantDevise: number | null;
  idevise: string;
  /** 1-based line number in the file, the header being line 1. */
  line: number;
};

/** What a FEC writer needs for one line: a record without its place in a file. */
export type FecLineInput = Omit<FecRecord, "line">;

export type FecSeverity = "error" | "warning";

export type FecFinding = {
  /** 1-based line number; 0 for the whole file. */
  line: number;
  field?: string;
  /** Stable code, e.g. "fec.fieldCount". */
  code: string;
  severity: FecSeverity;
  /** English, precise, starting with "line N: " when about one line. */
  message: string;
  params?: Record<string, string | number>;
};

/** One accounting entry as an importer will create it: lines that belong together and balance. */
export type FecEntry = {
  journalCode: string;
  journalLib: string;
  ecritureNum: string;
  date: string;
  pieceRef: string;
  pieceDate: string;
  label: string;
  validDate: string;
  lines: FecRecord[];
};
