import { Button, Group, Paper, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import { DateField } from "../../components/date-input.tsx";
import { NewButton } from "../../components/detail-actions.tsx";
import { ChoiceFilter, FilterBar, SearchFilter, useListFilter } from "../../components/filter-bar.tsx";
import { CheckIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useCan } from "./access.ts";
import { type EntryFilter, type EntrySummary, entriesPageSize, entriesQuery, journalsQuery } from "./api.ts";
import { BooksPage } from "./books-page.tsx";
import { amountColumn, dayColumn, entryLabelColumn, journalColumn } from "./columns.tsx";
import { entrySearchText } from "./entry-number.ts";
import { entryPath, fecImportPath, newEntryPath, validatePath } from "./paths.ts";
import { AmountTd, EntryNumber, EntryStatusBadge, journalLabel, useDay } from "./ui.tsx";

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

const readFilter = (params: URLSearchParams): EntryFilter => {
  const status = params.get("status");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const start = params.get("start");
  const end = params.get("end");
  return {
    journal: params.get("journal")?.toUpperCase() || null,
    status: status === "draft" || status === "validated" ? status : null,
    start: isDay(start) ? start : "",
    end: isDay(end) ? end : "",
    q: (params.get("q") ?? "").trim(),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
};

const writeFilter = (filter: EntryFilter): URLSearchParams => {
  const params = new URLSearchParams();
  if (filter.journal) params.set("journal", filter.journal);
  if (filter.status) params.set("status", filter.status);
  if (filter.start) params.set("start", filter.start);
  if (filter.end) params.set("end", filter.end);
  if (filter.q) params.set("q", filter.q);
  if (filter.page > 1) params.set("page", String(filter.page));
  return params;
};

/** `/org/accounting/entries`: the entries, filtered by journal, status, dates and text, by pages. */
export const EntriesPage = () => {
  const { t } = useTranslation("accounting");
  const format = useFormat();
  const day = useDay();
  const can = useCan();
  const { filter, search, setSearch, set, page } = useListFilter({
    read: readFilter,
    write: writeFilter,
    delay: 300,
  });
  const allowed = can("entries", "read");
  const journals = useQuery({ ...journalsQuery(), enabled: allowed });
  // A number typed as it reads (« BQ1-000075 ») is searched as stored.
  const codes = (journals.data?.items ?? []).map((j) => j.code);
  const entries = useQuery({
    ...entriesQuery({ ...filter, q: entrySearchText(filter.q, codes) }),
    enabled: allowed,
  });
  const total = entries.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / entriesPageSize));
  const from = total === 0 ? 0 : (filter.page - 1) * entriesPageSize + 1;
  const to = Math.min(total, filter.page * entriesPageSize);
  const columns: Column<EntrySummary>[] = [
    dayColumn({ key: "date", header: t("entries.date"), width: 104, day: (entry) => entry.date, show: day }),
    journalColumn({ header: t("entries.journalShort"), width: 56, journal: (entry) => entry.journal }),
    {
      key: "number",
      header: t("entries.number"),
      width: 104,
      cell: (entry) => <EntryNumber entry={entry} />,
    },
    { key: "piece", header: t("entries.pieceRef"), width: 130, cell: (entry) => entry.pieceRef },
    entryLabelColumn({
      header: t("entries.label"),
      label: (entry) => entry.label,
      to: (entry) => entryPath(entry.mvt),
    }),
    amountColumn({ key: "debit", header: t("common.debit"), width: 120, cents: (entry) => entry.debit }),
    amountColumn({ key: "credit", header: t("common.credit"), width: 120, cents: (entry) => entry.credit }),
    {
      key: "status",
      header: t("entries.statusLabel"),
      width: 104,
      cell: (entry) => <EntryStatusBadge status={entry.status} />,
    },
  ];
  return (
    <BooksPage
      allowed={allowed}
      title={t("entries.title")}
      description={t("entries.description")}
      actions={
        <Group gap="sm">
          {can("entries.validate", "read") ? (
            <Button component={Link} to={validatePath} variant="default" leftSection={<CheckIcon />}>
              {t("entries.validateDrafts")}
            </Button>
          ) : null}
          {can("entries.validate", "create") ? (
            <LinkButton to={fecImportPath} variant="default" data-testid="entries-import-fec">
              {t("entries.importFec")}
            </LinkButton>
          ) : null}
          {can("entries", "create") ? (
            <NewButton to={newEntryPath} label={t("entries.new")} testId="entry-new" />
          ) : null}
        </Group>
      }
    >
      <Paper p="sm">
        <FilterBar>
          <ChoiceFilter
            label={t("entries.journal")}
            all={t("entries.allJournals")}
            choices={(journals.data?.items ?? []).map((j) => ({
              value: j.code,
              label: `${j.code} · ${journalLabel(j, format.locale)}`,
            }))}
            value={filter.journal}
            onChange={(journal) => set({ journal })}
            w={200}
            data-testid="entries-journal"
          />
          <ChoiceFilter
            label={t("entries.statusLabel")}
            all={t("entries.allStatuses")}
            choices={[
              { value: "draft", label: t("entries.status.drafts") },
              { value: "validated", label: t("entries.status.validatedPlural") },
            ]}
            value={filter.status}
            onChange={(value) => set({ status: value === "draft" || value === "validated" ? value : null })}
            w={150}
            data-testid="entries-status"
          />
          <DateField
            label={t("common.from")}
            value={filter.start}
            onChange={(start) => set({ start })}
            max={filter.end || undefined}
            clearable
            w={150}
            data-testid="entries-start"
          />
          <DateField
            label={t("common.to")}
            value={filter.end}
            onChange={(end) => set({ end })}
            min={filter.start || undefined}
            clearable
            w={150}
            data-testid="entries-end"
          />
          <SearchFilter
            label={t("entries.search")}
            placeholder={t("entries.searchPlaceholder")}
            value={search}
            onChange={setSearch}
            style={{ flex: 1, minWidth: 180 }}
            data-testid="entries-search"
          />
        </FilterBar>
      </Paper>
      <QueryTable
        query={entries}
        errorTestId="entries-error"
        columns={columns}
        rowKey={(entry) => entry.mvt}
        rowLink={(entry) => entryPath(entry.mvt)}
        rowProps={(entry) => ({ "data-testid": "entry-row", "data-mvt": entry.mvt })}
        empty={t("entries.empty")}
        testId="entries-table"
        caption={t("entries.title")}
        className="acc-table"
        minWidth={900}
        footer={(data) => (
          <Table.Tr>
            <Table.Td colSpan={5} data-testid="entries-filter-total">
              {data.capped
                ? t("entries.filterTotalCapped", { shown: format.number(data.total) })
                : t("entries.filterTotal", { count: data.total })}
            </Table.Td>
            <AmountTd cents={data.sums.debit} blankZero={false} data-testid="entries-total-debit" />
            <AmountTd cents={data.sums.credit} blankZero={false} data-testid="entries-total-credit" />
            <Table.Td />
          </Table.Tr>
        )}
        pagination={(data) => ({
          page: filter.page,
          pages,
          onChange: page,
          summary:
            total > 0 ? (
              <Text size="sm" c="dimmed" className="registre-numeric" data-testid="entries-range">
                {t("entries.range", {
                  from: format.number(from),
                  to: format.number(to),
                  total: data.capped ? `${format.number(total)}+` : format.number(total),
                })}
              </Text>
            ) : undefined,
        })}
      />
    </BooksPage>
  );
};
