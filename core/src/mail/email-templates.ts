import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import {
  builtInTemplateId,
  defaultTemplateTexts,
  isReminderUse,
  type TemplateLanguage,
  type TemplateUse,
  templateLanguages,
  templateUses,
} from "./defaults.ts";
import { checkTemplate, documentTemplateVariables, reminderTemplateVariables } from "./template.ts";

/**
 * The organisation's e-mail templates (stream `email-templates-<org>`). Every organisation has the
 * built-in ones (`default-<use>-<language>`, `defaults.ts`) until it changes them; it may add its own,
 * and choose which one is the default of a use and language. A built-in one can be changed, not deleted.
 */
export const emailTemplatesStreamId = (orgId: string): string => `email-templates-${orgId}`;

export type EmailTemplate = {
  readonly id: string;
  readonly name: string;
  readonly use: TemplateUse;
  readonly language: TemplateLanguage;
  readonly subject: string;
  readonly body: string;
};

export type EmailTemplateView = EmailTemplate & { readonly isDefault: boolean; readonly builtIn: boolean };

export type EmailTemplatesState = {
  /** The templates written by the organisation, built-in ones it changed included. */
  readonly templates: Readonly<Record<string, EmailTemplate>>;
  /** `<use>:<language>` -> the chosen default's id; absent: the built-in one. */
  readonly defaults: Readonly<Record<string, string>>;
};

export type EmailTemplateInput = Omit<EmailTemplate, "id"> & { readonly isDefault?: boolean | undefined };

export type EmailTemplatesCommand =
  | { readonly type: "CreateEmailTemplate"; readonly data: EmailTemplateInput & { readonly id: string } }
  | { readonly type: "ChangeEmailTemplate"; readonly data: EmailTemplateInput & { readonly id: string } }
  | { readonly type: "DeleteEmailTemplate"; readonly data: { readonly id: string } };

export type EmailTemplatesEvent =
  | DomainEvent<"EmailTemplateSaved", { readonly template: EmailTemplate; readonly isDefault: boolean }>
  | DomainEvent<"EmailTemplateDeleted", { readonly id: string }>;

const builtIns: readonly EmailTemplate[] = templateLanguages.flatMap((language) =>
  templateUses.map((use) => ({
    id: builtInTemplateId(use, language),
    use,
    language,
    ...defaultTemplateTexts[language][use],
  })),
);
const builtInIds = new Set(builtIns.map((t) => t.id));

const key = (use: TemplateUse, language: TemplateLanguage) => `${use}:${language}`;

/** The variables a template of this use may name: the reminders' figures only in reminders. */
export const allowedVariables = (use: TemplateUse): readonly string[] =>
  isReminderUse(use)
    ? [...documentTemplateVariables, ...reminderTemplateVariables]
    : documentTemplateVariables;

/** Every template of the organisation, built-in ones first, each marked default or not. */
export const emailTemplateList = (state: EmailTemplatesState): EmailTemplateView[] => {
  const own = Object.values(state.templates).filter((t) => !builtInIds.has(t.id));
  return [...builtIns.map((t) => state.templates[t.id] ?? t), ...own].map((t) => ({
    ...t,
    builtIn: builtInIds.has(t.id),
    isDefault: (state.defaults[key(t.use, t.language)] ?? builtInTemplateId(t.use, t.language)) === t.id,
  }));
};

export const findEmailTemplate = (state: EmailTemplatesState, id: string): EmailTemplateView | undefined =>
  emailTemplateList(state).find((t) => t.id === id);

/** The template a use and language is sent with: the chosen default, else the built-in one. */
export const defaultEmailTemplate = (
  state: EmailTemplatesState,
  use: TemplateUse,
  language: TemplateLanguage,
): EmailTemplateView =>
  emailTemplateList(state).find((t) => t.use === use && t.language === language && t.isDefault) ??
  (findEmailTemplate(state, builtInTemplateId(use, language)) as EmailTemplateView);

const oneLine = (value: string, field: string, max: number): string => {
  const clean = value
    .replace(/[\p{Cc}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!clean) throw new DomainError("validation.required", { field });
  if (clean.length > max) throw new DomainError("validation.tooLong", { field, max });
  return clean;
};

const multiLine = (value: string, field: string, max: number): string => {
  const clean = value
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n\t]+/gu, "")
    .replace(/[ \t]+$/gm, "")
    .trim();
  if (!clean) throw new DomainError("validation.required", { field });
  if (clean.length > max) throw new DomainError("validation.tooLong", { field, max });
  return clean;
};

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 10_000;

/** A template as it is kept: names and texts cleaned, use and language known, variables checked. */
export const normaliseEmailTemplate = (
  input: EmailTemplateInput & { readonly id: string },
): EmailTemplate => {
  if (!(templateUses as readonly string[]).includes(input.use))
    throw new DomainError("validation.notAllowed", { field: "use", value: input.use });
  if (!(templateLanguages as readonly string[]).includes(input.language))
    throw new DomainError("validation.notAllowed", { field: "language", value: input.language });
  const subject = oneLine(input.subject, "subject", EMAIL_SUBJECT_MAX);
  const body = multiLine(input.body, "body", EMAIL_BODY_MAX);
  checkTemplate(subject, "subject", allowedVariables(input.use));
  checkTemplate(body, "body", allowedVariables(input.use));
  return {
    id: input.id,
    name: oneLine(input.name, "name", 100),
    use: input.use,
    language: input.language,
    subject,
    body,
  };
};

const decide = (command: EmailTemplatesCommand, state: EmailTemplatesState): EmailTemplatesEvent[] => {
  const current = findEmailTemplate(state, command.data.id);
  switch (command.type) {
    case "CreateEmailTemplate":
    case "ChangeEmailTemplate": {
      if (command.type === "CreateEmailTemplate" && current)
        throw new DomainError("emailTemplate.exists", { id: command.data.id }, 409);
      if (command.type === "ChangeEmailTemplate" && !current)
        throw new DomainError("emailTemplate.notFound", { id: command.data.id }, 404);
      const template = normaliseEmailTemplate(command.data);
      if (current?.builtIn && (template.use !== current.use || template.language !== current.language))
        throw new DomainError("emailTemplate.builtInUse", { field: "use" }, 409);
      const wasDefault = current?.isDefault ?? false;
      // A built-in template is its use's default unless another was chosen: it cannot be un-chosen alone.
      const isDefault = command.data.isDefault ?? (current ? wasDefault : false);
      if (current?.builtIn && wasDefault && !isDefault)
        throw new DomainError("emailTemplate.defaultRequired", { field: "isDefault" }, 409);
      const same =
        current &&
        wasDefault === isDefault &&
        (["name", "use", "language", "subject", "body"] as const).every((f) => current[f] === template[f]);
      return same ? [] : [{ type: "EmailTemplateSaved", data: { template, isDefault } }];
    }
    case "DeleteEmailTemplate": {
      if (!current) throw new DomainError("emailTemplate.notFound", { id: command.data.id }, 404);
      if (current.builtIn) throw new DomainError("emailTemplate.builtIn", { id: current.id }, 409);
      return [{ type: "EmailTemplateDeleted", data: { id: current.id } }];
    }
    default:
      return command satisfies never;
  }
};

const evolve = (state: EmailTemplatesState, event: EmailTemplatesEvent): EmailTemplatesState => {
  switch (event.type) {
    case "EmailTemplateSaved": {
      const { template, isDefault } = event.data;
      const defaults = Object.fromEntries(
        Object.entries(state.defaults).filter(([, id]) => id !== template.id),
      );
      if (isDefault) defaults[key(template.use, template.language)] = template.id;
      return { templates: { ...state.templates, [template.id]: template }, defaults };
    }
    case "EmailTemplateDeleted": {
      const { [event.data.id]: _, ...templates } = state.templates;
      const defaults = Object.fromEntries(
        Object.entries(state.defaults).filter(([, id]) => id !== event.data.id),
      );
      return { templates, defaults };
    }
    default:
      return event satisfies never;
  }
};

export const emailTemplatesDecider: Decider<EmailTemplatesCommand, EmailTemplatesEvent, EmailTemplatesState> =
  {
    decide,
    evolve,
    initialState: () => ({ templates: {}, defaults: {} }),
  };
