import { Anchor, Badge, Button, Grid, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { DeleteModal } from "../../components/confirm-modal.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { DetailActions } from "../../components/detail-actions.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useCan } from "./access.ts";
import { accountQuery, chartQuery, useDeleteAccount } from "./api.ts";
import { accountPath, accountsPath, ledgerPath } from "./paths.ts";
import { accountLabel, Fields, NoAccess, QueryView } from "./ui.tsx";

/** `/org/accounting/accounts/{id}`: one account, its auxiliary accounts, edit and delete. */
export const AccountDetailPage = () => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const can = useCan();
  const number = useParams().id ?? "";
  const account = useQuery({ ...accountQuery(number), enabled: can("accounts", "read") });
  const chart = useQuery({
    ...chartQuery(),
    enabled: can("accounts", "read") && account.data?.collective === true,
  });
  const remove = useDeleteAccount();
  const [deleting, setDeleting] = useState(false);
  const crumbs = [{ to: accountsPath, label: t("accounts.title") }];
  if (!can("accounts", "read"))
    return (
      <Stack gap="lg">
        <PageHeader title={t("accounts.title")} crumbs={crumbs} />
        <NoAccess />
      </Stack>
    );
  const auxiliaries = (chart.data?.items ?? []).filter((a) => a.kind === "auxiliary" && a.control === number);
  const yes = (value: boolean) => (value ? t("common:values.yes") : t("common:values.no"));
  return (
    <Stack gap="md">
      <PageHeader
        title={account.data ? `${account.data.number} · ${accountLabel(account.data, locale)}` : number}
        crumbs={crumbs}
        actions={
          account.data ? (
            <DetailActions
              leading={
                <Button component={Link} to={ledgerPath({ account: number })} variant="default">
                  {t("accounts.ledger")}
                </Button>
              }
              edit={
                can("accounts", "update") && { to: `${accountPath(number)}/edit`, testId: "account-edit" }
              }
              remove={
                can("accounts", "delete") && {
                  label: t("accounts.delete"),
                  testId: "account-delete",
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
      <QueryView query={account} testId="account-error">
        {(data) => (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: data.collective ? 6 : 8 }}>
              <Paper p="lg">
                <Fields
                  items={[
                    { label: t("accounts.number"), value: <span className="acc-code">{data.number}</span> },
                    { label: t("accounts.labelFr"), value: data.label },
                    { label: t("accounts.labelEn"), value: data.labelEn || "—" },
                    {
                      label: t("accounts.kind"),
                      value: t(`accounts.kindSingle.${data.kind}`),
                    },
                    ...(data.kind === "general"
                      ? [
                          {
                            label: t("accounts.class"),
                            value: `${data.class} · ${t(`classes.${data.class as 1}`)}`,
                          },
                          { label: t("accounts.collective"), value: yes(data.collective) },
                        ]
                      : [
                          {
                            label: t("accounts.control"),
                            value: data.control ? (
                              <Anchor component={Link} to={accountPath(data.control)} className="acc-code">
                                {data.control}
                              </Anchor>
                            ) : (
                              "—"
                            ),
                          },
                        ]),
                    { label: t("accounts.lettrable"), value: yes(data.lettrable) },
                    {
                      label: t("accounts.state"),
                      value: (
                        <Badge variant="light" color={data.closed ? "gray" : "teal"} radius="sm" tt="none">
                          {data.closed ? t("accounts.closed") : t("accounts.open")}
                        </Badge>
                      ),
                    },
                  ]}
                />
              </Paper>
            </Grid.Col>
            {data.collective ? (
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Title order={2} size="h4">
                      {t("accounts.auxiliaries")}
                    </Title>
                    {can("accounts", "create") ? (
                      <Button
                        component={Link}
                        to={`${accountsPath}/create?kind=auxiliary&control=${encodeURIComponent(data.number)}`}
                        size="xs"
                        variant="light"
                        leftSection={<PlusIcon size={14} />}
                      >
                        {t("accounts.newAuxiliary")}
                      </Button>
                    ) : null}
                  </Group>
                  <DataTable
                    rows={auxiliaries}
                    columns={[
                      {
                        key: "number",
                        header: t("accounts.number"),
                        width: 140,
                        sort: (a, b) => a.number.localeCompare(b.number),
                        cell: (aux) => (
                          <Link to={accountPath(aux.number)} className="registre-row-link acc-code">
                            {aux.number}
                          </Link>
                        ),
                      },
                      {
                        key: "label",
                        header: t("accounts.label"),
                        sort: (a, b) =>
                          accountLabel(a, locale).localeCompare(accountLabel(b, locale), locale),
                        cell: (aux) => accountLabel(aux, locale),
                      },
                    ]}
                    rowKey={(aux) => aux.number}
                    rowLink={(aux) => accountPath(aux.number)}
                    rowProps={() => ({ "data-testid": "auxiliary-row" })}
                    empty={t("accounts.noAuxiliaries")}
                    caption={t("accounts.auxiliaries")}
                    className="acc-table"
                    minWidth={320}
                    pageSize={25}
                  />
                </Stack>
              </Grid.Col>
            ) : null}
          </Grid>
        )}
      </QueryView>
      <DeleteModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        remove={remove}
        id={number}
        listPath={accountsPath}
        title={t("accounts.deleteTitle")}
        confirmLabel={t("accounts.deleteConfirm")}
        testId="account-delete-dialog"
      >
        <Text size="sm">{t("accounts.deleteText", { number })}</Text>
      </DeleteModal>
    </Stack>
  );
};
