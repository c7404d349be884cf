import "@mantine/dates/styles.css";
import "dayjs/locale/fr";
import { Anchor, Button, Group, Pagination, Paper, Stack, Table, Text } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { Schemas } from "../../lib/api-client.ts";
import { type Moment, useLedgerHistory } from "./history-api.ts";
import { EntryAtMoment, useWho } from "./history-entry.tsx";
import { AccountAtMoment } from "./history-ledger.tsx";
import { entryPath, ledgerPath, reportsPath } from "./paths.ts";
import { ReportGate } from "./report-frame.tsx";
import { TrialBalanceTable } from "./statements.tsx";
import { Amount, EmptyRow, QueryView } from "./ui.tsx";

type LedgerChange = Schemas["LedgerChange"];

/** The picker's local "YYYY-MM-DD HH:mm:ss", as the moment the API reads (ISO-8601, UTC). */
const toInstant = (local: string) => dayjs(local).toISOString();
const PICKED = "YYYY-MM-DD HH:mm:ss";

/** What a change did to its entry or lettering, linked to the entry, its history and the books right after it. */
const ChangeLine = ({
  change,
  onMoment,
  onEntry,
}: {
  change: LedgerChange;
  onMoment: (position: number) => void;
  onEntry: (mvt: string) => void;
}) => {
  const { t } = useTranslation("accounting");
  const { dateTime, date } = useFormat();
  const who = useWho();
  const entry = change.mvt ? (
    <Anchor component={Link} to={entryPath(change.mvt)} data-testid="history-change-entry">
      {change.number ?? change.label ?? t("entries.noNumber")}
    </Anchor>
  ) : (
    <Anchor component={Link} to={ledgerPath({ account: change.account ?? "" })}>
      {t("history.lettering", { account: change.account, code: change.code, lines: change.lines })}
    </Anchor>
  );
  const mvt = change.mvt ?? change.reverses;
  return (
    <Table.Tr data-testid={`history-change-${change.kind}`}>
      <Table.Td className="registre-numeric">{dateTime(change.at)}</Table.Td>
      <Table.Td>{t(`history.kind.${change.kind}`)}</Table.Td>
      <Table.Td>{entry}</Table.Td>
      <Table.Td className="registre-numeric">{change.date ? date(change.date) : ""}</Table.Td>
      <Table.Td>{change.mvt ? change.label : ""}</Table.Td>
      <Table.Td>{who(change.userId, change.who)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onMoment(change.position)}
            data-testid="history-change-moment"
          >
            {t("history.toThisMoment")}
          </Anchor>
          {mvt ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onEntry(mvt)}
              data-testid="history-change-history"
            >
              {t("history.entryHistory")}
            </Anchor>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
};

/** The changes' pages: which of them this page lists, and the pager when there are more than one. */
const ChangesPager = ({
  total,
  page,
  limit,
  onPage,
}: {
  total: number;
  page: number;
  limit: number;
  onPage: (page: number) => void;
}) => {
  const { t } = useTranslation("accounting");
  const { number } = useFormat();
  const pages = Math.ceil(total / limit);
  if (pages <= 1) return null;
  const from = Math.min(total, (page - 1) * limit + 1);
  return (
    <Group justify="space-between" align="center">
      <Text size="sm" c="dimmed" className="registre-numeric" data-testid="history-changes-range">
        {t("history.changesRange", {
          from: number(from),
          to: number(Math.min(total, page * limit)),
          total: number(total),
        })}
      </Text>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPage}
        size="sm"
        aria-label={t("history.changesPagination")}
        data-testid="history-changes-pagination"
      />
    </Group>
  );
};

/**
 * `/org/accounting/history`: the accountant's time machine — the books as they stood at a moment (a date
 * and time, or a place in the log: `?position=`), read from the time machine's own read model and the
 * log: the trial balance, an account's ledger (`?account=`), an entry's state and history (`?entry=`), and
 * what was recorded since, each change a moment of its own one click away.
 */
export const LedgerHistoryPage = () => {
  const { t } = useTranslation("accounting");
  const { locale, dateTime } = useFormat();
  const [params, setParams] = useSearchParams();
  const picked = params.get("at") ?? dayjs().format(PICKED);
  const positionParam = Number(params.get("position") ?? Number.NaN);
  const moment: Moment =
    Number.isInteger(positionParam) && positionParam >= 0
      ? { position: positionParam }
      : { at: toInstant(picked) };
  const pageParam = Number(params.get("page") ?? 1);
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const history = useLedgerHistory(moment, page);
  const account = params.get("account");
  const entry = params.get("entry");
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value === null) next.delete(key);
      else next.set(key, value);
    setParams(next, { replace: true });
  };
  // Another moment lists its changes from their first page.
  const toPosition = (position: number) => update({ position: String(position), page: null });
  const toEntry = (mvt: string) => update({ entry: mvt });
  return (
    <ReportGate title={t("history.title")} crumbs>
      <Stack gap="lg">
        <PageHeader
          title={t("history.title")}
          description={t("history.description")}
          crumbs={[{ to: reportsPath, label: t("reports.title") }]}
        />
        {"position" in moment ? (
          <Group align="center" data-testid="history-position">
            <Text>
              {t("history.atPosition", {
                position: moment.position,
                at: history.data?.at ? dateTime(history.data.at) : "…",
              })}
            </Text>
            <Button
              variant="subtle"
              onClick={() => update({ position: null, page: null })}
              data-testid="history-to-date"
            >
              {t("history.backToDate")}
            </Button>
          </Group>
        ) : (
          <Group align="end">
            <DateTimePicker
              label={t("history.at")}
              value={picked}
              onChange={(value) =>
                value && update({ at: dayjs(value).format(PICKED), position: null, page: null })
              }
              valueFormat="DD/MM/YYYY HH:mm"
              locale={locale}
              firstDayOfWeek={1}
              w={240}
              data-testid="history-at"
            />
          </Group>
        )}
        <QueryView query={history} height={400} testId="history-error">
          {(data) => (
            <Stack gap="lg" style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
              <Text size="sm" c="dimmed" data-testid="history-summary">
                {t("history.summary", {
                  validated: t("history.summaryValidated", { count: data.validated }),
                  drafts: t("history.summaryDrafts", { count: data.drafts.count }),
                })}
              </Text>
              {entry ? (
                <Stack gap={4}>
                  <Group justify="flex-end">
                    <Button variant="subtle" size="xs" onClick={() => update({ entry: null })}>
                      {t("history.closeEntry")}
                    </Button>
                  </Group>
                  <EntryAtMoment mvt={entry} moment={moment} onMoment={toPosition} onEntry={toEntry} />
                </Stack>
              ) : null}
              <TrialBalanceTable
                balance={data.trialBalance}
                fileName={`balance-${"position" in moment ? `p${moment.position}` : picked.slice(0, 10)}.csv`}
              />
              {data.drafts.count > 0 ? (
                <Text size="sm" c="dimmed">
                  {t("history.drafts", { count: data.drafts.count })} <Amount cents={data.drafts.debit} />
                </Text>
              ) : null}
              <AccountAtMoment
                key={account ?? ""}
                account={account}
                moment={moment}
                onAccount={(value) => update({ account: value })}
                onEntry={toEntry}
              />
              <Stack gap="sm">
                <Text fw={600}>{t("history.changedSince", { count: data.changesTotal })}</Text>
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
                        <Table.Th>{t("history.actions")}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.changedSince.length === 0 ? (
                        <EmptyRow colSpan={7}>{t("history.nothingSince")}</EmptyRow>
                      ) : null}
                      {data.changedSince.map((change) => (
                        <ChangeLine
                          key={`${change.position}-${change.kind}-${change.mvt ?? change.code}`}
                          change={change}
                          onMoment={toPosition}
                          onEntry={toEntry}
                        />
                      ))}
                    </Table.Tbody>
                  </Table>
                </Paper>
                <ChangesPager
                  total={data.changesTotal}
                  page={data.changesPage}
                  limit={data.changesLimit}
                  onPage={(next) => update({ page: next === 1 ? null : String(next) })}
                />
              </Stack>
            </Stack>
          )}
        </QueryView>
      </Stack>
    </ReportGate>
  );
};
