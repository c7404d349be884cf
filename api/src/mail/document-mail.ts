import {
  type CommandMetadata,
  checkEmailable,
  type DocumentEmail,
  DomainError,
  defaultEmailTemplate,
  documentDecider,
  documentStreamId,
  documentTotalsOf,
  emailTemplatesDecider,
  emailTemplatesStreamId,
  findEmailTemplate,
  isLive,
  type LiveDocument,
  lateness,
  normaliseEmail,
  parisDate,
  renderTemplate,
  type TemplateLanguage,
  type TemplateUse,
  type TemplateValues,
  validateEmail,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { handleCommand, loadAggregate } from "../commands.ts";
import { loadContact } from "../contacts/commands.ts";
import type { AppContext } from "../context.ts";
import { documentReadModels, loadOrganisation } from "../documents/context.ts";
import { documentPdf } from "../documents/facturx.ts";
import { LATE_PAYMENT_RATES } from "../documents/late.ts";
import { loadDocumentSettings } from "../documents/settings.ts";
import { readAttachment } from "../files/attachments.ts";
import { createShare } from "../files/shares.ts";
import { ProblemError } from "../http/problem.ts";
import { childMetadata } from "../ids.ts";
import { formatDate, formatMoney, formatPercent } from "../pdf/format.ts";
import type { MailAttachment } from "../ports/mailer.ts";
import { MailError } from "./mailer.ts";

/** The countries whose customers are written to in French; elsewhere in English. */
const FRENCH_SPEAKING = new Set([
  ..."FR BE CH LU MC GP MQ GF RE YT PM BL MF WF PF NC TF".split(" "),
  ..."SN CI ML BF NE TG BJ GN CM GA CG CD MG DJ KM HT TN MA DZ".split(" "),
]);

/**
 * The language a document's e-mails are written in: the contact's `language` meta (fr or en) when set,
 * else French for a billing address in a French-speaking country or none, English otherwise.
 */
export const contactLanguage = (
  doc: LiveDocument,
  metas: Readonly<Record<string, string>> = {},
): TemplateLanguage => {
  const chosen = (metas.language ?? metas.langue ?? "").trim().toLowerCase().slice(0, 2);
  if (chosen === "fr" || chosen === "en") return chosen;
  const country = doc.contact?.billingAddress?.country?.toUpperCase();
  return !country || FRENCH_SPEAKING.has(country) ? "fr" : "en";
};

const kindNames: Record<TemplateLanguage, Record<LiveDocument["kind"], string>> = {
  fr: {
    quote: "devis",
    order: "commande",
    delivery: "bon de livraison",
    invoice: "facture",
    creditNote: "avoir",
  },
  en: {
    quote: "quote",
    order: "order",
    delivery: "delivery slip",
    invoice: "invoice",
    creditNote: "credit note",
  },
};

/** A document's due amount as the read model has it (payments included), its totals' otherwise. */
export const amountDue = async (ctx: AppContext, orgId: string, doc: LiveDocument): Promise<number> => {
  const row = await readModels(ctx.database)
    .selectFrom("documents")
    .select("due")
    .where("org_id", "=", orgId)
    .where("id", "=", doc.id)
    .executeTakeFirst();
  return row ? Number(row.due) : documentTotalsOf(doc).due;
};

/** The late-payment figures of an invoice today (C. com. L441-10 and D441-5), for the reminders. */
export const latenessOf = (ctx: AppContext, doc: LiveDocument, due: number) =>
  lateness({
    dueDate: doc.header.dueDate ?? doc.header.issueDate,
    on: parisDate(ctx.clock()),
    amountDue: due,
    penaltyRate: doc.contact?.paymentTerms?.penaltyRate ?? null,
    ...LATE_PAYMENT_RATES,
    business: doc.contact?.kind !== "person",
  });

export type TemplateContext = {
  readonly organisationName: string;
  readonly due: number;
  readonly reminderLevel: number | null;
  /** The document's share link (the editor keeps `{{shareLink}}`, made into a link when sent). */
  readonly shareLink?: string | undefined;
};

/** Written in a subject or body, made into a new share link of the document when the e-mail is sent. */
export const SHARE_LINK_VARIABLE = "{{shareLink}}";

/** The values a template is rendered with, formatted in the e-mail's language. */
export const templateValues = (
  ctx: AppContext,
  doc: LiveDocument,
  language: TemplateLanguage,
  context: TemplateContext,
): TemplateValues => {
  const totals = documentTotalsOf(doc);
  const values: Record<string, string> = {
    documentKind: kindNames[language][doc.kind],
    number: doc.number ?? "",
    issueDate: formatDate(doc.header.issueDate, language),
    dueDate: doc.header.dueDate ? formatDate(doc.header.dueDate, language) : "",
    totalExclTax: formatMoney(totals.totalExclTax, language),
    totalInclTax: formatMoney(totals.totalInclTax, language),
    amountDue: formatMoney(context.due, language),
    contactName: doc.contact?.name ?? "",
    organisationName: context.organisationName,
    shareLink: context.shareLink ?? "",
  };
  if (context.reminderLevel !== null) {
    const late = latenessOf(ctx, doc, context.due);
    values.daysLate = String(late.daysLate);
    values.penaltyRate = formatPercent(late.rate, language);
    values.penalty = formatMoney(late.penalty, language);
    values.indemnity = formatMoney(late.indemnity, language);
    values.totalClaimed = formatMoney(context.due + late.penalty + late.indemnity, language);
    values.reminderLevel = String(context.reminderLevel);
  }
  return values;
};

export type MailDraft = {
  readonly to: string[];
  readonly cc: string[];
  readonly subject: string;
  readonly body: string;
  readonly language: TemplateLanguage;
  readonly templateId: string;
  readonly reminderLevel: number | null;
  /** The contact's addresses, to pick from. */
  readonly contactEmails: string[];
  readonly attachments: { readonly name: string; readonly contentType: string }[];
  /** The document's attached files, which the e-mail may also carry. */
  readonly documentFiles: {
    readonly fileId: string;
    readonly name: string;
    readonly size: number;
    readonly contentType: string;
  }[];
};

const loadTemplates = (ctx: AppContext, orgId: string) =>
  loadAggregate(ctx, orgId, emailTemplatesStreamId(orgId), emailTemplatesDecider);

const activeOrganisation = async (ctx: AppContext, orgId: string) => {
  const org = (await loadOrganisation(ctx, orgId)).state;
  if (org.status !== "active") throw new DomainError("organisation.notFound", {}, 404);
  return org;
};

/** The file names of what `assembleAttachments` attaches, without rendering it. */
const attachmentNames = (doc: LiveDocument) => [{ name: pdfName(doc), contentType: "application/pdf" }];

const pdfName = (doc: LiveDocument) => `${(doc.number ?? "brouillon").replace(/[^\w.-]+/g, "_")}.pdf`;

/**
 * THE place where a document e-mail's attachments are assembled: the document's PDF in the e-mail's
 * language — for a validated sales invoice or credit note its Factur-X (the PDF/A-3 with the CII XML
 * embedded as factur-x.xml, `documents/facturx.ts`), which a person reads as the PDF and software as
 * the e-invoice.
 */
export const assembleAttachments = async (
  ctx: AppContext,
  orgId: string,
  doc: LiveDocument,
  language: TemplateLanguage,
  fileIds: readonly string[] = [],
): Promise<MailAttachment[]> => {
  const [org, settings] = await Promise.all([
    activeOrganisation(ctx, orgId),
    loadDocumentSettings(ctx, orgId),
  ]);
  const pdf = await documentPdf(ctx, doc, org, settings.state, language);
  // Then the document's attached files chosen in the editor (another document's, or an unknown id: 404).
  const files = await Promise.all(
    [...new Set(fileIds)].map((id) => readAttachment(ctx, orgId, { kind: "doc", id: doc.id }, id)),
  );
  return [
    { filename: pdfName(doc), content: pdf, contentType: "application/pdf" },
    ...files.map(({ file, bytes }) => ({
      filename: file.name,
      content: bytes,
      contentType: file.contentType,
    })),
  ];
};

/**
 * The e-mail the editor opens with: the contact's addresses, the template (the use's default in the
 * contact's language unless one is chosen) rendered, the attachments' names.
 */
export const mailDraft = async (
  ctx: AppContext,
  orgId: string,
  doc: LiveDocument,
  choice: {
    templateId?: string | undefined;
    language?: TemplateLanguage | undefined;
    reminderLevel?: number | undefined;
  },
): Promise<MailDraft> => {
  const reminderLevel = choice.reminderLevel ?? null;
  const [org, templates, contact, due] = await Promise.all([
    activeOrganisation(ctx, orgId),
    loadTemplates(ctx, orgId),
    doc.contact ? loadContact(ctx, orgId, doc.contact.id) : undefined,
    amountDue(ctx, orgId, doc),
  ]);
  const metas = contact && "metas" in contact ? contact.metas : {};
  const contactEmails =
    contact && "emails" in contact ? Object.values(contact.emails).map((e) => e.address) : [];
  let template = choice.templateId ? findEmailTemplate(templates.state, choice.templateId) : undefined;
  if (choice.templateId && !template)
    throw new DomainError("emailTemplate.notFound", { field: "templateId", id: choice.templateId }, 404);
  const language = choice.language ?? template?.language ?? contactLanguage(doc, metas);
  const use: TemplateUse = reminderLevel ? (`reminder${reminderLevel}` as TemplateUse) : doc.kind;
  template ??= defaultEmailTemplate(templates.state, use, language);
  // The share link is made when the e-mail is sent (opening the editor creates nothing): the editor
  // shows the variable as it is written.
  const values = templateValues(ctx, doc, language, {
    organisationName: org.name,
    due,
    reminderLevel,
    shareLink: SHARE_LINK_VARIABLE,
  });
  return {
    to: contactEmails.slice(0, 1),
    cc: [],
    subject: renderTemplate(template.subject, values),
    body: renderTemplate(template.body, values),
    language,
    templateId: template.id,
    reminderLevel,
    contactEmails,
    attachments: attachmentNames(doc),
    documentFiles: (doc.files ?? []).map((f) => ({
      fileId: f.fileId,
      name: f.name,
      size: f.size,
      contentType: f.contentType,
    })),
  };
};

export type SendInput = {
  readonly to: readonly string[];
  readonly cc?: readonly string[] | undefined;
  readonly subject: string;
  readonly body: string;
  readonly language: TemplateLanguage;
  readonly templateId?: string | null | undefined;
  readonly reminderLevel?: number | null | undefined;
  /** Attached files of the document to send with it (ids of its attachments). */
  readonly files?: readonly string[] | undefined;
};

/** Each address checked: none is `mail.missingTo` on `to`, a wrong one `validation.invalidEmail` on `to.<i>`. */
export const checkRecipients = (to: readonly string[], cc: readonly string[]) => {
  const clean = (list: readonly string[], field: string) =>
    list.map((address, i) => {
      const email = normaliseEmail(address);
      if (validateEmail(email))
        throw new DomainError("validation.invalidEmail", {
          field: `${field}.${i}`,
          value: address.slice(0, 100),
        });
      return email;
    });
  const toList = clean(
    to.filter((a) => a.trim()),
    "to",
  );
  if (toList.length === 0) throw new DomainError("mail.missingTo", { field: "to" });
  return {
    to: [...new Set(toList)],
    cc: [
      ...new Set(
        clean(
          cc.filter((a) => a.trim()),
          "cc",
        ),
      ),
    ],
  };
};

/** What the mailer's refusal says, bounded and on one line, for the user to act on. */
const reasonOf = (error: MailError): string => {
  const cause = error.cause as { response?: string; message?: string } | undefined;
  return (cause?.response ?? cause?.message ?? error.message).replace(/\s+/g, " ").trim().slice(0, 300);
};

/**
 * The sending a command already recorded (a retry whose first answer was lost): answered again, never
 * sent twice.
 */
const recordedEmail = async (ctx: AppContext, orgId: string, docId: string, commandId: string) => {
  const previous = await ctx.store.commandResult(orgId, commandId);
  if (!previous || previous.streamId !== documentStreamId(docId)) return null;
  const events = await ctx.store.readStream(orgId, previous.streamId, {
    fromVersion: previous.fromVersion + 1,
    toVersion: previous.toVersion,
  });
  const emailed = events.find((e) => e.type === "DocumentEmailed");
  if (!emailed) return null;
  const { state } = await loadAggregate(ctx, orgId, previous.streamId, documentDecider);
  return { ...(emailed.data as DocumentEmail), status: isLive(state) ? state.status : "deleted" };
};

/**
 * Sends a document by e-mail, then records the sending on the document (`DocumentEmailed`, and `sent`
 * when its lifecycle allows). A refusal or a server out of reach is answered 424 `mail.documentNotSent`
 * with the server's reason, and nothing is recorded: the user may try again.
 */
export const sendDocumentMail = async (
  ctx: AppContext,
  orgId: string,
  doc: LiveDocument,
  input: SendInput,
  metadata: CommandMetadata,
) => {
  const recorded = await recordedEmail(ctx, orgId, doc.id, metadata.commandId);
  if (recorded) return recorded;
  const reminderLevel = input.reminderLevel ?? null;
  checkEmailable(doc, reminderLevel);
  const { to, cc } = checkRecipients(input.to, input.cc ?? []);
  // The sending records the template it was written from: one of the organisation's, or none.
  if (input.templateId && !findEmailTemplate((await loadTemplates(ctx, orgId)).state, input.templateId))
    throw new DomainError("emailTemplate.notFound", { field: "templateId", id: input.templateId }, 404);
  let subject = input.subject.replace(/\s+/g, " ").trim();
  if (!subject) throw new DomainError("validation.required", { field: "subject" });
  let body = input.body;
  if (!body.trim()) throw new DomainError("validation.required", { field: "body" });
  if (subject.includes(SHARE_LINK_VARIABLE) || body.includes(SHARE_LINK_VARIABLE)) {
    // A link for this e-mail (recorded on the document like any share link, revocable there).
    const share = await createShare(
      ctx,
      orgId,
      doc.id,
      { expiresAt: null },
      childMetadata(metadata, "share-link"),
    );
    const url = `${ctx.identity.publicUrl}/share/docs?token=${share.token}`;
    subject = subject.replaceAll(SHARE_LINK_VARIABLE, url);
    body = body.replaceAll(SHARE_LINK_VARIABLE, url);
  }
  const [org, attachments] = await Promise.all([
    activeOrganisation(ctx, orgId),
    assembleAttachments(ctx, orgId, doc, input.language, input.files),
  ]);
  let messageId: string;
  try {
    ({ messageId } = await ctx.identity.mailer.send({
      to,
      cc,
      fromName: org.name,
      replyTo: org.email ?? undefined,
      subject,
      text: body,
      attachments,
    }));
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    throw new ProblemError(424, "mail.documentNotSent", { reason: reasonOf(error) });
  }
  const email: DocumentEmail = {
    to,
    cc,
    subject,
    messageId,
    language: input.language,
    attachments: attachments.map((a) => a.filename),
    templateId: input.templateId ?? null,
    reminderLevel,
    sentOn: parisDate(ctx.clock()),
  };
  const outcome = await handleCommand(ctx, {
    orgId,
    streamId: documentStreamId(doc.id),
    decider: documentDecider,
    commands: [{ type: "RecordDocumentEmail", data: email }],
    metadata,
    readModels: documentReadModels,
  });
  if (!isLive(outcome.state)) throw new DomainError("doc.notFound", {}, 404);
  return { ...email, status: outcome.state.status };
};
