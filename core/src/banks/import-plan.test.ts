import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DomainError } from "../decider.ts";
import { readStatementFile } from "./formats/index.ts";
import { planStatementImport } from "./import-plan.ts";

const read = (path: string) =>
  readStatementFile(
    new Uint8Array(readFileSync(new URL(`../../../../shared/fixtures/bank/${path}`, import.meta.url))),
  );

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, params: error.params };
    throw error;
  }
  return undefined;
};

describe("planning a statement import into a bank", () => {
  const cfonb = read("cfonb120/pennylane-cfonb120-example.txt");

  it("given a CFONB file of two accounts, when imported into the first, then its lines, and the other account said", () => {
    const plan = planStatementImport(
      cfonb,
      { iban: "FR7615589000009876543210088", currency: "EUR" },
      new Set(),
    );
    expect(plan.added.map((a) => a.line.amount)).toEqual([-3221, -1070, -790]);
    expect(plan.warnings).toEqual([]);
    expect(plan.notices).toEqual([
      { code: "bankStatement.otherAccountSkipped", params: { account: "18706 00000 00123456789", lines: 3 } },
    ]);
    expect([plan.from, plan.to]).toEqual(["2019-05-15", "2019-05-16"]);
  });

  it("given the same file imported again, then nothing is added", () => {
    const bank = { iban: "FR7618706000000012345678954" };
    const first = planStatementImport(cfonb, bank, new Set());
    expect(first.added).toHaveLength(3);
    const again = planStatementImport(cfonb, bank, new Set(first.added.map((a) => a.identity)));
    expect([again.added, again.alreadyImported]).toEqual([[], 3]);
  });

  it("given a file of none of the bank's accounts, then it is refused with what it holds", () => {
    expect(
      refusal(() =>
        planStatementImport(
          read("camt053/oca-camt053-v02-abnamro-nl.xml"),
          { iban: "FR7630001007941234567890185" },
          new Set(),
        ),
      ),
    ).toEqual({
      code: "bankStatement.otherAccount",
      params: { field: "file", expected: "FR7630001007941234567890185", found: "NL77ABNA0574908765" },
    });
  });

  it("given the bank's account in another currency, then it is refused", () => {
    const ofx = read("ofx/oca-ofx211-xml-fr-bankid.ofx");
    expect(
      refusal(() =>
        planStatementImport(ofx, { iban: "FR7630001007941234567890185", currency: "EUR" }, new Set()),
      )?.code,
    ).toBe("bankStatement.otherCurrency");
    const plan = planStatementImport(
      ofx,
      { iban: "FR7630001007941234567890185", currency: "USD" },
      new Set(),
    );
    expect(plan.added).toHaveLength(4);
    expect(plan.notices.map((n) => n.code)).toEqual(["bankStatement.creditCardSkipped"]);
  });

  it("given a statement that states its period, then that period, not its lines' dates", () => {
    const path = new URL(
      "../../../../shared/fixtures/bank/camt053/oca-camt053-v02-abnamro-nl.xml",
      import.meta.url,
    );
    // FrToDt 2014-01-05 (00:00 to 23:59:59.999 UTC); an entry booked the day before, as banks may.
    const xml = readFileSync(path, "utf8").replace(
      "<BookgDt>\n                    <Dt>2014-01-05</Dt>",
      "<BookgDt>\n                    <Dt>2014-01-04</Dt>",
    );
    expect(xml).toContain("2014-01-04");
    const bank = { iban: "NL77ABNA0574908765" };
    const stated = planStatementImport(readStatementFile(new TextEncoder().encode(xml)), bank, new Set());
    expect([stated.from, stated.to]).toEqual(["2014-01-05", "2014-01-05"]);
    // The bank's known lines are still looked for on the day that line is booked.
    expect(stated.window).toEqual({ from: "2014-01-04", to: "2014-01-05" });
    // Without FrToDt, the lines' dates.
    const unstated = xml.replace(/<FrToDt>[\s\S]*?<\/FrToDt>/, "");
    const plan = planStatementImport(readStatementFile(new TextEncoder().encode(unstated)), bank, new Set());
    expect([plan.from, plan.to]).toEqual(["2014-01-04", "2014-01-05"]);
  });

  it("given a file whose balances do not add up, then the lines and the warning with its figures", () => {
    const plan = planStatementImport(
      read("mt940/mt940-ing-nl.sta"),
      { iban: "NL00INGB0001234567" },
      new Set(),
    );
    expect(plan.added).toHaveLength(7);
    expect(plan.warnings).toMatchObject([{ code: "bankStatement.balanceGap", gap: 4906 }]);
  });
});
