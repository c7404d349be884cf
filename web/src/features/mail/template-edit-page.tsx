import { Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { ResourceFormPage, useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { SectionTitle } from "../../components/section-title.tsx";
import { z } from "../../lib/zod.ts";
import { useCanDocs } from "../docs/ui.tsx";
import {
  type EmailTemplate,
  newTemplateId,
  type TemplateUse,
  templatePath,
  templateQuery,
  templatesPath,
  templatesQuery,
  templateUses,
  usePreview,
  useSaveTemplate,
} from "./api.ts";
import { InsertChips, SubjectBodyFields } from "./mail-fields.tsx";
import { MailText } from "./templates-pages.tsx";

const CODE = "emailtemplates";

const useTemplateSchema = () =>
  useFormSchema("mail", (t, rules) =>
    z.object({
      name: rules.text(t("templates.name"), 100),
      use: z.enum(templateUses as [TemplateUse, ...TemplateUse[]]),
      language: z.enum(["fr", "en"]),
      subject: rules.text(t("templates.subject"), 200),
      body: rules.text(t("templates.body"), 10_000),
      isDefault: z.boolean(),
    }),
  );

/** What the preview shows while typing: the server's rendering with sample values, or why it refuses. */
const useLivePreview = (values: {
  use: TemplateUse;
  language: "fr" | "en";
  subject: string;
  body: string;
}) => {
  const preview = usePreview();
  const { mutate } = preview;
  const { use, language, subject, body } = values;
  useEffect(() => {
    if (!subject.trim() || !body.trim()) return;
    const timer = setTimeout(() => mutate({ use, language, subject, body }), 300);
    return () => clearTimeout(timer);
  }, [mutate, use, language, subject, body]);
  return preview;
};

const TemplateForm = ({
  template,
  variables,
}: {
  template: EmailTemplate | null;
  variables: Record<string, string[]>;
}) => {
  const { t } = useTranslation(["mail", "common"]);
  const navigate = useNavigate();
  const save = useSaveTemplate(template?.id ?? null);
  const form = useSchemaForm(useTemplateSchema(), {
    name: template?.name ?? "",
    use: template?.use ?? "invoice",
    language: template?.language ?? "fr",
    subject: template?.subject ?? "",
    body: template?.body ?? "",
    isDefault: template?.isDefault ?? false,
  });
  const values = form.getValues();
  const preview = useLivePreview(values);
  const builtIn = template?.builtIn ?? false;
  const insert = (name: string) => form.setFieldValue("body", `${values.body}{{${name}}}`);
  const submit = form.onSubmit((input) =>
    save.mutate(input, { onSuccess: (saved) => navigate(templatePath(saved.id)) }),
  );
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <MutationFormCard
        mutation={save}
        cancel={template ? templatePath(template.id) : templatesPath}
        submitLabel={t("common:actions.save")}
        submitTestId="template-save"
        testId="template-form"
        onSubmit={submit}
        errorTestId="template-save-error"
      >
        <TextInput label={t("templates.name")} {...form.getInputProps("name")} data-testid="template-name" />
        <Group grow>
          <Select
            label={t("templates.use")}
            data={templateUses.map((use) => ({ value: use, label: t(`templates.uses.${use}`) }))}
            disabled={builtIn}
            allowDeselect={false}
            {...form.getInputProps("use")}
            data-testid="template-use"
          />
          <Select
            label={t("templates.language")}
            data={(["fr", "en"] as const).map((l) => ({ value: l, label: t(`templates.languages.${l}`) }))}
            disabled={builtIn}
            allowDeselect={false}
            {...form.getInputProps("language")}
            data-testid="template-language"
          />
        </Group>
        <SubjectBodyFields form={form} of="templates" minRows={10} testId="template" />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("templates.variables")}
          </Text>
          <Text size="xs" c="dimmed">
            {t("templates.variablesHint")}
          </Text>
          <InsertChips
            words={variables[values.use] ?? []}
            show={(name) => `{{${name}}}`}
            onPick={insert}
            testId={(name) => `template-variable-${name}`}
          />
        </Stack>
        <Checkbox
          label={t("templates.isDefault")}
          {...form.getInputProps("isDefault", { type: "checkbox" })}
          disabled={builtIn && template?.isDefault}
          data-testid="template-default-checkbox"
        />
      </MutationFormCard>
      <Stack gap="xs" style={{ position: "sticky", top: 80, alignSelf: "start" }}>
        <SectionTitle title={t("templates.preview")} hint={t("templates.previewHint")} size="h5" />
        {preview.isError ? (
          <ErrorAlert
            error={preview.error}
            title={t("templates.previewRefused")}
            testId="template-preview-error"
          />
        ) : preview.data ? (
          <MailText subject={preview.data.subject} body={preview.data.body} testId="template-preview" />
        ) : null}
      </Stack>
    </SimpleGrid>
  );
};

/** `/org/emailtemplates/{id}/edit` (and `/new/edit`): the template's texts, with a live preview. */
export const EmailTemplateEditPage = () => {
  const { t } = useTranslation("mail");
  const { id = newTemplateId } = useParams();
  const can = useCanDocs();
  const isNew = id === newTemplateId;
  const list = useQuery({ ...templatesQuery(), enabled: can(CODE, "read") });
  const template = useQuery({ ...templateQuery(id), enabled: !isNew && can(CODE, "read") });
  const [title] = useState(() => (isNew ? t("templates.new") : t("templates.edit")));
  return (
    <ResourceFormPage
      title={template.data ? `${t("templates.edit")} · ${template.data.name}` : title}
      crumbs={[{ to: templatesPath, label: t("templates.title") }]}
      allowed={can(CODE, isNew ? "create" : "update")}
    >
      <QueryView query={list}>
        {(templates) =>
          isNew ? (
            <TemplateForm template={null} variables={templates.variables} />
          ) : (
            <QueryView query={template}>
              {(tpl) => <TemplateForm template={tpl} variables={templates.variables} />}
            </QueryView>
          )
        }
      </QueryView>
    </ResourceFormPage>
  );
};
