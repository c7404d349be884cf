import {
  type FecLineInput,
  fecLine,
  journalKindOf,
  normaliseAuxiliary,
  normaliseJournalCode,
  planFecImport,
  writeFec,
} from "@registre/core";
import { describe, expect, it } from "vitest";
import { translate } from "../http/messages.ts";
import { type FecLedgerRow, fecLineWriter } from "./fec.ts";

describe("the FEC export's line writer", () => {
  it("writes what the core's fecLine writes, clean texts passed through and dirty ones cleaned", () => {
    const journals = new Map([
      ["VT", "Journal des ventes"],
      ["OD", " Opérations |  diverses\t"],
    ]);
    const accounts = new Map([
      ["411000", "Clients"],
      ["CALPHA", "Alpha  SARL"],
      ["445710", "TVA collectée 20 %"],
    ]);
    const row = (over: Partial<FecLedgerRow>): FecLedgerRow => ({
      line: 1,
      journal: "VT",
      number: "VT000001",
      position: 1,
      date: "2025-01-05",
      piece_ref: "FA-2025-0001",
      piece_date: "2025-01-04",
      account: "411000",
      auxiliary: "CALPHA",
      label: "Facture FA-2025-0001 Alpha",
      debit: 240_000,
      credit: 0,
      validated_on: "2025-01-05",
      letter_code: "AA",
      letter_date: "2025-01-20",
      ...over,
    });
    const rows = [
      row({}),
      row({
        journal: "OD",
        auxiliary: null,
        account: "445710",
        debit: 0,
        credit: 5,
        letter_code: null,
        letter_date: null,
      }),
      row({ label: "a | b\u0001c  d ", piece_ref: " x\ty ", letter_date: "2025-02-01" }),
      row({ label: "Remise\u00a0spéciale", debit: 0, credit: 0 }),
    ];
    for (const separator of ["|", "\t"] as const)
      for (const until of [undefined, "2025-01-31"]) {
        const write = fecLineWriter(separator, journals, accounts, until);
        for (const r of rows) {
          const lettered = r.letter_code !== null && (until === undefined || (r.letter_date ?? "") <= until);
          expect(write(r)).toBe(
            fecLine(
              {
                journalCode: r.journal,
                journalLib: journals.get(r.journal) ?? "",
                ecritureNum: r.number,
                ecritureDate: r.date,
                compteNum: r.account,
                compteLib: accounts.get(r.account) ?? "",
                compAuxNum: r.auxiliary ?? "",
                compAuxLib: r.auxiliary ? (accounts.get(r.auxiliary) ?? "") : "",
                pieceRef: r.piece_ref,
                pieceDate: r.piece_date,
                ecritureLib: r.label,
                debit: r.debit,
                credit: r.credit,
                ecritureLet: lettered ? (r.letter_code ?? "") : "",
                dateLet: lettered ? (r.letter_date ?? "") : "",
                validDate: r.validated_on,
                montantDevise: null,
                idevise: "",
              },
              separator,
            ),
          );
        }
      }
  });

  it("accepts a zero-amount line in an entry; an entry of zero lines only is refused (entry.zero)", () => {
    const line = (n: string, account: string, debit: number, credit: number) => ({
      journalCode: "OD",
      journalLib: "Opérations diverses",
      ecritureNum: n,
      ecritureDate: "2025-03-01",
      compteNum: account,
      compteLib: `Compte ${account}`,
      compAuxNum: "",
      compAuxLib: "",
      pieceRef: `P${n}`,
      pieceDate: "2025-03-01",
      ecritureLib: "Régularisation",
      debit,
      credit,
      ecritureLet: "",
      dateLet: "",
      validDate: "2025-03-01",
      montantDevise: null,
      idevise: "",
    });
    const empty = {
      chart: { initialised: false, accounts: {} },
      journals: { initialised: false, journals: {} },
      fiscal: { years: [], lockedUntil: null },
    };
    const plan = (records: FecLineInput[]) =>
      planFecImport({
        bytes: Buffer.from(writeFec(records, "|")),
        fileName: "123456782FEC20251231.txt",
        context: empty,
        newId: () => "00000000-0000-4000-8000-000000000001",
        validatedOn: "2025-12-31",
        explain: (error) => translate(error.code, "en", error.params),
      });
    const withZeroLine = plan([
      line("1", "622600", 1000, 0),
      line("1", "471000", 0, 0),
      line("1", "512000", 0, 1000),
    ]);
    expect(withZeroLine.errors).toEqual([]);
    expect(withZeroLine.entries[0]?.content.lines).toHaveLength(3);
    const zero = plan([
      line("1", "622600", 1000, 0),
      line("1", "512000", 0, 1000),
      line("2", "471000", 0, 0),
      line("2", "512000", 0, 0),
    ]);
    expect(zero.errors.map((e) => [e.line, e.code])).toEqual([[4, "entry.zero"]]);
    expect(zero.entries).toEqual([]);
  });

  it("names journals and auxiliary accounts the chart's way", () => {
    expect(normaliseAuxiliary("41101590", "41100000")).toBe("C41101590");
    expect(normaliseAuxiliary("40100012", "40100000")).toBe("F40100012");
    expect(normaliseAuxiliary("42100001", "42100000")).toBe("T42100001");
    expect(normaliseAuxiliary("  fitfood ", "40100000")).toBe("FITFOOD");
    expect(normaliseAuxiliary("Société Générale & Cie", "41100000")).toBe("SOCIETE_GENERALE_");
    expect(normaliseAuxiliary("-abc", "41100000")).toBe("ABC");
    expect(normaliseJournalCode("ac")).toBe("AC");
    expect(normaliseJournalCode("Ventes-2")).toBe("VENTES");
    expect(journalKindOf("AD", "A Nouveaux Détaillés")).toBe("opening");
    expect(journalKindOf("ANO", "A NOUVEAUX")).toBe("opening");
    expect(journalKindOf("VEN", "VENTES")).toBe("sales");
    expect(journalKindOf("ACH", "ACHATS MARCHANDISES")).toBe("purchases");
    expect(journalKindOf("BQ2", "Banque postale")).toBe("bank");
    expect(journalKindOf("CA2", "CAISSE")).toBe("cash");
    expect(journalKindOf("CAG", "CREDIT AGRICOLE")).toBe("misc");
  });
});
