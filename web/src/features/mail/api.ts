/** E-mail templates (/emails/templates), documents by e-mail (/docs/{id}/mail) and reminders (/reminders). */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Schemas } from "../../lib/api-client.ts";
import { useRefreshingMutation } from "../../lib/refreshing-mutation.ts";

export type EmailTemplate = Schemas["EmailTemplate"];
export type EmailTemplateInput = Schemas["EmailTemplateInput"];
export type EmailTemplateList = Schemas["EmailTemplateList"];
export type TemplateUse = EmailTemplate["use"];
export type MailDraft = Schemas["DocumentMailDraft"];
export type MailInput = Schemas["DocumentMailInput"];
export type LateInvoice = Schemas["LateInvoice"];
export type ReminderSettings = Schemas["ReminderSettings"];

export const templateUses: readonly TemplateUse[] = [
  "invoice",
  "creditNote",
  "quote",
  "order",
  "delivery",
  "reminder1",
  "reminder2",
  "reminder3",
];

const keys = {
  templates: ["emailTemplates"] as const,
  template: (id: string) => ["emailTemplates", id] as const,
  draft: (docId: string, templateId: string | null, lang: string | null) =>
    ["docs", "mail", docId, templateId, lang] as const,
  reminders: ["reminders"] as const,
};

export const templatesQuery = () =>
  queryOptions({
    queryKey: keys.templates,
    queryFn: ({ signal }) => api.get("/emails/templates", { signal }),
  });

export const templateQuery = (id: string) =>
  queryOptions({
    queryKey: keys.template(id),
    queryFn: ({ signal }) => api.get("/emails/templates/{id}", { path: { id }, signal }),
  });

export const useSaveTemplate = (id: string | null) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailTemplateInput) =>
      id
        ? api.put("/emails/templates/{id}", { path: { id }, body: input })
        : api.post("/emails/templates", { body: input }),
    onSuccess: (template) => {
      client.setQueryData(keys.template(template.id), template);
      void client.invalidateQueries({ queryKey: keys.templates, exact: true });
    },
  });
};

export const useDeleteTemplate = () =>
  useRefreshingMutation(keys.templates, (id: string) =>
    api.delete("/emails/templates/{id}", { path: { id } }),
  );

export const usePreview = () =>
  useMutation({
    mutationFn: (input: Schemas["EmailTemplatePreviewInput"]) =>
      api.post("/emails/templates/preview", { body: input }),
  });

export const mailDraftQuery = (docId: string, templateId: string | null, lang: "fr" | "en" | null) =>
  queryOptions({
    queryKey: keys.draft(docId, templateId, lang),
    queryFn: ({ signal }) =>
      api.get("/docs/{id}/mail", {
        path: { id: docId },
        query: { templateId: templateId ?? undefined, lang: lang ?? undefined },
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSendMail = (docId: string) =>
  useRefreshingMutation(["docs"], (input: MailInput) =>
    api.post("/docs/{id}/mail", { path: { id: docId }, body: input }),
  );

export const remindersQuery = () =>
  queryOptions({ queryKey: keys.reminders, queryFn: ({ signal }) => api.get("/reminders", { signal }) });

export const useSendReminders = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.post("/reminders/send", { body: { ids } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.reminders });
      void client.invalidateQueries({ queryKey: ["docs"] });
    },
  });
};

export const useSaveReminderSettings = () =>
  useRefreshingMutation(keys.reminders, (input: Schemas["ReminderSettingsInput"]) =>
    api.put("/reminders/settings", { body: input }),
  );

/** Template paths (spec section 2: /org/emailtemplates, /{id}, /{id}/edit; a new one is the id "new"). */
export const templatesPath = "/org/emailtemplates";
export const templatePath = (id: string) => `${templatesPath}/${encodeURIComponent(id)}`;
export const templateEditPath = (id: string) => `${templatePath(id)}/edit`;
export const newTemplateId = "new";
export const remindersPath = "/org/sales/reminders";
export const docMailPath = (docId: string) => `/org/docs/${encodeURIComponent(docId)}/mail`;
