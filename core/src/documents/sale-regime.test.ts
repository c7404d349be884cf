import { describe, expect, it } from "vitest";
import { vatLineFact } from "../vat/code.ts";
import { documentDecider } from "./decide.ts";
import type { DocumentContact, DocumentEvent, DocumentState, LiveDocument } from "./document.ts";
import {
  alpha,
  create,
  created,
  freeLine,
  priced,
  seller,
  stateOf,
  validate,
  validated,
} from "./documents.fixtures.ts";
import type { PricedLine } from "./lines.ts";
import { documentProblems } from "./mentions.ts";
import { defaultPostingAccounts, documentPosting } from "./posting.ts";
import { saleRegimeMentions, withSaleRegime } from "./sale-regime.ts";
import { documentTotalsOf } from "./self-assessment.ts";

const abroad = (country: string, vatNumber: string | null, kind: DocumentContact["kind"] = "company") => ({
  ...alpha,
  id: `c-${country}`,
  kind,
  name: `Client ${country}`,
  siren: null,
  vatNumber,
  billingAddress: { line1: "1 Street", line2: null, postalCode: "1000", city: "City", country },
});
const germany = abroad("DE", "DE136695976");
const usa = abroad("US", null);

const run = (state: DocumentState, ...commands: Parameters<typeof documentDecider.decide>[0][]) => {
  const events: DocumentEvent[] = [];
  for (const command of commands) {
    const out = documentDecider.decide(command, state);
    events.push(...out);
    state = out.reduce(documentDecider.evolve, state);
  }
  return { state: state as LiveDocument, events };
};
const pricedOf = (doc: LiveDocument) => doc.lines.filter((l): l is PricedLine => l.kind === "free");

describe("a sales line carries the regime its customer and nature decide", () => {
  const goods = freeLine({ id: "g", label: "Machine", unitPrice: "1000", nature: "goods" });
  const service = freeLine({
    id: "s",
    label: "Installation",
    unitPrice: "500",
    vatRate: "10",
    account: "706000",
    nature: "services",
  });

  it("to a business of another member state: goods exempt (262 ter I), services reverse-charged, the home rates kept", () => {
    const { state } = run(
      documentDecider.initialState(),
      create({ contact: germany, lines: [goods, service] }),
    );
    expect(pricedOf(state).map((l) => [l.vatRate, l.vatExemption, l.vatRegime])).toEqual([
      ["exempt", saleRegimeMentions.intraEu, { kind: "intraEu", homeRate: "20", homeExemption: null }],
      [
        "exempt",
        saleRegimeMentions.reverseChargeEu,
        { kind: "reverseCharge", homeRate: "10", homeExemption: null },
      ],
    ]);
    expect(documentTotalsOf(state)).toMatchObject({
      totalExclTax: 150000,
      totalVat: 0,
      totalInclTax: 150000,
    });
  });

  it("outside the EU: goods exported (262 I), services to a business outside French VAT (259-1)", () => {
    const { state } = run(documentDecider.initialState(), create({ contact: usa, lines: [goods, service] }));
    expect(pricedOf(state).map((l) => [l.vatExemption, l.vatRegime?.kind])).toEqual([
      [saleRegimeMentions.export, "export"],
      [saleRegimeMentions.outsideEu, "reverseCharge"],
    ]);
  });

  it("follows the contact on a draft: French again, every line takes back its home rate", () => {
    const { state, events } = run(
      documentDecider.initialState(),
      create({ contact: alpha, lines: [goods, service] }),
      { type: "SetDocumentContact", data: { contact: germany } },
      { type: "SetDocumentContact", data: { contact: alpha } },
    );
    expect(events.map((e) => e.type)).toEqual([
      "DocumentCreated",
      "DocumentContactSet",
      "DocumentLineChanged",
      "DocumentLineChanged",
      "DocumentContactSet",
      "DocumentLineChanged",
      "DocumentLineChanged",
    ]);
    expect(pricedOf(state).map((l) => [l.vatRate, l.vatExemption, l.vatRegime])).toEqual([
      ["20", null, undefined],
      ["10", null, undefined],
    ]);
  });

  it("a line added or edited as shown keeps its regime and home rate; a consumer in the EU pays French VAT", () => {
    const { state } = run(documentDecider.initialState(), create({ contact: germany, lines: [] }), {
      type: "AddDocumentLine",
      data: { line: service },
    });
    const shown = pricedOf(state)[0] as PricedLine;
    const { vatRegime: _, ...asShown } = shown;
    const edited = run(state, { type: "ChangeDocumentLine", data: { line: { ...asShown, quantity: "2" } } });
    expect(pricedOf(edited.state)[0]?.vatRegime).toEqual({
      kind: "reverseCharge",
      homeRate: "10",
      homeExemption: null,
    });
    const consumer = run(edited.state, {
      type: "SetDocumentContact",
      data: { contact: abroad("DE", null, "person") },
    });
    expect(pricedOf(consumer.state).map((l) => [l.vatRate, l.vatRegime])).toEqual([["10", undefined]]);
  });

  it("purchases and the franchise's 293 B lines keep their rate whoever the contact", () => {
    const franchise = priced({ vatRate: "exempt", vatExemption: "TVA non applicable, art. 293 B du CGI" });
    expect(withSaleRegime({ direction: "sales", contact: germany }, franchise)).toBe(franchise);
    expect(withSaleRegime({ direction: "purchases", contact: germany }, priced())).toEqual(priced());
  });

  it("refuses to validate a line whose regime is outdated (a draft written before), until the contact is set again", () => {
    const outdated = stateOf(created({ contact: germany, lines: [priced()] }));
    expect(documentProblems(outdated, seller)).toEqual([
      { code: "doc.vatRegimeOutdated", field: "lines.l1.vatRate" },
    ]);
    const fixed = run(outdated, { type: "SetDocumentContact", data: { contact: germany } });
    expect(documentProblems(fixed.state, seller)).toEqual([]);
    expect(() => run(fixed.state, validate())).not.toThrow();
  });
});

describe("posting a sale exempt or outside French VAT", () => {
  const regimeLine = (
    id: string,
    kind: "intraEu" | "export" | "reverseCharge",
    unitPrice: string,
    account: string,
  ): PricedLine =>
    priced({
      id,
      unitPrice,
      account,
      vatRate: "exempt",
      vatExemption: `mention ${kind}`,
      nature: kind === "reverseCharge" ? "services" : "goods",
      vatRegime: { kind, homeRate: "20", homeExemption: null },
    });

  it("credits the revenue without VAT, each line coded as the base of its box (F2, E1, E2)", () => {
    const doc = stateOf(
      created({
        contact: germany,
        lines: [
          regimeLine("a", "intraEu", "1000", "707000"),
          regimeLine("b", "reverseCharge", "300", "706000"),
          regimeLine("c", "intraEu", "200", "707000"),
        ],
      }),
      validated(),
    );
    const entry = documentPosting(doc, defaultPostingAccounts);
    expect(entry.lines).toEqual([
      { account: "411000", auxiliary: "CALPHA", label: null, debit: 150000, credit: 0 },
      {
        account: "707000",
        auxiliary: null,
        label: null,
        debit: 0,
        credit: 120000,
        vat: { rate: "0", kind: "goods", regime: "intraEu" },
      },
      {
        account: "706000",
        auxiliary: null,
        label: null,
        debit: 0,
        credit: 30000,
        vat: { rate: "0", kind: "services", regime: "reverseCharge" },
      },
    ]);
    expect(entry.lines.map(vatLineFact).filter((f) => f !== null)).toMatchObject([
      { direction: "collected", regime: "intraEu", base: 120000, tax: 0 },
      { direction: "collected", regime: "reverseCharge", base: 30000, tax: 0 },
    ]);
  });

  it("a credit note of an export counts against E1", () => {
    const doc = stateOf(
      created({ kind: "creditNote", contact: usa, lines: [regimeLine("a", "export", "100", "707000")] }),
      validated("AV2025-00001"),
    );
    const [, revenue] = documentPosting(doc, defaultPostingAccounts).lines;
    expect(revenue).toMatchObject({ account: "707000", debit: 10000, vat: { regime: "export" } });
    expect(revenue && vatLineFact(revenue)).toMatchObject({ regime: "export", base: -10000, tax: 0 });
  });
});
