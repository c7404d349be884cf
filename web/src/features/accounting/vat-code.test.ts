import {
  vatCodeRates as coreRates,
  DomainError,
  normaliseLineVat,
  vatKinds,
  vatRegimeKinds,
} from "@registre/core";
import { describe, expect, test } from "vitest";
import {
  draftVatCode,
  rateText,
  vatCodeAccepted,
  vatCodeInput,
  vatCodeKinds,
  vatCodeProblemLine,
  vatCodeRates,
  vatCodeRegimes,
} from "./vat-code.ts";

/** Whether the core takes a VAT code on a line of `account`. */
const coreAccepts = (account: string) => {
  try {
    normaliseLineVat({ rate: "20", kind: "goods", regime: "domestic" }, account, 1);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === "entry.vatCodeAccount") return false;
    throw error;
  }
};

describe("VAT codes on entry lines", () => {
  test("are offered on the accounts the core takes them on, and no other", () => {
    const accounts = [
      "101300",
      "164000",
      "205000",
      "218300",
      "280000",
      "401000",
      "411000",
      "421000",
      "445200",
      "445510",
      "445620",
      "445640",
      "445660",
      "445662",
      "445670",
      "445680",
      "445710",
      "445711",
      "445712",
      "445713",
      "445740",
      "445800",
      "445810",
      "445830",
      "455000",
      "471000",
      "512000",
      "601000",
      "607000",
      "622600",
      "658000",
      "701000",
      "706000",
      "707000",
      "758000",
      "801000",
      "4457",
      "6",
      "7",
    ];
    for (const account of accounts) expect(vatCodeAccepted(account), account).toBe(coreAccepts(account));
    expect(vatCodeAccepted(null)).toBe(false);
    expect(vatCodeAccepted("")).toBe(false);
  });

  test("offer the core's rates, kinds and regimes", () => {
    expect([...vatCodeRates].sort()).toEqual([...coreRates].sort());
    expect([...vatCodeKinds].sort()).toEqual([...vatKinds].sort());
    expect([...vatCodeRegimes].sort()).toEqual([...vatRegimeKinds].sort());
  });

  test("read a saved code back and send it as the core keeps it", () => {
    const saved = { rate: "5.5" as const, kind: "goods" as const, regime: "intraEu" as const, base: 123_456 };
    const draft = draftVatCode(saved, "fr");
    expect(draft).toMatchObject({ rate: "5.5", kind: "goods", regime: "intraEu" });
    expect(draft?.base.replace(/\s/g, "")).toBe("1234,56");
    const sent = vatCodeInput(draft, "445662", "fr");
    expect(sent).toEqual(saved);
    expect(normaliseLineVat(sent, "445662", 1)).toEqual(saved);
    expect(vatCodeInput(draft, "607000", "fr")).toEqual({ rate: "5.5", kind: "goods", regime: "intraEu" });
    expect(vatCodeInput(draft, "445510", "fr")).toBeUndefined();
    expect(draftVatCode(null, "fr")).toBeNull();
  });

  test("find the line a refusal of a VAT code names", () => {
    expect(vatCodeProblemLine({ code: "entry.vatCodeAccount", params: { line: 3, account: "512000" } })).toBe(
      3,
    );
    expect(vatCodeProblemLine({ code: "entry.invalidVatCode", params: { field: "lines.2.vat.rate" } })).toBe(
      2,
    );
    expect(vatCodeProblemLine({ code: "entry.bothSides", params: { line: 1 } })).toBeNull();
  });

  test("write their rates the reader's way: « 5,5 % » in French, « 5.5% » in English", () => {
    expect(vatCodeRates.map((rate) => rateText(rate, "fr"))).toEqual([
      "20\u00a0%",
      "10\u00a0%",
      "5,5\u00a0%",
      "2,1\u00a0%",
      "0\u00a0%",
    ]);
    expect(vatCodeRates.map((rate) => rateText(rate, "en"))).toEqual(["20%", "10%", "5.5%", "2.1%", "0%"]);
  });
});
