import { describe, expect, test } from "vitest";
import {
  addedBits,
  allBits,
  areaOf,
  codeLabel,
  codesFromProfiles,
  countBits,
  groupCodes,
  hasAllBits,
  hasBit,
  humanise,
  type LabelDictionary,
  maskOf,
  sameRights,
  toggleBit,
  unionRights,
  withMask,
} from "./rights.ts";

const words: Record<string, string> = {
  invoices: "factures",
  files: "pièces jointes",
  contacts: "contacts",
  users: "utilisateurs",
  entries: "écritures",
  validate: "validation",
  accounting: "comptabilité",
  sales: "ventes",
};
const dictionary: LabelDictionary = {
  code: (code) => (code === "auth" ? "droits des utilisateurs" : undefined),
  segment: (segment) => words[segment],
  side: (side, noun) => (side === "sales" ? `${noun} de vente` : undefined),
};

describe("rights bitmask", () => {
  test("reads and toggles the four bits", () => {
    expect(allBits).toBe(30);
    expect(hasBit(4, "read")).toBe(true);
    expect(hasBit(4, "create")).toBe(false);
    expect(toggleBit(0, "read")).toBe(4);
    expect(toggleBit(6, "read")).toBe(2);
    expect(toggleBit(6, "read", true)).toBe(6);
    expect(toggleBit(6, "delete", false)).toBe(6);
    expect(toggleBit(30, "update", false)).toBe(22);
    // Bits outside the four are never kept.
    expect(toggleBit(1 | 64, "create")).toBe(2);
    expect(hasAllBits(30)).toBe(true);
    expect(hasAllBits(31)).toBe(true);
    expect(hasAllBits(28)).toBe(false);
  });

  test("replaces a code's mask, dropping codes left with no bit", () => {
    const rights = [
      { c: "accounting", r: 4 },
      { c: "sales.invoices", r: 6 },
    ];
    expect(withMask(rights, "accounting", 30)).toEqual([
      { c: "accounting", r: 30 },
      { c: "sales.invoices", r: 6 },
    ]);
    expect(withMask(rights, "accounting", 0)).toEqual([{ c: "sales.invoices", r: 6 }]);
    expect(withMask(rights, "items", 4)).toEqual([...rights, { c: "items", r: 4 }]);
    expect(withMask(rights, "items", 0)).toEqual(rights);
    expect(
      withMask(
        [
          { c: "a", r: 2 },
          { c: "a", r: 4 },
        ],
        "a",
        8,
      ),
    ).toEqual([{ c: "a", r: 8 }]);
    expect(maskOf(rights, "sales.invoices")).toBe(6);
    expect(maskOf(rights, "unknown")).toBe(0);
  });

  test("counts single rights, and those roles add to a profile", () => {
    expect(
      countBits([
        { c: "a", r: 30 },
        { c: "b", r: 4 },
      ]),
    ).toBe(5);
    expect(
      countBits([
        { c: "a", r: 4 },
        { c: "a", r: 2 },
      ]),
    ).toBe(2);
    const profile = [{ c: "a", r: 4 }];
    expect(
      addedBits(
        profile,
        unionRights(profile, [
          { c: "a", r: 6 },
          { c: "b", r: 4 },
        ]),
      ),
    ).toBe(2);
    expect(addedBits(profile, profile)).toBe(0);
  });

  test("unions rights from a profile and assigned items", () => {
    const union = unionRights(
      [{ c: "contacts", r: 4 }],
      [
        { c: "contacts", r: 8 },
        { c: "items", r: 0 },
      ],
    );
    expect(union).toEqual([{ c: "contacts", r: 12 }]);
    expect(
      sameRights(
        [
          { c: "a", r: 4 },
          { c: "b", r: 0 },
        ],
        [{ c: "a", r: 4 }],
      ),
    ).toBe(true);
    expect(sameRights([{ c: "a", r: 4 }], [{ c: "a", r: 6 }])).toBe(false);
  });
});

describe("resource codes", () => {
  test("belong to an area by their first segment", () => {
    expect(areaOf("entries.validate")).toBe("accounting");
    expect(areaOf("statements.files")).toBe("banks");
    expect(areaOf("contacts.users")).toBe("contacts");
    expect(areaOf("items.prices")).toBe("items");
    expect(areaOf("sales.invoices.files")).toBe("sales");
    expect(areaOf("purchases.payments")).toBe("purchases");
    expect(areaOf("organization")).toBe("organisation");
    expect(areaOf("admin.users")).toBe("platform");
    expect(areaOf("something.new")).toBe("other");
  });

  test("group in area order, children right after their parent", () => {
    const groups = groupCodes([
      "sales.invoices.files",
      "contacts.users",
      "accounting",
      "sales.invoices",
      "contacts",
      "entries",
      "entries.validate",
      "zeta",
      "contacts",
    ]);
    expect(groups.map((group) => group.area)).toEqual(["accounting", "contacts", "sales", "other"]);
    expect(groups[0]?.rows.map((row) => [row.code, row.depth])).toEqual([
      ["accounting", 0],
      ["entries", 0],
      ["entries.validate", 1],
    ]);
    expect(groups[1]?.rows.map((row) => row.code)).toEqual(["contacts", "contacts.users"]);
    expect(groups[2]?.rows.map((row) => [row.code, row.parent])).toEqual([
      ["sales.invoices", null],
      ["sales.invoices.files", "sales.invoices"],
    ]);
  });

  test("list documents in the order of the trade", () => {
    const [sales] = groupCodes([
      "sales.deliveries",
      "sales.invoices",
      "sales.invoices.files",
      "sales.orders",
      "sales.quotes",
      "sales.invoices.validate",
      "sales.payments",
    ]);
    expect(sales?.rows.map((row) => row.code)).toEqual([
      "sales.quotes",
      "sales.orders",
      "sales.deliveries",
      "sales.invoices",
      "sales.invoices.files",
      "sales.invoices.validate",
      "sales.payments",
    ]);
  });

  test("get readable labels built from their segments", () => {
    expect(codeLabel("sales.invoices", dictionary)).toEqual({
      full: "Factures de vente",
      short: "Factures de vente",
    });
    expect(codeLabel("sales.invoices.files", dictionary)).toEqual({
      full: "Factures de vente › pièces jointes",
      short: "Pièces jointes",
    });
    expect(codeLabel("entries.validate", dictionary).full).toBe("Écritures › validation");
    expect(codeLabel("contacts.contacts", dictionary).full).toBe("Contacts");
    expect(codeLabel("auth", dictionary).full).toBe("Droits des utilisateurs");
    // Unknown segments stay readable.
    expect(codeLabel("purchases.credit_notes", dictionary).full).toBe("Purchases credit notes");
    expect(codeLabel("items.paymentTerms", dictionary).full).toBe("Items › payment terms");
    expect(humanise("bank-feeds")).toBe("bank feeds");
  });

  test("come from the owner profile, which lists every code", () => {
    const codes = codesFromProfiles([
      { profile: "accountant", rights: [{ c: "accounting", r: 30 }] },
      {
        profile: "owner",
        rights: [
          { c: "accounting", r: 30 },
          { c: "sales.invoices", r: 30 },
        ],
      },
    ]);
    expect(codes).toEqual(["accounting", "sales.invoices"]);
    expect(codesFromProfiles([{ profile: "accountant", rights: [{ c: "a", r: 4 }] }])).toEqual(["a"]);
  });
});
