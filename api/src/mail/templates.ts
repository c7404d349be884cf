import {
  allowedVariables,
  DomainError,
  emailTemplateList,
  emailTemplatesDecider,
  emailTemplatesStreamId,
  findEmailTemplate,
  templateUses,
} from "@registre/core";
import { loadAggregate, orgStreamRunner } from "../commands.ts";
import type { AppContext } from "../context.ts";

/** The organisation's e-mail templates (`core/src/mail/`), read from their stream: no read model. */
export const loadEmailTemplates = (ctx: AppContext, orgId: string) =>
  loadAggregate(ctx, orgId, emailTemplatesStreamId(orgId), emailTemplatesDecider);

export const templateVariablesByUse = (): Record<string, string[]> =>
  Object.fromEntries(templateUses.map((use) => [use, [...allowedVariables(use)]]));

export const listEmailTemplates = async (
  ctx: AppContext,
  orgId: string,
  filter: { use?: string | undefined; language?: string | undefined },
) => {
  const { state } = await loadEmailTemplates(ctx, orgId);
  return emailTemplateList(state).filter(
    (t) => (!filter.use || t.use === filter.use) && (!filter.language || t.language === filter.language),
  );
};

export const getEmailTemplate = async (ctx: AppContext, orgId: string, id: string) => {
  const template = findEmailTemplate((await loadEmailTemplates(ctx, orgId)).state, id);
  if (!template) throw new DomainError("emailTemplate.notFound", { id }, 404);
  return template;
};

/** The runner of the organisation's e-mail templates stream: create, change, delete (no read model). */
export const runEmailTemplates = orgStreamRunner({
  streamId: emailTemplatesStreamId,
  decider: emailTemplatesDecider,
  readModels: [],
});

/** What a template's preview shows when no document is chosen: a plausible invoice, late for reminders. */
export const sampleValues = (language: "fr" | "en", organisationName: string): Record<string, string> =>
  language === "fr"
    ? {
        documentKind: "facture",
        number: "FA2026-00042",
        issueDate: "15/01/2026",
        dueDate: "14/02/2026",
        totalExclTax: "1\u202f000,00\u00a0€",
        totalInclTax: "1\u202f200,00\u00a0€",
        amountDue: "1\u202f200,00\u00a0€",
        contactName: "Alpha SARL",
        organisationName,
        shareLink: "https://registre.example.fr/share/docs?token=…",
        daysLate: "31",
        penaltyRate: "12,15\u00a0%",
        penalty: "12,38\u00a0€",
        indemnity: "40,00\u00a0€",
        totalClaimed: "1\u202f252,38\u00a0€",
        reminderLevel: "3",
      }
    : {
        documentKind: "invoice",
        number: "FA2026-00042",
        issueDate: "15 January 2026",
        dueDate: "14 February 2026",
        totalExclTax: "€1,000.00",
        totalInclTax: "€1,200.00",
        amountDue: "€1,200.00",
        contactName: "Alpha Ltd",
        organisationName,
        shareLink: "https://registre.example.fr/share/docs?token=…",
        daysLate: "31",
        penaltyRate: "12.15%",
        penalty: "€12.38",
        indemnity: "€40.00",
        totalClaimed: "€1,252.38",
        reminderLevel: "3",
      };
