import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseAmount } from "@registre/core";
import { describe, expect, it } from "vitest";

/**
 * The amounts of real FEC files from other software (../shared/fixtures/fec) read exactly: padded,
 * TAB or pipe separated, 18 to 22 columns. Each file balances to the cent. (The FEC import of issue 4
 * builds on this.)
 */
const fixtures = [
  { file: "000000000FEC20231231.txt", separator: "\t", total: 126535082 },
  { file: "111111111FEC20221231.TXT", separator: "|", total: 22568223 },
  { file: "123456789FEC20500930.txt", separator: "\t", total: 825808373 },
];

describe("amounts of real FEC files", () => {
  it.each(fixtures)(
    "reads every Debit and Credit of $file, and debits equal credits",
    ({ file, separator, total }) => {
      const text = readFileSync(
        fileURLToPath(new URL(`../../shared/fixtures/fec/${file}`, import.meta.url)),
        "latin1",
      );
      const [head = "", ...lines] = text.split(/\r?\n/).filter((l) => l.trim() !== "");
      const columns = head.split(separator).map((c) => c.trim().toLowerCase());
      const debitAt = columns.indexOf("debit");
      const creditAt = columns.indexOf("credit");
      expect([debitAt, creditAt].every((i) => i >= 0)).toBe(true);
      let debit = 0;
      let credit = 0;
      for (const line of lines) {
        const cells = line.split(separator);
        debit += parseAmount(cells[debitAt] || "0");
        credit += parseAmount(cells[creditAt] || "0");
      }
      expect(debit).toBe(total);
      expect(credit).toBe(total);
    },
  );
});
