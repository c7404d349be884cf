import { Anchor, Button, Grid, Group, Paper, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { DataTable } from "../../components/data-table.tsx";
import { useDeleteAction } from "../../components/delete-action.tsx";
import { DetailActions } from "../../components/detail-actions.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useCan } from "./access.ts";
import { type Account, accountQuery, chartQuery, useDeleteAccount } from "./api.ts";
import { BooksPage } from "./books-page.tsx";
import { codeLabelColumns } from "./columns.tsx";
import { accountPath, accountsPath, ledgerPath } from "./paths.ts";
import { accountLabel, Fields, QueryView } from "./ui.tsx";

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
  const deletion = useDeleteAction({
    remove: useDeleteAccount(),
    id: number,
    listPath: accountsPath,
    label: t("accounts.delete"),
    title: t("accounts.deleteTitle"),
    confirmLabel: t("accounts.deleteConfirm"),
    text: t("accounts.deleteText", { number }),
    testId: "account-delete",
  });
  const auxiliaries = (chart.data?.items ?? []).filter((a) => a.kind === "auxiliary" && a.control === number);
  const yes = (value: boolean) => (value ? t("common:values.yes") : t("common:values.no"));
  return (
    <BooksPage
      allowed={can("accounts", "read")}
      title={account.data ? `${account.data.number} · ${accountLabel(account.data, locale)}` : number}
      deniedTitle={t("accounts.title")}
      crumbs={[{ to: accountsPath, label: t("accounts.title") }]}
      actions={
        account.data ? (
          <DetailActions
            leading={
              <LinkButton to={ledgerPath({ account: number })} variant="default">
                {t("accounts.ledger")}
              </LinkButton>
            }
            edit={can("accounts", "update") && { to: `${accountPath(number)}/edit`, testId: "account-edit" }}
            remove={can("accounts", "delete") && deletion.action}
          />
        ) : null
      }
    >
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
                        <Tag color={data.closed ? "gray" : "teal"}>
                          {data.closed ? t("accounts.closed") : t("accounts.open")}
                        </Tag>
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
                    columns={codeLabelColumns<Account>({
                      code: {
                        key: "number",
                        header: t("accounts.number"),
                        width: 140,
                        text: (aux) => aux.number,
                      },
                      label: { header: t("accounts.label"), text: (aux) => accountLabel(aux, locale) },
                      to: (aux) => accountPath(aux.number),
                      locale,
                    })}
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
      {deletion.dialog}
    </BooksPage>
  );
};
