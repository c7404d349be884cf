import { Badge, Button, Paper, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { DeleteModal } from "../../components/confirm-modal.tsx";
import { type Column, DataTable } from "../../components/data-table.tsx";
import { DetailActions, NewButton } from "../../components/detail-actions.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useCan } from "./access.ts";
import { type Journal, type JournalKind, journalQuery, journalsQuery, useDeleteJournal } from "./api.ts";
import { accountPath, entriesPath, journalPath, journalsPath } from "./paths.ts";
import { Fields, journalLabel, NoAccess, QueryView } from "./ui.tsx";

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
    <Badge size="sm" variant="light" color={kindColors[kind]} radius="sm" tt="none">
      {t(`journals.kinds.${kind}`)}
    </Badge>
  );
};

/** `/org/accounting/journals`: the journals of the organisation. */
export const JournalsPage = () => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const can = useCan();
  const journals = useQuery({ ...journalsQuery(), enabled: can("journals", "read") });
  if (!can("journals", "read"))
    return (
      <Stack gap="lg">
        <PageHeader title={t("journals.title")} />
        <NoAccess />
      </Stack>
    );
  const columns: Column<Journal>[] = [
    {
      key: "code",
      header: t("journals.code"),
      width: 100,
      sort: (a, b) => a.code.localeCompare(b.code),
      cell: (journal) => (
        <Link to={journalPath(journal.code)} className="registre-row-link acc-code">
          {journal.code}
        </Link>
      ),
    },
    {
      key: "label",
      header: t("journals.label"),
      sort: (a, b) => journalLabel(a, locale).localeCompare(journalLabel(b, locale), locale),
      cell: (journal) => journalLabel(journal, locale),
    },
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
          <Badge size="sm" variant="light" radius="sm" tt="none">
            {t("common:values.yes")}
          </Badge>
        ) : (
          <Text span c="dimmed">
            —
          </Text>
        ),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader
        title={t("journals.title")}
        description={t("journals.description")}
        actions={
          can("journals", "create") ? (
            <NewButton to={`${journalsPath}/create`} label={t("journals.new")} testId="journal-new" />
          ) : null
        }
      />
      <QueryView query={journals} testId="journals-error">
        {(data) => (
          <DataTable
            rows={data.items}
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
        )}
      </QueryView>
    </Stack>
  );
};

/** `/org/accounting/journals/{id}`: one journal. */
export const JournalDetailPage = () => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const can = useCan();
  const code = useParams().id ?? "";
  const journal = useQuery({ ...journalQuery(code), enabled: can("journals", "read") });
  const remove = useDeleteJournal();
  const [deleting, setDeleting] = useState(false);
  const crumbs = [{ to: journalsPath, label: t("journals.title") }];
  if (!can("journals", "read"))
    return (
      <Stack gap="lg">
        <PageHeader title={t("journals.title")} crumbs={crumbs} />
        <NoAccess />
      </Stack>
    );
  return (
    <Stack gap="md">
      <PageHeader
        title={journal.data ? `${journal.data.code} · ${journalLabel(journal.data, locale)}` : code}
        crumbs={crumbs}
        actions={
          journal.data ? (
            <DetailActions
              leading={
                <Button
                  component={Link}
                  to={`${entriesPath}?journal=${encodeURIComponent(code)}`}
                  variant="default"
                >
                  {t("journals.entries")}
                </Button>
              }
              edit={can("journals", "update") && { to: `${journalPath(code)}/edit` }}
              remove={
                can("journals", "delete") && {
                  label: t("journals.delete"),
                  testId: "journal-delete",
                  onClick: () => {
                    remove.reset();
                    setDeleting(true);
                  },
                }
              }
            />
          ) : null
        }
      />
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
      <DeleteModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        remove={remove}
        id={code}
        listPath={journalsPath}
        title={t("journals.deleteTitle")}
        confirmLabel={t("journals.deleteConfirm")}
        testId="journal-delete-dialog"
      >
        <Text size="sm">{t("journals.deleteText", { code })}</Text>
      </DeleteModal>
    </Stack>
  );
};
