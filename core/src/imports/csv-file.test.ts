import { describe, expect, it } from "vitest";
import { contactImportFields } from "./contacts.ts";
import { decodeImportFile, guessMapping, headerKey, mappedValues, parseCsv } from "./csv-file.ts";
import { itemFromRow } from "./items.ts";

describe("reading an imported file", () => {
  it("tells UTF-8 (with or without BOM), UTF-16 and Windows-1252 apart", () => {
    const text = "Société;Ville\r\nÉté;Orléans €\r\n";
    expect(decodeImportFile(new TextEncoder().encode(text))).toEqual({ text, encoding: "utf-8" });
    expect(decodeImportFile(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toEqual({
      text,
      encoding: "utf-8",
    });
    const cp1252 = Uint8Array.from([...text].map((c) => (c === "€" ? 0x80 : c.charCodeAt(0))));
    expect(decodeImportFile(cp1252)).toEqual({ text, encoding: "windows-1252" });
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
    ]);
    expect(decodeImportFile(utf16)).toEqual({ text, encoding: "utf-16le" });
  });

  it("splits records with quotes, delimiters and line breaks inside, and numbers their lines", () => {
    const { delimiter, records } = parseCsv('a;b;c\n"x;y";"say ""hi""";"two\nlines"\n\n1;2;3\r\nlast;;');
    expect(delimiter).toBe(";");
    expect(records).toEqual([
      { line: 1, cells: ["a", "b", "c"] },
      { line: 2, cells: ["x;y", 'say "hi"', "two\nlines"] },
      { line: 5, cells: ["1", "2", "3"] },
      { line: 6, cells: ["last", "", ""] },
    ]);
    expect(parseCsv("a,b\n1,2").records[1]?.cells).toEqual(["1", "2"]);
    expect(parseCsv("a\tb\n1\t2").delimiter).toBe("\t");
    expect(() => parseCsv('a;b\n"open;1\n')).toThrow("import.unclosedQuote");
  });

  it("guesses the mapping from French or English headers, accents and case aside", () => {
    expect(headerKey("  Code Postal ")).toBe("codepostal");
    const mapping = guessMapping(contactImportFields, [
      "COMPANY",
      "e-mail",
      "Zip code",
      "Prenom",
      "Nom",
      "Other",
    ]);
    expect(mapping).toMatchObject({
      name: "COMPANY",
      email: "e-mail",
      postalCode: "Zip code",
      firstName: "Prenom",
      lastName: "Nom",
    });
    expect(mapping.city).toBeNull();
    // A remembered mapping that fits the file is taken whole, its unmapped fields too.
    expect(
      guessMapping(contactImportFields, ["Société", "Ville"], { name: "Société", city: null }).city,
    ).toBeNull();
    expect(
      guessMapping(contactImportFields, ["Nom client", "Ville"], { name: "Société", city: null }).city,
    ).toBe("Ville");
  });

  it("reads French decimals, VAT rates and tiers of an item row, and names the field it refuses", () => {
    const item = itemFromRow(
      {
        reference: "A1",
        label: "Vis",
        vatRate: "5,50 %",
        sellPrice: "1 234,5",
        saleTiers: "10:1,2 | 100:0,9",
      },
      "00000000-0000-4000-8000-000000000001",
    );
    expect(item.create).toMatchObject({ use: "sale", vatRate: "5.5", sellPrice: "1234.5", buyPrice: null });
    expect(item.saleTiers).toEqual([
      { fromQuantity: "10", unitPrice: "1.2" },
      { fromQuantity: "100", unitPrice: "0.9" },
    ]);
    expect(() => itemFromRow({ reference: "A", label: "B", sellPrice: "12.5.1" }, "x")).toThrow(
      "validation.invalidAmount",
    );
    expect(() => itemFromRow({ reference: "A", label: "B", vatRate: "19,6" }, "x")).toThrow(
      "validation.notAllowed",
    );
  });
});

describe("a record's values", () => {
  it("are cleaned, not refused: controls and bidirectional overrides dropped, line breaks kept only in a multi-line field", () => {
    const record = {
      line: 2,
      cells: ["\u0000Alpha\u202e SARL\u0007", "Vu au salon\r\nstand\u001a 12", "a\r\nb", "\u0007"],
    };
    const mapping = { name: "Nom", note: "Note", city: "Ville", job: "Fonction" };
    const headers = ["Nom", "Note", "Ville", "Fonction"];
    expect(mappedValues(headers, mapping, record, new Set(["note"])).values).toEqual({
      name: "Alpha SARL",
      note: "Vu au salon\r\nstand 12",
      city: "a b",
    });
    expect(contactImportFields.find((f) => f.field === "note")).toMatchObject({ multiline: true });
  });
});
