import { describe, expect, it } from "vitest";
import { DomainError } from "../decider.ts";
import { checkTemplate, documentTemplateVariables, renderTemplate, templateVariablesOf } from "./template.ts";

const refusal = (run: () => unknown): DomainError => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("the e-mail template engine", () => {
  it("replaces each {{variable}} by its value, spaces inside the braces allowed", () => {
    expect(
      renderTemplate("Facture {{number}} — {{ totalInclTax }} pour {{contactName}}.", {
        number: "FA2026-00001",
        totalInclTax: "1 234,56 €",
        contactName: "Alpha SARL",
      }),
    ).toBe("Facture FA2026-00001 — 1 234,56 € pour Alpha SARL.");
  });

  it("never reads a value as a template, nor runs anything", () => {
    const hostile = "{{number}} $" + "{process.exit()}";
    expect(renderTemplate("{{contactName}}", { contactName: hostile })).toBe(hostile);
    expect(renderTemplate("{{number}}", { number: "<script>" })).toBe("<script>");
  });

  it("renders a variable without a value as nothing and keeps single braces as text", () => {
    expect(renderTemplate("Lien : {{shareLink}} {x} }}", {})).toBe("Lien :  {x} }}");
  });

  it("lists the variables named, once each", () => {
    expect(templateVariablesOf("{{number}} {{dueDate}} {{number}}")).toEqual(["number", "dueDate"]);
  });

  it("refuses an unknown variable, naming it and the field", () => {
    const error = refusal(() => checkTemplate("Bonjour {{client}}", "body", documentTemplateVariables));
    expect(error.code).toBe("emailTemplate.unknownVariable");
    expect(error.params).toEqual({ field: "body", variable: "client" });
  });

  it("refuses an expression or a helper call as an unknown variable", () => {
    const error = refusal(() =>
      checkTemplate("{{constructor.constructor('x')()}}", "subject", documentTemplateVariables),
    );
    expect(error.code).toBe("emailTemplate.unknownVariable");
    expect(error.params.field).toBe("subject");
  });

  it("refuses an unclosed {{", () => {
    expect(refusal(() => checkTemplate("Bonjour {{number", "body", documentTemplateVariables)).code).toBe(
      "emailTemplate.unclosedVariable",
    );
  });
});
