import { describe, expect, it } from "vitest";
import { type SellerMentionInput, sellerMentionWarnings } from "./seller-mentions.ts";

const bank = { holder: "Atelier", iban: "FR7630006000011234567890189", bic: null };
const seller = (
  name: string,
  legalMentions: string | null,
  more: Partial<SellerMentionInput["settings"]> & { paidByTransfer?: boolean } = {},
): SellerMentionInput => ({
  name,
  settings: { legalMentions, bank, printBankDetails: true, ...more },
  paidByTransfer: more.paidByTransfer ?? true,
});

describe("the seller's mentions an invoice needs (issue 23, point 10)", () => {
  it("asks nothing of a company whose form, capital and registration are printed, nor of an EI", () => {
    expect(
      sellerMentionWarnings(seller("Atelier Démo", "SARL au capital de 10 000 € — RCS Lyon 123 456 782")),
    ).toEqual([]);
    expect(sellerMentionWarnings(seller("Jeanne Martin EI", null))).toEqual([]);
    expect(
      sellerMentionWarnings(
        seller("Atelier", "Société par actions simplifiée au capital de 1 000 €, R.C.S. Paris"),
      ),
    ).toEqual([]);
  });

  it("asks a company for its capital and its registration, and anyone for a legal form", () => {
    expect(sellerMentionWarnings(seller("Atelier Démo SARL", null))).toEqual([
      "shareCapital",
      "registration",
    ]);
    expect(sellerMentionWarnings(seller("Atelier Démo SAS", "Capital 5 000 €"))).toEqual(["registration"]);
    expect(sellerMentionWarnings(seller("Atelier Démo", null))).toEqual(["legalForm"]);
    // « sa révocation » is not a société anonyme.
    expect(sellerMentionWarnings(seller("Atelier", "Valable jusqu’à sa révocation"))).toEqual(["legalForm"]);
  });

  it("asks for the bank details when customers may pay by transfer and they are not printed", () => {
    const sas = "SAS au capital de 1 000 € — RCS Lyon 123 456 782";
    expect(sellerMentionWarnings(seller("Atelier", sas, { printBankDetails: false }))).toEqual([
      "bankDetails",
    ]);
    expect(sellerMentionWarnings(seller("Atelier", sas, { bank: null, printBankDetails: false }))).toEqual([
      "bankDetails",
    ]);
    expect(
      sellerMentionWarnings(seller("Atelier", sas, { printBankDetails: false, paidByTransfer: false })),
    ).toEqual([]);
  });
});
