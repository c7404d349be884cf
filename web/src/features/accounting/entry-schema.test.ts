import { describe, expect, test } from "vitest";
import { fieldRules } from "../../components/form.tsx";
import type { Account } from "./api.ts";
import { type DraftLine, type EntryValues, emptyLine, entrySchemas } from "./entry-schema.ts";

/** Messages as their key and values, so that a test reads which rule spoke. */
const t = (key: string, values?: Record<string, string | number>) =>
  values ? `${key} ${JSON.stringify(values)}` : key;
const rules = fieldRules((key, values) => t(key, values), "fr");

const account = (number: string, collective = false): Account => ({
  number,
  label: number,
  labelEn: "",
  kind: "general",
  class: Number(number[0]),
  control: null,
  collective,
  lettrable: collective,
  closed: false,
});
const chart = new Map(
  [account("411000", true), account("706000"), account("445710"), account("512000")].map((a) => [
    a.number,
    a,
  ]),
);
const schemas = entrySchemas(chart, "fr", t, rules);

const line = (change: Partial<DraftLine>): DraftLine => ({ ...emptyLine(), ...change });
const entry = (lines: DraftLine[]): EntryValues => ({
  journal: "VT",
  date: "2025-02-03",
  pieceRef: " FA-2025-0099 ",
  pieceDate: "2025-02-03",
  label: "Facture Alpha",
  lines,
});
const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("the entry form's schemas", () => {
  test("read the typed amounts into integer cents and leave blank lines out", () => {
    const result = schemas.validation.safeParse(
      entry([
        line({ account: "411000", auxiliary: "CALPHA", debit: "1 234,56" }),
        line({}),
        line({ account: "706000", credit: "1028,80", label: "  " }),
        line({ account: "445710", credit: "205,76" }),
      ]),
    );
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      journal: "VT",
      date: "2025-02-03",
      pieceRef: "FA-2025-0099",
      pieceDate: "2025-02-03",
      label: "Facture Alpha",
      lines: [
        { account: "411000", auxiliary: "CALPHA", label: null, debit: 123_456, credit: 0 },
        { account: "706000", auxiliary: null, label: null, debit: 0, credit: 102_880 },
        { account: "445710", auxiliary: null, label: null, debit: 0, credit: 20_576 },
      ],
    });
  });

  test("a draft may be unbalanced and have one line; validation may not", () => {
    const lines = [line({ account: "706000", credit: "10,00" })];
    expect(schemas.draft.safeParse(entry(lines)).success).toBe(true);
    expect(errorsOf(schemas.validation.safeParse(entry(lines)))).toEqual({ lines: "editor.tooFewLines" });
    const unbalanced = [
      line({ account: "706000", credit: "10,00" }),
      line({ account: "445710", debit: "9,99" }),
    ];
    expect(schemas.draft.safeParse(entry(unbalanced)).success).toBe(true);
    expect(errorsOf(schemas.validation.safeParse(entry(unbalanced)))).toEqual({
      lines: 'editor.unbalanced {"difference":"0,01"}',
    });
  });

  test("put each problem on its field, the head's and the lines' at once", () => {
    const result = schemas.validation.safeParse({
      ...entry([
        line({ account: "411000", debit: "12,345" }),
        line({ credit: "-5" }),
        line({ account: "706000", debit: "1,00", credit: "1,00" }),
      ]),
      journal: null,
      label: "",
    });
    expect(errorsOf(result)).toEqual({
      journal: 'required {"label":"entries.journal"}',
      label: 'required {"label":"entries.label"}',
      "lines.0.debit": "editor.amountErrors.decimals",
      "lines.0.auxiliary": "editor.auxiliaryRequired",
      "lines.1.credit": "editor.amountErrors.negative",
      "lines.1.account": 'required {"label":"entries.account"}',
      "lines.2.credit": "editor.bothSides",
    });
  });

  test("refuse an entry without lines, a label too long and a day left empty", () => {
    const result = schemas.draft.safeParse({ ...entry([line({})]), label: "x".repeat(201), date: "" });
    expect(errorsOf(result)).toEqual({
      label: 'maxLength {"label":"entries.label","max":200}',
      date: 'required {"label":"entries.date"}',
      lines: "editor.noLines",
    });
  });

  test("send a line's VAT code where its account takes one, the base only on a VAT account", () => {
    const code = {
      rate: "10" as const,
      kind: "services" as const,
      regime: "domestic" as const,
      base: "1 028,80",
    };
    const result = schemas.validation.safeParse(
      entry([
        line({ account: "512000", debit: "1131,68", vat: code }),
        line({ account: "706000", credit: "1028,80", vat: code }),
        line({ account: "445710", credit: "102,88", vat: code }),
      ]),
    );
    expect(result.data?.lines.map((l) => l.vat)).toEqual([
      undefined,
      { rate: "10", kind: "services", regime: "domestic" },
      { rate: "10", kind: "services", regime: "domestic", base: 102_880 },
    ]);
    const unreadable = schemas.draft.safeParse(
      entry([line({ account: "445710", credit: "1,00", vat: { ...code, base: "12,345" } })]),
    );
    expect(errorsOf(unreadable)).toEqual({ "lines.0.vat": "editor.amountErrors.decimals" });
  });
});
