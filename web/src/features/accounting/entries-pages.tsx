import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  List,
  Modal,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { CheckIcon, PlusIcon } from "../../components/icons.tsx";
import { useRowLink } from "../../components/row-link.ts";
import { useFormat } from "../../i18n/format.ts";
import { PageHeader } from "../org/page-header.tsx";
import { useCan } from "./access.ts";
import {
  type AdjustmentKind,
  adjustmentKinds,
  chartQuery,
  draftsQuery,
  type Entry,
  type EntryFilter,
  type EntrySummary,
  entriesPageSize,
  entriesQuery,
  entryOrigin,
  entryQuery,
  journalsQuery,
  useDeleteEntry,
  useReverseEntry,
  useValidateEntries,
  useValidateEntry,
  type ValidationOutcome,
  yearsQuery,
} from "./api.ts";
import { sumCents } from "./money.ts";
import {
  accountPath,
  entriesPath,
  entryPath,
  newEntryPath,
  validatePath,
  yearDataPath,
  yearPath,
} from "./paths.ts";
import {
  AmountTd,
  accountLabel,
  BookTable,
  DeleteModal,
  EditIcon,
  EmptyRow,
  EntryStatusBadge,
  Fields,
  journalLabel,
  NoAccess,
  QueryView,
  ReverseIcon,
  TrashIcon,
  today,
  useDay,
  useMoney,
} from "./ui.tsx";
import { useYearName } from "./years-pages.tsx";

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

/** The entry's number once validated; a draft has none yet. */
const EntryNumber = ({ entry }: { entry: Pick<EntrySummary, "number" | "status"> }) => {
  const { t } = useTranslation("accounting");
  return entry.number ? (
    <span className="acc-code" data-testid="entry-number">
      {entry.number}
    </span>
  ) : (
    <Text span size="xs" c="dimmed" fs="italic">
      {t("entries.noNumber")}
    </Text>
  );
};

/** `/org/accounting/entries`: the entries, filtered by journal, status, dates and text, by pages. */
export const EntriesPage = () => {
  const { t } = useTranslation("accounting");
  const format = useFormat();
  const day = useDay();
  const can = useCan();
  const rowLink = useRowLink();
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const [search, setSearch] = useState(filter.q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const applied = useRef(debounced);
  useEffect(() => {
    if (debounced === applied.current) return;
    applied.current = debounced;
    if (debounced !== filter.q)
      setParams(writeFilter({ ...filter, q: debounced, page: 1 }), { replace: true });
  }, [debounced, filter, setParams]);
  const allowed = can("entries", "read");
  const entries = useQuery({ ...entriesQuery(filter), enabled: allowed });
  const journals = useQuery({ ...journalsQuery(), enabled: allowed });
  if (!allowed)
    return (
      <Stack gap="lg">
        <PageHeader title={t("entries.title")} />
        <NoAccess />
      </Stack>
    );
  const set = (next: Partial<EntryFilter>) => setParams(writeFilter({ ...filter, page: 1, ...next }));
  const total = entries.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / entriesPageSize));
  const from = total === 0 ? 0 : (filter.page - 1) * entriesPageSize + 1;
  const to = Math.min(total, filter.page * entriesPageSize);
  return (
    <Stack gap="md">
      <PageHeader
        title={t("entries.title")}
        description={t("entries.description")}
        actions={
          <Group gap="sm">
            {can("entries.validate", "read") ? (
              <Button component={Link} to={validatePath} variant="default" leftSection={<CheckIcon />}>
                {t("entries.validateDrafts")}
              </Button>
            ) : null}
            {can("entries", "create") ? (
              <Button component={Link} to={newEntryPath} leftSection={<PlusIcon />} data-testid="entry-new">
                {t("entries.new")}
              </Button>
            ) : null}
          </Group>
        }
      />
      <Paper p="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t("entries.journal")}
            data={[
              { value: "", label: t("entries.allJournals") },
              ...(journals.data?.items ?? []).map((j) => ({
                value: j.code,
                label: `${j.code} · ${journalLabel(j, format.locale)}`,
              })),
            ]}
            value={filter.journal ?? ""}
            onChange={(value) => set({ journal: value || null })}
            allowDeselect={false}
            w={200}
            data-testid="entries-journal"
          />
          <Select
            label={t("entries.statusLabel")}
            data={[
              { value: "", label: t("entries.allStatuses") },
              { value: "draft", label: t("entries.status.drafts") },
              { value: "validated", label: t("entries.status.validatedPlural") },
            ]}
            value={filter.status ?? ""}
            onChange={(value) => set({ status: value === "draft" || value === "validated" ? value : null })}
            allowDeselect={false}
            w={150}
            data-testid="entries-status"
          />
          <TextInput
            type="date"
            label={t("common.from")}
            value={filter.start}
            onChange={(event) => set({ start: event.currentTarget.value })}
            w={150}
            data-testid="entries-start"
          />
          <TextInput
            type="date"
            label={t("common.to")}
            value={filter.end}
            onChange={(event) => set({ end: event.currentTarget.value })}
            w={150}
            data-testid="entries-end"
          />
          <TextInput
            type="search"
            label={t("entries.search")}
            placeholder={t("entries.searchPlaceholder")}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 180 }}
            autoComplete="off"
            data-testid="entries-search"
          />
        </Group>
      </Paper>
      <QueryView query={entries} testId="entries-error">
        {(data) => {
          return (
            <div style={{ opacity: entries.isPlaceholderData ? 0.6 : 1 }}>
              <BookTable testId="entries-table" caption={t("entries.title")} minWidth={900}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={96}>{t("entries.date")}</Table.Th>
                    <Table.Th w={48}>{t("entries.journalShort")}</Table.Th>
                    <Table.Th w={96}>{t("entries.number")}</Table.Th>
                    <Table.Th w={120}>{t("entries.pieceRef")}</Table.Th>
                    <Table.Th>{t("entries.label")}</Table.Th>
                    <Table.Th w={115} className="acc-num">
                      {t("common.debit")}
                    </Table.Th>
                    <Table.Th w={115} className="acc-num">
                      {t("common.credit")}
                    </Table.Th>
                    <Table.Th w={96}>{t("entries.statusLabel")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.length === 0 ? (
                    <EmptyRow colSpan={8}>{t("entries.empty")}</EmptyRow>
                  ) : (
                    data.items.map((entry) => (
                      <Table.Tr
                        key={entry.mvt}
                        className="registre-row"
                        data-testid="entry-row"
                        data-mvt={entry.mvt}
                        onClick={rowLink(entryPath(entry.mvt))}
                      >
                        <Table.Td className="registre-numeric">{day(entry.date)}</Table.Td>
                        <Table.Td className="acc-code">{entry.journal}</Table.Td>
                        <Table.Td>
                          <EntryNumber entry={entry} />
                        </Table.Td>
                        <Table.Td>
                          <Text span size="sm" truncate>
                            {entry.pieceRef}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Link to={entryPath(entry.mvt)} className="registre-row-link acc-label-link">
                            {entry.label}
                          </Link>
                        </Table.Td>
                        <AmountTd cents={entry.debit} />
                        <AmountTd cents={entry.credit} />
                        <Table.Td>
                          <EntryStatusBadge status={entry.status} />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  )}
                </Table.Tbody>
                {data.items.length > 0 ? (
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Td colSpan={5} data-testid="entries-filter-total">
                        {data.capped
                          ? t("entries.filterTotalCapped", { shown: format.number(data.total) })
                          : t("entries.filterTotal", { count: data.total })}
                      </Table.Td>
                      <AmountTd cents={data.sums.debit} blankZero={false} data-testid="entries-total-debit" />
                      <AmountTd
                        cents={data.sums.credit}
                        blankZero={false}
                        data-testid="entries-total-credit"
                      />
                      <Table.Td />
                    </Table.Tr>
                  </Table.Tfoot>
                ) : null}
              </BookTable>
            </div>
          );
        }}
      </QueryView>
      {entries.data && total > 0 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" className="registre-numeric" data-testid="entries-range">
            {t("entries.range", {
              from: format.number(from),
              to: format.number(to),
              total: entries.data.capped ? `${format.number(total)}+` : format.number(total),
            })}
          </Text>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={Math.min(filter.page, pages)}
              onChange={(page) => setParams(writeFilter({ ...filter, page }))}
              size="sm"
              aria-label={t("entries.pagination")}
            />
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
};

const adjustmentKindOf = (kind: string | undefined): AdjustmentKind =>
  adjustmentKinds.find((k) => k === kind) ?? "other";

/** The entry's origin, in words, with a link to the entry it reverses or the closing file it belongs to. */
const OriginText = ({ entry }: { entry: Entry }) => {
  const { t } = useTranslation("accounting");
  const origin = entryOrigin(entry);
  const kind = origin.kind ?? "manual";
  if (kind === "reversal" && origin.of)
    return (
      <Anchor component={Link} to={entryPath(origin.of)} size="sm">
        {t("entries.origins.reversal")}
      </Anchor>
    );
  if (kind === "adjustment" && origin.yearId)
    return (
      <Anchor component={Link} to={yearDataPath(origin.yearId)} size="sm">
        {t("entries.origins.adjustment", {
          kind: t(`adjustments.kinds.${adjustmentKindOf(origin.adjustment)}`),
        })}
      </Anchor>
    );
  if (kind === "opening") return <>{t("entries.origins.opening")}</>;
  if (kind === "import") return <>{t("entries.origins.import")}</>;
  return <>{t("entries.origins.manual")}</>;
};

/** The lines of an entry with their totals (and the difference of an unbalanced draft). */
export const EntryLinesTable = ({ entry }: { entry: Entry }) => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const money = useMoney();
  const day = useDay();
  const chart = useQuery(chartQuery());
  const labels = useMemo(
    () => new Map((chart.data?.items ?? []).map((a) => [a.number, accountLabel(a, locale)])),
    [chart.data, locale],
  );
  const debit = sumCents(entry.lines, (l) => l.debit);
  const credit = sumCents(entry.lines, (l) => l.credit);
  return (
    <BookTable testId="entry-lines" caption={t("entries.lines")} minWidth={900} highlight={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={36} className="acc-num">
            {t("entries.lineNumber")}
          </Table.Th>
          <Table.Th w={250}>{t("entries.account")}</Table.Th>
          <Table.Th w={110}>{t("entries.auxiliary")}</Table.Th>
          <Table.Th>{t("entries.lineLabel")}</Table.Th>
          <Table.Th w={120} className="acc-num">
            {t("common.debit")}
          </Table.Th>
          <Table.Th w={120} className="acc-num">
            {t("common.credit")}
          </Table.Th>
          <Table.Th w={90}>{t("entries.lettering")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entry.lines.map((line) => (
          <Table.Tr key={line.line} data-testid="entry-line">
            <Table.Td className="acc-num acc-muted">{line.line}</Table.Td>
            <Table.Td>
              <Group gap={8} wrap="nowrap">
                <Link to={accountPath(line.account)} className="acc-code acc-link">
                  {line.account}
                </Link>
                <Text span size="xs" c="dimmed" truncate maw={170}>
                  {labels.get(line.account) ?? ""}
                </Text>
              </Group>
            </Table.Td>
            <Table.Td>
              {line.auxiliary ? (
                <Tooltip label={labels.get(line.auxiliary) ?? line.auxiliary} withArrow>
                  <Link to={accountPath(line.auxiliary)} className="acc-code acc-link">
                    {line.auxiliary}
                  </Link>
                </Tooltip>
              ) : null}
            </Table.Td>
            <Table.Td>
              {line.label ?? (
                <Text span size="sm" c="dimmed">
                  {entry.label}
                </Text>
              )}
            </Table.Td>
            <AmountTd cents={line.debit} />
            <AmountTd cents={line.credit} />
            <Table.Td>
              {line.letterCode ? (
                <Tooltip
                  label={t("entries.letteredOn", { date: day(line.letterDate) })}
                  withArrow
                  disabled={!line.letterDate}
                >
                  <Badge variant="light" color="cyan" radius="sm" className="acc-code" tt="none">
                    {line.letterCode}
                  </Badge>
                </Tooltip>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Td colSpan={4}>{t("common.totals")}</Table.Td>
          <AmountTd cents={debit} blankZero={false} data-testid="entry-total-debit" />
          <AmountTd cents={credit} blankZero={false} data-testid="entry-total-credit" />
          <Table.Td>
            {debit !== credit ? (
              <Text span size="xs" c="red" fw={700}>
                {t("editor.difference")} {money.format(debit - credit)}
              </Text>
            ) : null}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </BookTable>
  );
};

/** « Create opposite entry »: the reversal's date, then the new draft. */
const ReverseModal = ({ entry, opened, onClose }: { entry: Entry; opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation(["accounting", "common"]);
  const navigate = useNavigate();
  const reverse = useReverseEntry();
  const [date, setDate] = useState(today());
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reverse.mutate(
      { mvt: entry.mvt, date },
      {
        onSuccess: (created) => {
          onClose();
          void navigate(entryPath(created.mvt));
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("entries.reverseTitle")} centered>
      <form onSubmit={submit} noValidate data-testid="entry-reverse-form">
        <Stack gap="md">
          <Text size="sm">{t("entries.reverseText", { number: entry.number ?? "" })}</Text>
          <TextInput
            type="date"
            label={t("entries.reverseDate")}
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
            required
            data-autofocus
          />
          {reverse.isError ? <ErrorAlert error={reverse.error} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={reverse.isPending} data-testid="entry-reverse-confirm">
              {t("entries.reverse")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/** `/org/accounting/entries/{mvt}`: an entry, its lines, and what can be done with it. */
export const EntryDetailPage = () => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const day = useDay();
  const can = useCan();
  const mvt = useParams().mvt ?? "";
  const entry = useQuery({ ...entryQuery(mvt), enabled: can("entries", "read") });
  const journals = useQuery({ ...journalsQuery(), enabled: can("entries", "read") });
  const years = useQuery({ ...yearsQuery(), enabled: can("balancesheet", "read") });
  const yearName = useYearName();
  const validate = useValidateEntry();
  const remove = useDeleteEntry();
  const [deleting, setDeleting] = useState(false);
  const [reversing, setReversing] = useState(false);
  const crumbs = [{ to: entriesPath, label: t("entries.title") }];
  if (!can("entries", "read"))
    return (
      <Stack gap="lg">
        <PageHeader title={t("entries.title")} crumbs={crumbs} />
        <NoAccess />
      </Stack>
    );
  const data = entry.data;
  const journal = journals.data?.items.find((j) => j.code === data?.journal);
  const fiscalYear = years.data?.items.find((y) => y.id === data?.fiscalYearId);
  const title = data
    ? data.number
      ? t("entries.titleNumber", { number: data.number })
      : t("entries.titleDraft")
    : t("entries.title");
  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={data?.label}
        crumbs={crumbs}
        actions={
          data ? (
            <Group gap="sm">
              {data.status === "draft" && can("entries", "update") ? (
                <Button
                  component={Link}
                  to={`${entryPath(mvt)}/edit`}
                  variant="default"
                  leftSection={<EditIcon />}
                  data-testid="entry-edit"
                >
                  {t("common:actions.edit")}
                </Button>
              ) : null}
              {data.status === "draft" && can("entries", "delete") ? (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<TrashIcon />}
                  onClick={() => {
                    remove.reset();
                    setDeleting(true);
                  }}
                  data-testid="entry-delete"
                >
                  {t("entries.delete")}
                </Button>
              ) : null}
              {data.status === "draft" && can("entries.validate", "update") ? (
                <Button
                  leftSection={<CheckIcon />}
                  loading={validate.isPending}
                  onClick={() => validate.mutate(mvt)}
                  data-testid="entry-validate"
                >
                  {t("entries.validate")}
                </Button>
              ) : null}
              {data.status === "validated" && can("entries", "create") ? (
                <Button
                  variant="default"
                  leftSection={<ReverseIcon />}
                  onClick={() => setReversing(true)}
                  data-testid="entry-reverse"
                >
                  {t("entries.reverse")}
                </Button>
              ) : null}
            </Group>
          ) : null
        }
      />
      {validate.isError ? (
        <ErrorAlert
          error={validate.error}
          title={t("entries.validateRefused")}
          testId="entry-validate-error"
        />
      ) : null}
      {validate.isSuccess ? (
        <Alert color="teal" variant="light" icon={<CheckIcon />} role="status" data-testid="entry-validated">
          {t("entries.validatedNotice", { number: validate.data.number ?? "" })}
        </Alert>
      ) : null}
      <QueryView query={entry} testId="entry-error">
        {(data) => (
          <Stack gap="md">
            <Paper p="lg">
              <Grid gap="lg">
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <Fields
                    items={[
                      { label: t("entries.statusLabel"), value: <EntryStatusBadge status={data.status} /> },
                      { label: t("entries.number"), value: <EntryNumber entry={data} /> },
                      {
                        label: t("entries.journal"),
                        value: (
                          <>
                            <span className="acc-code">{data.journal}</span>
                            {journal ? ` · ${journalLabel(journal, locale)}` : ""}
                          </>
                        ),
                      },
                      { label: t("entries.date"), value: day(data.date) },
                    ]}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <Fields
                    items={[
                      { label: t("entries.pieceRef"), value: data.pieceRef || "—" },
                      { label: t("entries.pieceDate"), value: day(data.pieceDate) },
                      {
                        label: t("entries.validatedOn"),
                        value: <span data-testid="entry-validated-on">{day(data.validatedOn)}</span>,
                      },
                      {
                        label: t("entries.fiscalYear"),
                        value: data.fiscalYearId ? (
                          <Anchor component={Link} to={yearPath(data.fiscalYearId)} size="sm">
                            {fiscalYear ? yearName(fiscalYear) : t("entries.seeYear")}
                          </Anchor>
                        ) : (
                          "—"
                        ),
                      },
                      { label: t("entries.origin"), value: <OriginText entry={data} /> },
                    ]}
                  />
                </Grid.Col>
              </Grid>
            </Paper>
            <EntryLinesTable entry={data} />
            {data.status === "validated" ? (
              <Text size="xs" c="dimmed">
                {t("entries.immutable")}
              </Text>
            ) : null}
            <ReverseModal entry={data} opened={reversing} onClose={() => setReversing(false)} />
          </Stack>
        )}
      </QueryView>
      <DeleteModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        remove={remove}
        id={mvt}
        listPath={entriesPath}
        title={t("entries.deleteTitle")}
        confirmLabel={t("entries.deleteConfirm")}
        testId="entry-delete-dialog"
      >
        <Text size="sm">{t("entries.deleteText")}</Text>
      </DeleteModal>
    </Stack>
  );
};

/** `/org/accounting/entries/validate`: the drafts, a selection of them validated at once. */
export const ValidateEntriesPage = () => {
  const { t } = useTranslation("accounting");
  const format = useFormat();
  const day = useDay();
  const can = useCan();
  const drafts = useQuery({ ...draftsQuery(), enabled: can("entries.validate", "read") });
  const validate = useValidateEntries();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [outcome, setOutcome] = useState<(ValidationOutcome & { labels: Map<string, string> }) | null>(null);
  const crumbs = [{ to: entriesPath, label: t("entries.title") }];
  if (!can("entries.validate", "read"))
    return (
      <Stack gap="lg">
        <PageHeader title={t("validate.title")} crumbs={crumbs} />
        <NoAccess />
      </Stack>
    );
  const items = drafts.data?.items ?? [];
  const visible = new Set(items.map((d) => d.mvt));
  const chosen = [...selected].filter((mvt) => visible.has(mvt));
  const allChecked = items.length > 0 && chosen.length === items.length;
  const toggle = (mvt: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(mvt);
      else next.delete(mvt);
      return next;
    });
  const run = () => {
    const labels = new Map(
      items.map((d) => [d.mvt, `${day(d.date)} · ${d.journal} · ${d.pieceRef} · ${d.label}`]),
    );
    validate.mutate(chosen, {
      onSuccess: (result) => {
        setOutcome({ ...result, labels });
        setSelected(new Set(result.refused.map((r) => r.mvt)));
      },
    });
  };
  return (
    <Stack gap="md">
      <PageHeader
        title={t("validate.title")}
        description={t("validate.description")}
        crumbs={crumbs}
        actions={
          can("entries.validate", "update") ? (
            <Button
              leftSection={<CheckIcon />}
              disabled={chosen.length === 0}
              loading={validate.isPending}
              onClick={run}
              data-testid="validate-selection"
            >
              {t("validate.submit", { count: chosen.length })}
            </Button>
          ) : null
        }
      />
      {validate.isError ? <ErrorAlert error={validate.error} testId="validate-error" /> : null}
      {outcome ? (
        <Stack gap="xs" data-testid="validate-outcome">
          {outcome.validated.length > 0 ? (
            <Alert
              color="teal"
              variant="light"
              icon={<CheckIcon />}
              role="status"
              withCloseButton
              onClose={() => setOutcome(null)}
              data-testid="validate-done"
            >
              {t("validate.validated", {
                count: outcome.validated.length,
                n: format.number(outcome.validated.length),
              })}
            </Alert>
          ) : null}
          {outcome.refused.length > 0 ? (
            <Alert
              color="red"
              variant="light"
              title={t("validate.refused", { count: outcome.refused.length })}
              data-testid="validate-refused"
            >
              <List size="sm" spacing={4}>
                {outcome.refused.map((refusal) => (
                  <List.Item key={refusal.mvt}>
                    <Anchor component={Link} to={entryPath(refusal.mvt)} size="sm" fw={600}>
                      {outcome.labels.get(refusal.mvt) ?? refusal.mvt}
                    </Anchor>
                    {t("common.colon")}
                    {refusal.detail}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
        </Stack>
      ) : null}
      <QueryView query={drafts} testId="drafts-error">
        {(data) => (
          <BookTable testId="drafts-table" caption={t("validate.title")} minWidth={900}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t("validate.selectAll")}
                    checked={allChecked}
                    indeterminate={chosen.length > 0 && !allChecked}
                    onChange={(event) =>
                      setSelected(event.currentTarget.checked ? new Set(items.map((d) => d.mvt)) : new Set())
                    }
                    disabled={items.length === 0}
                    data-testid="validate-all"
                  />
                </Table.Th>
                <Table.Th w={104}>{t("entries.date")}</Table.Th>
                <Table.Th w={70}>{t("entries.journalShort")}</Table.Th>
                <Table.Th w={130}>{t("entries.pieceRef")}</Table.Th>
                <Table.Th>{t("entries.label")}</Table.Th>
                <Table.Th w={130} className="acc-num">
                  {t("common.debit")}
                </Table.Th>
                <Table.Th w={130} className="acc-num">
                  {t("common.credit")}
                </Table.Th>
                <Table.Th w={120} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.length === 0 ? (
                <EmptyRow colSpan={8}>{t("validate.empty")}</EmptyRow>
              ) : (
                data.items.map((draft) => {
                  const on = selected.has(draft.mvt);
                  return (
                    <Table.Tr
                      key={draft.mvt}
                      className={on ? "acc-selected" : undefined}
                      data-testid="draft-row"
                      data-mvt={draft.mvt}
                    >
                      <Table.Td>
                        <Checkbox
                          aria-label={t("validate.select", { label: draft.label })}
                          checked={on}
                          onChange={(event) => toggle(draft.mvt, event.currentTarget.checked)}
                          data-testid="draft-check"
                        />
                      </Table.Td>
                      <Table.Td className="registre-numeric">{day(draft.date)}</Table.Td>
                      <Table.Td className="acc-code">{draft.journal}</Table.Td>
                      <Table.Td>{draft.pieceRef}</Table.Td>
                      <Table.Td>
                        <Link to={entryPath(draft.mvt)} className="registre-row-link acc-label-link">
                          {draft.label}
                        </Link>
                      </Table.Td>
                      <AmountTd cents={draft.debit} />
                      <AmountTd cents={draft.credit} />
                      <Table.Td>
                        {draft.debit !== draft.credit ? (
                          <Badge color="red" variant="light" radius="sm" size="sm" tt="none">
                            {t("validate.unbalanced")}
                          </Badge>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                })
              )}
            </Table.Tbody>
          </BookTable>
        )}
      </QueryView>
    </Stack>
  );
};
