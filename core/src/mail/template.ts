import { DomainError } from "../decider.ts";

/**
 * The e-mail template engine: `{{variable}}` substitution and nothing else — no expressions, no
 * helpers, no code. A template is checked when it is saved (`checkTemplate`): an unclosed `{{` or a
 * variable the template's use does not know is refused with the field and the variable named.
 * Rendering (`renderTemplate`) replaces each variable by its value as given (already formatted by the
 * shell: amounts « 1 234,56 € », dates « 31/01/2026 »); the values are never read as templates.
 */

/** The variables of every template: the document, its parties, the share link. */
export const documentTemplateVariables = [
  "documentKind",
  "number",
  "issueDate",
  "dueDate",
  "totalExclTax",
  "totalInclTax",
  "amountDue",
  "contactName",
  "organisationName",
  "shareLink",
] as const;

/** The reminders' own variables, on top of the document's (late-payment figures of C. com. L441-10). */
export const reminderTemplateVariables = [
  "daysLate",
  "penaltyRate",
  "penalty",
  "indemnity",
  "totalClaimed",
  "reminderLevel",
] as const;

export type TemplateVariable =
  | (typeof documentTemplateVariables)[number]
  | (typeof reminderTemplateVariables)[number];

export type TemplateValues = Readonly<Partial<Record<TemplateVariable, string>>>;

type Token =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "var"; readonly name: string };

const OPEN = "{{";
const CLOSE = "}}";

/** The template as text and variables; `field` names it in a refusal. */
const tokenize = (template: string, field: string): Token[] => {
  const tokens: Token[] = [];
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf(OPEN, at);
    if (open < 0) {
      tokens.push({ kind: "text", text: template.slice(at) });
      break;
    }
    if (open > at) tokens.push({ kind: "text", text: template.slice(at, open) });
    const close = template.indexOf(CLOSE, open + OPEN.length);
    if (close < 0) throw new DomainError("emailTemplate.unclosedVariable", { field });
    const name = template.slice(open + OPEN.length, close).trim();
    if (!/^[A-Za-z][A-Za-z0-9]{0,39}$/.test(name))
      throw new DomainError("emailTemplate.unknownVariable", {
        field,
        variable: name.slice(0, 40) || "(vide)",
      });
    tokens.push({ kind: "var", name });
    at = close + CLOSE.length;
  }
  return tokens;
};

/** The variables a template names, in order, once each. */
export const templateVariablesOf = (template: string, field = "body"): string[] => [
  ...new Set(tokenize(template, field).flatMap((t) => (t.kind === "var" ? [t.name] : []))),
];

/**
 * Refuses a template with an unclosed `{{` (`emailTemplate.unclosedVariable`) or a variable outside
 * `allowed` (`emailTemplate.unknownVariable {field, variable}`).
 */
export const checkTemplate = (template: string, field: string, allowed: readonly string[]): void => {
  for (const name of templateVariablesOf(template, field))
    if (!allowed.includes(name))
      throw new DomainError("emailTemplate.unknownVariable", { field, variable: name });
};

/** The template with each variable replaced by its value (empty when the value is not given). */
export const renderTemplate = (template: string, values: TemplateValues): string =>
  tokenize(template, "template")
    .map((t) => (t.kind === "text" ? t.text : (values[t.name as TemplateVariable] ?? "")))
    .join("");
