import { Paper, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import { useDeleteAction } from "../../components/delete-action.tsx";
import { DetailActions } from "../../components/detail-actions.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useCan } from "./access.ts";
import { type Journal, type JournalKind, journalQuery, journalsQuery, useDeleteJournal } from "./api.ts";
import { BooksPage } from "./books-page.tsx";
import { codeLabelColumns } from "./columns.tsx";
import { accountPath, entriesPath, journalPath, journalsPath } from "./paths.ts";
import { Fields, journalLabel, QueryView } from "./ui.tsx";

const kindColors: Record<JournalKind, string> = {
  sales: "teal",
  purchases: "orange",
  bank: "blue",
  cash: "cyan",
  misc: "gray",
  opening: "grape",
};

export const JournalKindBadge = ({ kind }: { kind: JournalKind }) => {
  const { t } = useTranslation("accounting");
  return (
    <Tag size="sm" color={kindColors[kind]}>
      {t(`journals.kinds.${kind}`)}
    </Tag>
  );
};

/** `/org/accounting/journals`: the journals of the organisation. */
export const JournalsPage = () => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const can = useCan();
  const journals = useQuery({ ...journalsQuery(), enabled: can("journals", "read") });
  const columns: Column<Journal>[] = [
    ...codeLabelColumns<Journal>({
      code: { key: "code", header: t("journals.code"), width: 100, text: (journal) => journal.code },
      label: { header: t("journals.label"), text: (journal) => journalLabel(journal, locale) },
      to: (journal) => journalPath(journal.code),
      locale,
    }),
    {
      key: "kind",
      header: t("journals.kind"),
      width: 180,
      sort: (a, b) => t(`journals.kinds.${a.kind}`).localeCompare(t(`journals.kinds.${b.kind}`), locale),
      cell: (journal) => <JournalKindBadge kind={journal.kind} />,
    },
    {
      key: "account",
      header: t("journals.account"),
      width: 180,
      cellProps: () => ({ className: "acc-code" }),
      cell: (journal) => journal.account ?? "—",
    },
    {
      key: "vat",
      header: t("journals.vat"),
      width: 120,
      align: "center",
      cell: (journal) =>
        journal.vat ? (
          <Tag size="sm">{t("common:values.yes")}</Tag>
        ) : (
          <Text span c="dimmed">
            —
          </Text>
        ),
    },
  ];
  return (
    <BooksPage
      allowed={can("journals", "read")}
      title={t("journals.title")}
      description={t("journals.description")}
      create={
        can("journals", "create") && {
          to: `${journalsPath}/create`,
          label: t("journals.new"),
          testId: "journal-new",
        }
      }
    >
      <QueryTable
        query={journals}
        errorTestId="journals-error"
        columns={columns}
        rowKey={(journal) => journal.code}
        rowLink={(journal) => journalPath(journal.code)}
        rowProps={() => ({ "data-testid": "journal-row" })}
        empty={t("journals.empty")}
        testId="journals-table"
        caption={t("journals.title")}
        className="acc-table"
        minWidth={640}
      />
    </BooksPage>
  );
};

/** `/org/accounting/journals/{id}`: one journal. */
export const JournalDetailPage = () => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const can = useCan();
  const code = useParams().id ?? "";
  const journal = useQuery({ ...journalQuery(code), enabled: can("journals", "read") });
  const deletion = useDeleteAction({
    remove: useDeleteJournal(),
    id: code,
    listPath: journalsPath,
    label: t("journals.delete"),
    title: t("journals.deleteTitle"),
    confirmLabel: t("journals.deleteConfirm"),
    text: t("journals.deleteText", { code }),
    testId: "journal-delete",
  });
  return (
    <BooksPage
      allowed={can("journals", "read")}
      title={journal.data ? `${journal.data.code} · ${journalLabel(journal.data, locale)}` : code}
      deniedTitle={t("journals.title")}
      crumbs={[{ to: journalsPath, label: t("journals.title") }]}
      actions={
        journal.data ? (
          <DetailActions
            leading={
              <LinkButton to={`${entriesPath}?journal=${encodeURIComponent(code)}`} variant="default">
                {t("journals.entries")}
              </LinkButton>
            }
            edit={can("journals", "update") && { to: `${journalPath(code)}/edit` }}
            remove={can("journals", "delete") && deletion.action}
          />
        ) : null
      }
    >
      <QueryView query={journal} testId="journal-error">
        {(data) => (
          <Paper p="lg" maw={720}>
            <Fields
              items={[
                { label: t("journals.code"), value: <span className="acc-code">{data.code}</span> },
                { label: t("journals.labelFr"), value: data.label },
                { label: t("journals.labelEn"), value: data.labelEn || "—" },
                { label: t("journals.kind"), value: <JournalKindBadge kind={data.kind} /> },
                {
                  label: t("journals.account"),
                  value: data.account ? (
                    <Link to={accountPath(data.account)} className="acc-code acc-link">
                      {data.account}
                    </Link>
                  ) : (
                    "—"
                  ),
                },
                {
                  label: t("journals.vat"),
                  value: data.vat ? t("common:values.yes") : t("common:values.no"),
                },
              ]}
            />
          </Paper>
        )}
      </QueryView>
      {deletion.dialog}
    </BooksPage>
  );
};
