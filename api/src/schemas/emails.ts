import { z } from "@hono/zod-openapi";
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX, templateLanguages, templateUses } from "@registre/core";
import { pathParams, TemplateId } from "./ids.ts";

/** The e-mail templates (/emails/templates), the document e-mails (/docs/{id}/mail) and the help form. */
const Use = z
  .enum(templateUses)
  .openapi({ description: "A document kind, or a reminder level (reminder1…3)" });
const Language = z.enum(templateLanguages);

export const EmailTemplate = z
  .object({
    id: z.string(),
    name: z.string(),
    use: Use,
    language: Language,
    subject: z.string(),
    body: z.string(),
    isDefault: z.boolean().openapi({ description: "The template its use and language are sent with" }),
    builtIn: z.boolean().openapi({ description: "Provided by Registre: changed, never deleted" }),
  })
  .openapi("EmailTemplate");

export const EmailTemplateList = z
  .object({
    items: z.array(EmailTemplate),
    variables: z
      .record(z.string(), z.array(z.string()))
      .openapi({ description: "The variables a template of each use may name, as {{name}}" }),
  })
  .openapi("EmailTemplateList");

export const EmailTemplateInput = z
  .object({
    name: z.string().max(200),
    use: Use,
    language: Language,
    subject: z.string().max(EMAIL_SUBJECT_MAX * 2),
    body: z.string().max(EMAIL_BODY_MAX * 2),
    isDefault: z.boolean().optional(),
  })
  .openapi("EmailTemplateInput");

export const EmailTemplateListQuery = z.object({
  use: Use.optional(),
  language: Language.optional(),
});

export const EmailTemplatePreviewInput = z
  .object({
    use: Use,
    language: Language,
    subject: z.string().max(EMAIL_SUBJECT_MAX * 2),
    body: z.string().max(EMAIL_BODY_MAX * 2),
    docId: z.uuid().optional().openapi({ description: "A document to render with; sample values otherwise" }),
  })
  .openapi("EmailTemplatePreviewInput");

export const EmailPreview = z.object({ subject: z.string(), body: z.string() }).openapi("EmailPreview");

const Addresses = z.array(z.string().max(320)).max(50);

export const DocumentMailDraft = z
  .object({
    to: z.array(z.string()),
    cc: z.array(z.string()),
    subject: z.string(),
    body: z.string(),
    language: Language,
    templateId: z.string(),
    reminderLevel: z.number().int().nullable(),
    contactEmails: z.array(z.string()),
    attachments: z.array(z.object({ name: z.string(), contentType: z.string() })),
    documentFiles: z
      .array(
        z.object({ fileId: z.string(), name: z.string(), size: z.number().int(), contentType: z.string() }),
      )
      .openapi({
        description: "The document's attached files, which the e-mail may also carry (`files` when sent)",
      }),
  })
  .openapi("DocumentMailDraft");

export const DocumentMailDraftQuery = z.object({
  templateId: TemplateId.optional(),
  lang: Language.optional(),
  reminderLevel: z.coerce.number().int().min(1).max(3).optional().openapi({
    description: "The reminder of that level (1–3) as it would leave: its template, the amounts due",
  }),
});

export const DocumentMailInput = z
  .object({
    to: Addresses,
    cc: Addresses.optional(),
    subject: z.string().max(EMAIL_SUBJECT_MAX * 2),
    body: z.string().max(EMAIL_BODY_MAX * 2),
    language: Language,
    templateId: TemplateId.nullable().optional(),
    files: z
      .array(z.string().uuid())
      .max(20)
      .optional()
      .openapi({ description: "Attached files of the document sent with it, after its PDF" }),
  })
  .openapi("DocumentMailInput");

export const DocumentMailSent = z
  .object({
    to: z.array(z.string()),
    cc: z.array(z.string()),
    subject: z.string(),
    messageId: z.string(),
    attachments: z.array(z.string()),
    sentOn: z.string(),
    status: z.string().openapi({ description: "The document's status after the sending" }),
    detail: z.string().openapi({ description: "« E-mail envoyé. » / “Email sent successfully.”" }),
  })
  .openapi("DocumentMailSent");

export const HelpMessageInput = z
  .object({
    subject: z.string().max(200),
    message: z.string().max(10_000),
  })
  .openapi("HelpMessageInput");

export const PublicHelpMessageInput = HelpMessageInput.extend({
  name: z.string().max(200),
  email: z.string().max(320),
}).openapi("PublicHelpMessageInput");

export const HelpMessageSent = z.object({ detail: z.string() }).openapi("HelpMessageSent");

const ReminderLevelSetting = z.object({
  level: z.number().int().min(1).max(3),
  days: z.number().int().min(0).max(10_000),
});

export const ReminderSettings = z
  .object({
    automatic: z.boolean().openapi({ description: "The daily run sends the due reminders by itself" }),
    levels: z.array(ReminderLevelSetting).openapi({ description: "Days after the due date, per level" }),
  })
  .openapi("ReminderSettings");

export const ReminderSettingsInput = z
  .object({ automatic: z.boolean().optional(), levels: z.array(ReminderLevelSetting).max(10).optional() })
  .openapi("ReminderSettingsInput");

export const LateInvoice = z
  .object({
    id: z.string(),
    number: z.string().nullable(),
    contactId: z.string().nullable(),
    contactName: z.string().nullable(),
    issueDate: z.string(),
    dueDate: z.string().nullable(),
    totalInclTax: z.number().int(),
    due: z.number().int(),
    daysLate: z.number().int().nullable(),
    penalty: z.number().int().nullable(),
    indemnity: z.number().int().nullable(),
    remindersSent: z.array(z.number().int()),
    lastEmailedOn: z.string().nullable(),
    dueLevel: z.number().int().nullable().openapi({ description: "The reminder level due now, null: none" }),
  })
  .openapi("LateInvoice");

export const LateInvoiceList = z
  .object({ items: z.array(LateInvoice), settings: ReminderSettings })
  .openapi("LateInvoiceList");

export const ReminderSendInput = z
  .object({ ids: z.array(z.uuid()).min(1).max(200) })
  .openapi("ReminderSendInput");

export const ReminderSendReport = z
  .object({
    sent: z.array(
      z.object({ id: z.string(), level: z.number().int(), messageId: z.string(), to: z.array(z.string()) }),
    ),
    refused: z.array(z.object({ id: z.string(), code: z.string(), message: z.string() })),
  })
  .openapi("ReminderSendReport");

/** A template in a path: a built-in one's id (`default-invoice-fr`) or the organisation's uuid. */
export const EmailTemplateParam = pathParams({ id: TemplateId });
