import {
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MutationModal } from "../../components/confirm-modal.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { Tag } from "../../components/tag.tsx";
import { useLoadMore } from "../../components/use-load-more.ts";
import { useFormat } from "../../i18n/format.ts";
import { PageHeader } from "../org/page-header.tsx";
import { useCan } from "./access.ts";
import {
  accountingKeys,
  chartQuery,
  type LedgerCursor,
  type LedgerRow,
  ledgerPage,
  useLetter,
  useUnletter,
} from "./api.ts";
import { entryNumberText } from "./entry-number.ts";
import { sumCents } from "./money.ts";
import { accountPath, entryPath, reportsPath } from "./paths.ts";
import { ProvisionalOpeningNotice } from "./provisional-opening.tsx";
import { isDay, PeriodFields, ReportGate, useReportParams, useYears } from "./report-frame.tsx";
import {
  AmountTd,
  AmountTh,
  accountLabel,
  Balance,
  DebitCreditTh,
  EmptyRow,
  LinkIcon,
  today,
  useDay,
  useMoney,
} from "./ui.tsx";

const refOf = (row: Pick<LedgerRow, "mvt" | "line">) => `${row.mvt}/${row.line}`;

/** A line's lettering code. */
const LetterBadge = ({ code }: { code: string }) => (
  <Tag color="cyan" size="sm" px={6} className="acc-code" style={{ overflow: "visible" }}>
    {code}
  </Tag>
);

/** `/org/accounting/reports/generalledger`: the grand livre with running balances, and lettering. */
export const GeneralLedgerPage = () => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const money = useMoney();
  const day = useDay();
  const can = useCan();
  const { params, set } = useReportParams();
  const { current, ready } = useYears();
  const chart = useQuery({ ...chartQuery(), enabled: can("accounting", "read") });
  const start = params.get("start");
  const end = params.get("end");
  const filter = {
    account: (params.get("account") ?? "").toUpperCase(),
    start: isDay(start) ? start : (current?.start ?? `${today().slice(0, 4)}-01-01`),
    end: isDay(end) ? end : (current?.end ?? `${today().slice(0, 4)}-12-31`),
    // With the opening entries still drafts (a year's provisional opening), when asked.
    provisional: params.get("provisional") === "1",
  };
  const invalid = filter.end < filter.start;
  const ledger = useInfiniteQuery({
    queryKey: accountingKeys.ledger(filter),
    queryFn: ({ pageParam, signal }) => ledgerPage(filter, pageParam, signal),
    initialPageParam: null as LedgerCursor | null,
    getNextPageParam: (last) => last.next,
    // Dates in the address are enough; otherwise wait for the year the ledger opens on.
    enabled: can("accounting", "read") && !invalid && (ready || (isDay(start) && isDay(end))),
  });
  const rows = useMemo(() => ledger.data?.pages.flatMap((page) => page.rows) ?? [], [ledger.data]);
  const accounts = useMemo(() => new Map((chart.data?.items ?? []).map((a) => [a.number, a])), [chart.data]);
  const letter = useLetter();
  const unletter = useUnletter();
  const [selected, setSelected] = useState<Map<string, LedgerRow>>(new Map());
  const [unlettering, setUnlettering] = useState<{ account: string; code: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const canLetter = can("entries", "update");

  // A new filter starts a new selection.
  const filterKey = JSON.stringify(filter);
  const lastFilter = useRef(filterKey);
  useEffect(() => {
    if (lastFilter.current !== filterKey) {
      lastFilter.current = filterKey;
      setSelected(new Map());
    }
  }, [filterKey]);

  // Loads the next page when the end of the table scrolls into view.
  const { scroller, sentinel } = useLoadMore(ledger);

  const selection = [...selected.values()];
  const selectionAccount = selection[0]?.account ?? null;
  const selDebit = sumCents(selection, (r) => r.debit);
  const selCredit = sumCents(selection, (r) => r.credit);
  const selDifference = selDebit - selCredit;
  const toggle = (row: LedgerRow, on: boolean) =>
    setSelected((currentSelection) => {
      const next = new Map(currentSelection);
      if (on) next.set(refOf(row), row);
      else next.delete(refOf(row));
      return next;
    });

  const accountOptions = (chart.data?.items ?? [])
    .filter((a) => a.kind === "general")
    .map((a) => ({ value: a.number, label: `${a.number} · ${accountLabel(a, locale)}` }));
  const columns = canLetter ? 9 : 8;

  const body: ReactNode[] = [];
  let groupDebit = 0;
  let groupCredit = 0;
  rows.forEach((row, index) => {
    const previous = rows[index - 1];
    const following = rows[index + 1];
    const account = accounts.get(row.account);
    if (!previous || previous.account !== row.account) {
      groupDebit = 0;
      groupCredit = 0;
      const opening = row.balance - row.debit + row.credit;
      body.push(
        <Table.Tr key={`head-${row.account}`} className="acc-account-row" data-testid="ledger-account">
          <Table.Td colSpan={columns - 2}>
            <Group gap="sm">
              <Link to={accountPath(row.account)} className="acc-code registre-row-link">
                {row.account}
              </Link>
              <span>{account ? accountLabel(account, locale) : ""}</span>
              {account?.lettrable ? (
                <Tag size="xs" color="cyan">
                  {t("accounts.lettrable")}
                </Tag>
              ) : null}
            </Group>
          </Table.Td>
          <Table.Td className="acc-num" colSpan={2}>
            <Text span size="xs" c="dimmed" mr={6}>
              {t("ledger.opening")}
            </Text>
            <Balance cents={opening} />
          </Table.Td>
        </Table.Tr>,
      );
    }
    groupDebit += row.debit;
    groupCredit += row.credit;
    const ref = refOf(row);
    const isSelected = selected.has(ref);
    const selectable =
      canLetter &&
      account?.lettrable === true &&
      !row.letterCode &&
      !row.provisional &&
      (selectionAccount === null || selectionAccount === row.account);
    body.push(
      <Table.Tr
        key={ref}
        className={isSelected ? "acc-selected" : undefined}
        data-testid="ledger-row"
        data-ref={ref}
        data-provisional={row.provisional || undefined}
      >
        {canLetter ? (
          <Table.Td>
            {account?.lettrable && !row.letterCode && !row.provisional ? (
              <Checkbox
                size="xs"
                aria-label={t("ledger.selectLine", { label: row.label, date: day(row.date) })}
                checked={isSelected}
                disabled={!selectable && !isSelected}
                onChange={(event) => toggle(row, event.currentTarget.checked)}
                data-testid="ledger-check"
              />
            ) : null}
          </Table.Td>
        ) : null}
        <Table.Td className="registre-numeric">{day(row.date)}</Table.Td>
        <Table.Td>
          <Link to={entryPath(row.mvt)} className="acc-code acc-link registre-numeric">
            {row.provisional ? (
              <Tag
                size="xs"
                color="yellow"
                title={t("provisional.badgeTitle")}
                data-testid="ledger-provisional"
              >
                {t("provisional.badge")}
              </Tag>
            ) : (
              entryNumberText(row.number, row.journal)
            )}
          </Link>
        </Table.Td>
        <Table.Td>
          {/* Long references wrap: nothing of them is cut. */}
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {row.pieceRef}
          </Text>
        </Table.Td>
        {/* The auxiliary account and the label in one flow, on two lines at most, whole in the title. */}
        <Table.Td
          title={row.auxiliary ? `${row.auxiliary} · ${row.label}` : row.label}
          data-testid="ledger-label"
        >
          <Text size="sm" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
            {row.auxiliary ? (
              <Badge
                component="span"
                size="xs"
                variant="outline"
                color="gray"
                radius="sm"
                tt="none"
                className="acc-code"
                mr={6}
                style={{ overflow: "visible", verticalAlign: "1px" }}
              >
                {row.auxiliary}
              </Badge>
            ) : null}
            {row.label}
          </Text>
        </Table.Td>
        <AmountTd cents={row.debit} />
        <AmountTd cents={row.credit} />
        <Table.Td className="acc-num">
          <Balance cents={row.balance} />
        </Table.Td>
        <Table.Td>
          {row.letterCode ? (
            canLetter ? (
              <UnstyledButton
                onClick={() => {
                  unletter.reset();
                  setUnlettering({ account: row.account, code: row.letterCode ?? "" });
                }}
                aria-label={t("ledger.unletterCode", { code: row.letterCode })}
                title={t("ledger.unletterCode", { code: row.letterCode })}
                data-testid="ledger-letter-code"
              >
                <LetterBadge code={row.letterCode} />
              </UnstyledButton>
            ) : (
              <LetterBadge code={row.letterCode} />
            )
          ) : null}
        </Table.Td>
      </Table.Tr>,
    );
    const groupComplete = following ? following.account !== row.account : !ledger.hasNextPage;
    if (groupComplete) {
      body.push(
        <Table.Tr
          key={`total-${row.account}`}
          className="acc-subtotal-row"
          data-testid="ledger-account-total"
        >
          <Table.Td colSpan={columns - 4}>{t("ledger.accountTotal", { account: row.account })}</Table.Td>
          <AmountTd cents={groupDebit} blankZero={false} />
          <AmountTd cents={groupCredit} blankZero={false} />
          <Table.Td className="acc-num">
            <Balance cents={row.balance} />
          </Table.Td>
          <Table.Td />
        </Table.Tr>,
      );
    }
  });

  return (
    <ReportGate title={t("reports.ledger.title")} crumbs>
      <Stack gap="md">
        <PageHeader
          title={t("reports.ledger.title")}
          description={t("reports.ledger.description")}
          crumbs={[{ to: reportsPath, label: t("reports.title") }]}
        />
        <Paper p="sm">
          <Group gap="sm" align="flex-end">
            <Select
              label={t("ledger.account")}
              placeholder={t("ledger.allAccounts")}
              data={accountOptions}
              value={filter.account || null}
              onChange={(value) => set({ account: value ?? "" })}
              searchable
              clearable
              limit={60}
              w={340}
              nothingFoundMessage={t("editor.noAccount")}
              data-testid="ledger-account-filter"
            />
            <PeriodFields start={filter.start} end={filter.end} onChange={set} />
            <Text size="sm" c="dimmed" ml="auto" className="registre-numeric" data-testid="ledger-count">
              {ledger.data
                ? t(ledger.hasNextPage ? "ledger.loadedMore" : "ledger.loaded", { count: rows.length })
                : null}
            </Text>
          </Group>
        </Paper>
        <ProvisionalOpeningNotice
          opening={ledger.data?.pages[0]?.provisionalOpening}
          included={filter.provisional}
          onChange={(on) => set({ provisional: on ? "1" : "" })}
        />
        {canLetter ? (
          <Text size="xs" c="dimmed">
            {t("ledger.letteringHint")}
          </Text>
        ) : null}
        {notice ? (
          <SavedNotice onClose={() => setNotice(null)} testId="ledger-notice">
            {notice}
          </SavedNotice>
        ) : null}
        {invalid ? null : ledger.isError ? (
          <ErrorAlert error={ledger.error} onRetry={() => void ledger.refetch()} testId="ledger-error" />
        ) : (
          <Paper p={0} style={{ overflow: "hidden" }}>
            <div className="acc-ledger-scroll" ref={scroller}>
              <Table
                className="registre-table acc-table"
                verticalSpacing={5}
                horizontalSpacing="sm"
                highlightOnHover
                miw={880}
                style={{ tableLayout: "fixed" }}
                aria-label={t("reports.ledger.title")}
                data-testid="ledger-table"
              >
                <Table.Thead>
                  <Table.Tr>
                    {canLetter ? <Table.Th w={30} /> : null}
                    <Table.Th w={90}>{t("entries.date")}</Table.Th>
                    <Table.Th w={100}>{t("entries.number")}</Table.Th>
                    <Table.Th w={120}>{t("entries.pieceRef")}</Table.Th>
                    <Table.Th>{t("entries.label")}</Table.Th>
                    <DebitCreditTh w={96} />
                    <AmountTh w={120}>{t("common.balance")}</AmountTh>
                    <Table.Th w={64}>{t("ledger.letterShort")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {ledger.isPending ? (
                    <EmptyRow colSpan={columns}>
                      <Loader size="sm" />
                    </EmptyRow>
                  ) : rows.length === 0 ? (
                    <EmptyRow colSpan={columns}>{t("ledger.empty")}</EmptyRow>
                  ) : (
                    body
                  )}
                </Table.Tbody>
              </Table>
              <div ref={sentinel} style={{ height: 1 }} />
              {ledger.hasNextPage ? (
                <Group justify="center" py="sm">
                  <Button
                    variant="default"
                    size="xs"
                    loading={ledger.isFetchingNextPage}
                    onClick={() => void ledger.fetchNextPage()}
                    data-testid="ledger-more"
                  >
                    {t("ledger.loadMore")}
                  </Button>
                </Group>
              ) : null}
            </div>
            {selection.length > 0 ? (
              <Group
                className="acc-selection-bar"
                justify="space-between"
                px="md"
                py="sm"
                data-testid="ledger-selection"
              >
                <Group gap="lg" className="registre-numeric">
                  <Text size="sm" fw={600}>
                    {t("ledger.selected", { count: selection.length, account: selectionAccount ?? "" })}
                  </Text>
                  <Text size="sm">
                    {t("common.debit")}
                    {t("common.colon")}
                    {money.format(selDebit)}
                  </Text>
                  <Text size="sm">
                    {t("common.credit")}
                    {t("common.colon")}
                    {money.format(selCredit)}
                  </Text>
                  <Text
                    size="sm"
                    fw={700}
                    c={selDifference === 0 ? "teal.8" : "red.8"}
                    data-testid="ledger-selection-difference"
                  >
                    {t("ledger.difference")}
                    {t("common.colon")}
                    {money.format(selDifference)}
                  </Text>
                </Group>
                <Group gap="sm">
                  <Button variant="default" size="xs" onClick={() => setSelected(new Map())}>
                    {t("ledger.clearSelection")}
                  </Button>
                  <Button
                    size="xs"
                    leftSection={<LinkIcon />}
                    disabled={selection.length < 2 || selDifference !== 0}
                    loading={letter.isPending}
                    onClick={() =>
                      letter.mutate(selection.map(refOf), {
                        onSuccess: (result) => {
                          setNotice(
                            t("ledger.lettered", {
                              code: result.code,
                              account: result.account,
                              count: selection.length,
                            }),
                          );
                          setSelected(new Map());
                        },
                      })
                    }
                    data-testid="ledger-letter"
                  >
                    {t("ledger.letter")}
                  </Button>
                </Group>
              </Group>
            ) : null}
          </Paper>
        )}
        {letter.isError ? <ErrorAlert error={letter.error} testId="ledger-letter-error" /> : null}
        <MutationModal
          subject={unlettering}
          mutation={unletter}
          variables={(subject) => subject}
          onDone={(_, subject) => setNotice(t("ledger.unlettered", subject))}
          onClose={() => setUnlettering(null)}
          title={t("ledger.unletterTitle")}
          confirmLabel={t("ledger.unletter")}
          color="orange"
          testId="ledger-unletter-dialog"
        >
          {(subject) => (
            <Text size="sm">
              {t("ledger.unletterText", { code: subject.code, account: subject.account })}
            </Text>
          )}
        </MutationModal>
      </Stack>
    </ReportGate>
  );
};
