import "@mantine/dates/styles.css";
import "dayjs/locale/fr";
import { Anchor, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { useFormat } from "../../i18n/format.ts";
import { api, type Schemas } from "../../lib/api-client.ts";
import { membersQuery } from "../org/rights-api.ts";
import { accountingKeys } from "./api-shapes.ts";
import { entryPath, ledgerPath, reportsPath } from "./paths.ts";
import { ReportGate } from "./report-frame.tsx";
import { TrialBalanceTable } from "./statements.tsx";
import { Amount, EmptyRow, QueryView } from "./ui.tsx";

type LedgerChange = Schemas["LedgerChange"];

const useHistory = (at: string) =>
  useQuery({
    queryKey: [...accountingKeys.reports, "history", at],
    queryFn: ({ signal }) => api.get("/accounting/history", { query: { at }, signal }),
    placeholderData: keepPreviousData,
  });

/** The picker's local "YYYY-MM-DD HH:mm:ss", as the moment the API reads (ISO-8601, UTC). */
const toInstant = (local: string) => dayjs(local).toISOString();
const PICKED = "YYYY-MM-DD HH:mm:ss";

/** What a change did to its entry or lettering, linked to the entry. */
const ChangeLine = ({ change, who }: { change: LedgerChange; who: string }) => {
  const { t } = useTranslation("accounting");
  const { dateTime, date } = useFormat();
  const entry = change.mvt ? (
    <Anchor component={Link} to={entryPath(change.mvt)} data-testid="history-change-entry">
      {change.number ?? change.label ?? t("entries.noNumber")}
    </Anchor>
  ) : (
    <Anchor component={Link} to={ledgerPath({ account: change.account ?? "" })}>
      {t("history.lettering", { account: change.account, code: change.code, lines: change.lines })}
    </Anchor>
  );
  return (
    <Table.Tr data-testid={`history-change-${change.kind}`}>
      <Table.Td className="registre-numeric">{dateTime(change.at)}</Table.Td>
      <Table.Td>{t(`history.kind.${change.kind}`)}</Table.Td>
      <Table.Td>{entry}</Table.Td>
      <Table.Td className="registre-numeric">{change.date ? date(change.date) : ""}</Table.Td>
      <Table.Td>{change.mvt ? change.label : ""}</Table.Td>
      <Table.Td>{who}</Table.Td>
    </Table.Tr>
  );
};

/**
 * `/org/accounting/history`: the accountant's time machine — the trial balance as the ledger stood at
 * a moment (folded from the event log), and what was recorded since.
 */
export const LedgerHistoryPage = () => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const [params, setParams] = useSearchParams();
  const picked = params.get("at") ?? dayjs().format(PICKED);
  const history = useHistory(toInstant(picked));
  const members = useQuery({ ...membersQuery(), retry: false });
  const names = new Map(
    ((members.data as { items?: { id: string; name: string }[] } | undefined)?.items ?? []).map((m) => [
      m.id,
      m.name,
    ]),
  );
  return (
    <ReportGate title={t("history.title")} crumbs>
      <Stack gap="lg">
        <PageHeader
          title={t("history.title")}
          description={t("history.description")}
          crumbs={[{ to: reportsPath, label: t("reports.title") }]}
        />
        <Group align="end">
          <DateTimePicker
            label={t("history.at")}
            value={picked}
            onChange={(value) => value && setParams({ at: dayjs(value).format(PICKED) }, { replace: true })}
            valueFormat="DD/MM/YYYY HH:mm"
            locale={locale}
            firstDayOfWeek={1}
            w={240}
            data-testid="history-at"
          />
        </Group>
        <QueryView query={history} height={400} testId="history-error">
          {(data) => (
            <Stack gap="lg" style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
              <Text size="sm" c="dimmed" data-testid="history-summary">
                {t("history.summary", { validated: data.validated, drafts: data.drafts.count })}
              </Text>
              <TrialBalanceTable
                balance={data.trialBalance}
                fileName={`balance-${picked.slice(0, 10)}.csv`}
              />
              <Stack gap="sm">
                <Text fw={600}>{t("history.changedSince", { count: data.changedSince.length })}</Text>
                <Paper p={0} style={{ overflow: "hidden" }}>
                  <Table className="registre-table acc-table" verticalSpacing={8} horizontalSpacing="md">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t("history.recordedAt")}</Table.Th>
                        <Table.Th>{t("history.change")}</Table.Th>
                        <Table.Th>{t("history.entry")}</Table.Th>
                        <Table.Th>{t("history.date")}</Table.Th>
                        <Table.Th>{t("history.label")}</Table.Th>
                        <Table.Th>{t("history.who")}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.changedSince.length === 0 ? (
                        <EmptyRow colSpan={6}>{t("history.nothingSince")}</EmptyRow>
                      ) : null}
                      {data.changedSince.map((change) => (
                        <ChangeLine
                          key={`${change.position}-${change.kind}-${change.mvt ?? change.code}`}
                          change={change}
                          who={
                            change.userId
                              ? (names.get(change.userId) ?? t("history.someone"))
                              : t("history.system")
                          }
                        />
                      ))}
                    </Table.Tbody>
                  </Table>
                </Paper>
              </Stack>
              {data.drafts.count > 0 ? (
                <Text size="sm" c="dimmed">
                  {t("history.drafts", { count: data.drafts.count })} <Amount cents={data.drafts.debit} />
                </Text>
              ) : null}
            </Stack>
          )}
        </QueryView>
      </Stack>
    </ReportGate>
  );
};
