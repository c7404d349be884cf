import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../decider.ts";
import { StatementFormatError } from "../model.ts";
import { type BankCsvMapping, readStatementFile } from "./index.ts";

/**
 * Property: whatever the bytes — a fixture cut, spliced, with lines doubled or dropped, random bytes —
 * reading either answers statements whose amounts are whole cents, or refuses with a
 * `StatementFormatError` (a 422 with where it broke). Never another exception (a 500).
 */

const FILES = [
  "camt053/oca-camt053-v02-abnamro-nl.xml",
  "camt053/oca-camt053-v04-txdtls-ch.xml",
  "camt053/genkgo-camt053-v08.xml",
  "ofx/oca-ofx211-xml-fr-bankid.ofx",
  "ofx/ofxparse-ofx102-sgml-checking.ofx",
  "ofx/ofxparse-ofx102-sgml-oneline-tz.ofx",
  "mt940/mt940-ing-nl.sta",
  "mt940/mt940-sepa-structured-86-de.sta",
  "cfonb120/pennylane-cfonb120-example.txt",
  "qif/oca-test.qif",
  "csv/oca-fr-style-metadata-debit-credit.csv",
];
const fixtures = FILES.map((f) =>
  readFileSync(new URL(`../../../../../shared/fixtures/bank/${f}`, import.meta.url), "latin1"),
);
const mapping: BankCsvMapping = {
  date: "Date",
  label: "Label",
  debit: "Debit",
  credit: "Credit",
  dateOrder: "dmy",
  decimal: ",",
};

const mutation = fc.oneof(
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat(), length: fc.nat(200) }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), text: fc.string({ maxLength: 12 }) }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    text: fc.constantFrom(
      "<",
      ">",
      "</Ntry>",
      "<Ntry>",
      ":61:",
      ":86:",
      "\n",
      "^\n",
      "&amp;",
      "&#0;",
      "-",
      ",",
      "}",
      "04",
      "\u0000",
      '<Amt Ccy="EUR">1e999</Amt>',
    ),
  }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("line" as const), at: fc.nat(), double: fc.boolean() }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

const apply = (text: string, m: Mutation): string => {
  const at = m.at % (text.length + 1);
  switch (m.kind) {
    case "cut":
      return text.slice(0, at) + text.slice(at + m.length);
    case "insert":
      return text.slice(0, at) + m.text + text.slice(at);
    case "truncate":
      return text.slice(0, at);
    case "line": {
      const lines = text.split("\n");
      const i = m.at % lines.length;
      return [
        ...lines.slice(0, i),
        ...(m.double ? [lines[i] ?? "", lines[i] ?? ""] : []),
        ...lines.slice(i + 1),
      ].join("\n");
    }
  }
};

const outcome = (bytes: Uint8Array, csv: boolean) => {
  try {
    const file = readStatementFile(bytes, csv ? { csv: mapping } : {});
    for (const s of file.statements)
      for (const l of s.lines) expect(Number.isSafeInteger(l.amount)).toBe(true);
    return "read";
  } catch (error) {
    if (error instanceof StatementFormatError || error instanceof DomainError) return "refused";
    throw error;
  }
};

describe("property: any input is read or refused, never a crash", () => {
  it("mutated fixtures", () => {
    fc.assert(
      fc.property(
        fc.nat(FILES.length - 1),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (i, mutations) => {
          const text = mutations.reduce(apply, fixtures[i] ?? "");
          const bytes = Uint8Array.from([...text].map((c) => c.charCodeAt(0) & 0xff));
          expect(["read", "refused"]).toContain(outcome(bytes, FILES[i]?.startsWith("csv/") ?? false));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.boolean(), (bytes, csv) => {
        expect(["read", "refused"]).toContain(outcome(bytes, csv));
      }),
      { numRuns: 300 },
    );
  });
});
