import { Anchor, Checkbox, Group, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { FormActions, FormCard, ResourceFormPage, useRules, useSchemaForm } from "../../components/form.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { Tag } from "../../components/tag.tsx";
import { isEmail } from "../../lib/validation.ts";
import { z } from "../../lib/zod.ts";
import { type Doc, docQuery } from "../docs/api.ts";
import { rightOf } from "../docs/model.ts";
import { docPath } from "../docs/paths.ts";
import { useCanDocs, useDocName } from "../docs/ui.tsx";
import { type MailDraft, mailDraftQuery, templatesQuery, useSendMail } from "./api.ts";
import { InsertChips, SubjectBodyFields } from "./mail-fields.tsx";

const addresses = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);

const useMailSchema = () => {
  const { t } = useTranslation("mail");
  const rules = useRules();
  return useMemo(() => {
    const list = (required: boolean) =>
      z.string().transform((text, context): string[] => {
        const all = addresses(text);
        if (required && all.length === 0)
          context.addIssue({ code: "custom", message: t("editor.missingTo") });
        const wrong = all.find((a) => !isEmail(a));
        if (wrong)
          context.addIssue({ code: "custom", message: t("editor.invalidEmail", { address: wrong }) });
        return all;
      });
    return z.object({
      to: list(true),
      cc: list(false),
      subject: rules.text(t("editor.subject"), 200),
      body: rules.text(t("editor.body"), 10_000),
    });
  }, [t, rules]);
};

const MailForm = ({ doc, draft }: { doc: Doc; draft: MailDraft }) => {
  const { t } = useTranslation(["mail", "common"]);
  const send = useSendMail(doc.id);
  const form = useSchemaForm(useMailSchema(), {
    to: draft.to.join(", "),
    cc: draft.cc.join(", "),
    subject: draft.subject,
    body: draft.body,
  });
  // The document's attached files the e-mail also carries, after its PDF.
  const [files, setFiles] = useState<string[]>([]);
  const submit = form.onSubmit((values) =>
    send.mutate({ ...values, language: draft.language, templateId: draft.templateId, files }),
  );
  const addTo = (address: string) => {
    const current = addresses(form.getValues().to);
    if (!current.includes(address)) form.setFieldValue("to", [...current, address].join(", "));
  };
  if (send.isSuccess)
    return (
      <SavedNotice title={send.data.detail} testId="mail-sent">
        <Stack gap={4}>
          <Text size="sm">{send.data.to.join(", ")}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {send.data.messageId}
          </Text>
          <Anchor component={Link} to={docPath(doc.id)} size="sm" data-testid="mail-back">
            {t("editor.back")}
          </Anchor>
        </Stack>
      </SavedNotice>
    );
  return (
    <FormCard
      testId="mail-form"
      width={860}
      onSubmit={submit}
      error={null}
      actions={
        <FormActions
          cancel={docPath(doc.id)}
          submitLabel={t("editor.send")}
          pending={send.isPending}
          submitTestId="mail-send"
        />
      }
    >
      <Stack gap={4}>
        <TextInput label={t("editor.to")} {...form.getInputProps("to")} data-testid="mail-to" />
        {draft.contactEmails.length ? (
          <InsertChips
            words={draft.contactEmails}
            onPick={addTo}
            lead={
              <Text size="xs" c="dimmed">
                {t("editor.toHint")}
              </Text>
            }
          />
        ) : null}
      </Stack>
      <TextInput label={t("editor.cc")} {...form.getInputProps("cc")} data-testid="mail-cc" />
      <SubjectBodyFields form={form} of="editor" minRows={8} testId="mail" />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("editor.attachments")}
        </Text>
        <Group gap={6} data-testid="mail-attachments">
          {draft.attachments.map((a) => (
            <Tag key={a.name}>{a.name}</Tag>
          ))}
        </Group>
        {draft.documentFiles.length ? (
          <Checkbox.Group
            label={t("editor.files")}
            value={files}
            onChange={setFiles}
            data-testid="mail-files"
          >
            <Stack gap={4} mt={4}>
              {draft.documentFiles.map((f) => (
                <Checkbox
                  key={f.fileId}
                  value={f.fileId}
                  label={f.name}
                  data-testid={`mail-file-${f.fileId}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : null}
      </Stack>
      {send.isError ? <ErrorAlert error={send.error} title={t("editor.failed")} testId="mail-error" /> : null}
    </FormCard>
  );
};

/** `/org/docs/{id}/mail`: the mail editor — to, cc, subject, body from a template, the attachments. */
export const DocMailPage = () => {
  const { t } = useTranslation("mail");
  const { id = "" } = useParams();
  const can = useCanDocs();
  const docName = useDocName();
  const doc = useQuery(docQuery(id));
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [lang, setLang] = useState<"fr" | "en" | null>(null);
  const draft = useQuery(mailDraftQuery(id, templateId, lang));
  const templates = useQuery({ ...templatesQuery(), enabled: can("emailtemplates", "read") });
  const allowed = !doc.data || can(rightOf(doc.data.direction, doc.data.kind), "update");
  return (
    <ResourceFormPage
      title={doc.data ? `${t("editor.title")} · ${docName(doc.data)}` : t("editor.title")}
      crumbs={doc.data ? [{ to: docPath(id), label: docName(doc.data) }] : []}
      allowed={allowed}
    >
      <QueryView query={doc}>
        {(document) => (
          <Stack gap="md">
            <Paper p="sm" maw={860}>
              <Group gap="md">
                <Select
                  label={t("editor.template")}
                  data={(templates.data?.items ?? [])
                    .filter((tpl) => tpl.use === document.kind)
                    .map((tpl) => ({ value: tpl.id, label: `${tpl.name} (${tpl.language.toUpperCase()})` }))}
                  value={templateId ?? draft.data?.templateId ?? null}
                  onChange={(value) => {
                    setTemplateId(value);
                    setLang(null);
                  }}
                  allowDeselect={false}
                  w={320}
                  data-testid="mail-template"
                />
                <Select
                  label={t("editor.language")}
                  data={(["fr", "en"] as const).map((l) => ({
                    value: l,
                    label: t(`templates.languages.${l}`),
                  }))}
                  value={lang ?? draft.data?.language ?? null}
                  onChange={(value) => {
                    setLang(value as "fr" | "en");
                    setTemplateId(null);
                  }}
                  allowDeselect={false}
                  w={160}
                  data-testid="mail-language"
                />
              </Group>
            </Paper>
            <QueryView query={draft}>
              {(mail) => <MailForm key={`${mail.templateId}-${mail.language}`} doc={document} draft={mail} />}
            </QueryView>
          </Stack>
        )}
      </QueryView>
    </ResourceFormPage>
  );
};
