import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type Column, DataTable } from "../../components/data-table.tsx";
import { useDeleteAction } from "../../components/delete-action.tsx";
import { DetailActions } from "../../components/detail-actions.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { Tag } from "../../components/tag.tsx";
import { useCanDocs } from "../docs/ui.tsx";
import {
  type EmailTemplate,
  newTemplateId,
  templateEditPath,
  templatePath,
  templateQuery,
  templatesPath,
  templatesQuery,
  templateUses,
  useDeleteTemplate,
} from "./api.ts";

const CODE = "emailtemplates";

export const TemplateBadges = ({ template }: { template: EmailTemplate }) => {
  const { t } = useTranslation("mail");
  return (
    <Group gap={6} wrap="nowrap">
      {template.isDefault ? (
        <Tag size="sm" color="teal" data-testid="template-default">
          {t("templates.default")}
        </Tag>
      ) : null}
      <Tag size="sm" color={template.builtIn ? "gray" : "blue"}>
        {t(template.builtIn ? "templates.builtIn" : "templates.own")}
      </Tag>
    </Group>
  );
};

/** `/org/emailtemplates`: the organisation's templates, by use then language. */
export const EmailTemplatesPage = () => {
  const { t } = useTranslation("mail");
  const can = useCanDocs();
  const templates = useQuery({ ...templatesQuery(), enabled: can(CODE, "read") });
  const order = (template: EmailTemplate) =>
    templateUses.indexOf(template.use) * 2 + (template.language === "fr" ? 0 : 1);
  const columns: Column<EmailTemplate>[] = [
    {
      key: "name",
      header: t("templates.name"),
      sort: (a, b) => a.name.localeCompare(b.name),
      cell: (template) => (
        <Link to={templatePath(template.id)} className="registre-row-link" data-testid="template-link">
          {template.name}
        </Link>
      ),
    },
    {
      key: "use",
      header: t("templates.use"),
      width: 240,
      sort: (a, b) => order(a) - order(b),
      cell: (template) => t(`templates.uses.${template.use}`),
    },
    {
      key: "language",
      header: t("templates.language"),
      width: 110,
      cell: (template) => t(`templates.languages.${template.language}`),
    },
    { key: "badges", header: "", width: 260, cell: (template) => <TemplateBadges template={template} /> },
  ];
  return (
    <PageFrame
      allowed={can(CODE, "read")}
      title={t("templates.title")}
      description={t("templates.description")}
      create={
        can(CODE, "create") && {
          to: templateEditPath(newTemplateId),
          label: t("templates.new"),
          testId: "template-new",
        }
      }
    >
      <QueryView query={templates}>
        {(list) => (
          <DataTable
            rows={[...list.items].sort((a, b) => order(a) - order(b))}
            columns={columns}
            rowKey={(template) => template.id}
            rowLink={(template) => templatePath(template.id)}
            empty={t("templates.empty")}
            testId="templates-table"
          />
        )}
      </QueryView>
    </PageFrame>
  );
};

/** The text of a template or an e-mail as it reads, line breaks kept. */
export const MailText = ({ subject, body, testId }: { subject: string; body: string; testId?: string }) => (
  <Paper withBorder p="md" data-testid={testId}>
    <Stack gap="xs">
      <Text fw={600} data-testid={testId ? `${testId}-subject` : undefined}>
        {subject}
      </Text>
      <Text style={{ whiteSpace: "pre-wrap" }} size="sm" data-testid={testId ? `${testId}-body` : undefined}>
        {body}
      </Text>
    </Stack>
  </Paper>
);

/** `/org/emailtemplates/{id}`: one template, its subject and body as written. */
export const EmailTemplatePage = () => {
  const { t } = useTranslation(["mail", "common"]);
  const { id = "" } = useParams();
  const can = useCanDocs();
  const template = useQuery({ ...templateQuery(id), enabled: can(CODE, "read") });
  const remove = useDeleteTemplate();
  const deletion = useDeleteAction({
    remove,
    id,
    listPath: templatesPath,
    label: t("templates.delete"),
    title: t("templates.deleteTitle"),
    confirmLabel: t("templates.delete"),
    text: t("templates.deleteConfirm", { name: template.data?.name ?? "" }),
    testId: "template-delete",
  });
  return (
    <PageFrame
      allowed={can(CODE, "read")}
      title={template.data?.name ?? t("templates.title")}
      crumbs={[{ to: templatesPath, label: t("templates.title") }]}
      description={
        template.data
          ? `${t(`templates.uses.${template.data.use}`)} · ${t(`templates.languages.${template.data.language}`)}`
          : undefined
      }
      actions={
        template.data ? (
          <DetailActions
            edit={can(CODE, "update") && { to: templateEditPath(template.data.id), testId: "template-edit" }}
            remove={!template.data.builtIn && can(CODE, "delete") && deletion.action}
          />
        ) : null
      }
    >
      <QueryView query={template}>
        {(tpl) => (
          <>
            <TemplateBadges template={tpl} />
            <Stack gap={4} maw={760}>
              <Title order={2} size="h5">
                {t("templates.subject")} · {t("templates.body")}
              </Title>
              <MailText subject={tpl.subject} body={tpl.body} testId="template-text" />
            </Stack>
            {deletion.dialog}
          </>
        )}
      </QueryView>
    </PageFrame>
  );
};
