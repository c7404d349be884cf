import { StatementFormatError, statementFormatReasons } from "@registre/core";
import { describe, expect, it } from "vitest";
import { translate } from "./messages.ts";
import { statementReasonTexts } from "./messages-banks.ts";
import { problemBody } from "./problem.ts";

describe("bank statement messages", () => {
  it("every reason a file is refused for has its French and English text", () => {
    for (const reason of statementFormatReasons) {
      expect(statementReasonTexts[reason].fr.length).toBeGreaterThan(0);
      expect(statementReasonTexts[reason].en.length).toBeGreaterThan(0);
    }
  });

  it("a broken file is said with its format, where it broke and why, in the reader's language", () => {
    const error = new StatementFormatError("ofx", "line 57 (STMTTRN/TRNAMT)", "invalidAmount", {
      value: "-34.5.1",
    });
    expect(translate(error.code, "fr", error.params)).toBe(
      "Relevé illisible (OFX, ligne 57 (STMTTRN/TRNAMT))\u00a0: montant invalide. Rien n’a été importé.",
    );
    expect(translate(error.code, "en", error.params)).toBe(
      "Unreadable statement (OFX, line 57 (STMTTRN/TRNAMT)): invalid amount. Nothing was imported.",
    );
  });

  it("a balance gap is said with its figures", () => {
    const params = {
      statement: 1,
      opening: "30000.77",
      movements: "1069.32",
      expectedClosing: "31070.09",
      closing: "31070.11",
      gap: "0.02",
    };
    expect(translate("bankStatement.balanceGap", "en", params)).toBe(
      "Statement 1: opening balance 30,000.77 + movements 1,069.32 = 31,070.09, but the statement states 31,070.11 (gap 0.02).",
    );
    expect(translate("bankStatement.balanceGap", "fr", { ...params, gap: "-434.16" })).toBe(
      "Relevé 1\u00a0: solde initial 30\u00a0000,77 + mouvements 1\u00a0069,32 = 31\u00a0070,09, mais le relevé annonce 31\u00a0070,11 (écart −434,16).",
    );
  });

  it("the refusal is a 422 problem naming the file", async () => {
    const { DomainError } = await import("@registre/core");
    const { ProblemError } = await import("./problem.ts");
    const error = new DomainError("bankStatement.otherAccount", {
      field: "file",
      expected: "FR76…",
      found: "NL77ABNA0574908765",
    });
    const body = problemBody(new ProblemError(error.status, error.code, error.params), "en");
    expect(body).toMatchObject({ status: 422, code: "bankStatement.otherAccount" });
    expect(body.detail).toBe(
      "This statement belongs to another account: NL77ABNA0574908765 instead of FR76….",
    );
  });
});
