import {
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AmountInput } from "../../components/amount-input.tsx";
import type { Column } from "../../components/data-table.tsx";
import { DateField } from "../../components/date-input.tsx";
import { NewButton } from "../../components/detail-actions.tsx";
import { FilterIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { NoAccessPage } from "../../components/no-access-page.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { selectColumn } from "../../components/select-column.tsx";
import { useFormat } from "../../i18n/format.ts";
import { formatCents, parseAmount, sumCents } from "../../lib/money.ts";
import { contactsQuery } from "../contacts/api.ts";
import { remindersPath } from "../mail/api.ts";
import { type DocFilter, type DocSort, type DocSummary, docSorts, docsQuery, PAGE_SIZE } from "./api.ts";
import { BulkValidateButton } from "./bulk-validate.tsx";
import { useDocColumns } from "./columns.tsx";
import {
  type Direction,
  type DocKind,
  type DocStatus,
  docStatuses,
  documentTransitions,
  type ListSegment,
  rightOf,
  segmentKinds,
  validateRightOf,
} from "./model.ts";
import { docPath, docsStatsPath, docsValidatePath, listPath, newDocPath } from "./paths.ts";
import { DocStatusBadge, useCanDocs } from "./ui.tsx";

/** The statuses a kind can be in (its lifecycle table), for its filter. */
const statusesOf = (kind: DocKind): DocStatus[] => {
  const reachable = new Set<DocStatus>(["draft", ...Object.values(documentTransitions[kind]).flat()]);
  return docStatuses.filter((status) => reachable.has(status));
};

const ContactFilter = ({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) => {
  const { t } = useTranslation("docs");
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 200);
  const list = useQuery(contactsQuery({ q, type: null, status: "all", page: 1 }));
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (list.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (chosen && value === chosen.value && !options.some((o) => o.value === chosen.value))
    options.unshift(chosen);
  return (
    <Select
      label={t("filters.contact")}
      data={options}
      value={value}
      searchable
      clearable
      selectFirstOptionOnChange
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onChange={(id, option) => {
        setChosen(id ? option : null);
        onChange(id);
      }}
      data-testid="docs-filter-contact"
      comboboxProps={{ withinPortal: true }}
    />
  );
};

/** `/org/sales/quotes`, `/org/purchases/invoices`…: one kind's documents, filtered, totalled, validated in bulk. */
export const DocsListPage = ({ direction, list }: { direction: Direction; list: ListSegment }) => {
  const { t } = useTranslation(["docs", "common", "mail"]);
  const { locale, shortDate } = useFormat();
  const can = useCanDocs();
  const docColumns = useDocColumns();
  const kinds = segmentKinds[list];
  const [kind, setKind] = useState<DocKind>(kinds[0] ?? "invoice");
  const [q, setQ] = useState("");
  const [debounced] = useDebouncedValue(q, 200);
  const [status, setStatus] = useState<DocStatus | null>(null);
  const [contactId, setContactId] = useState<string | null>(null);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [minText, setMinText] = useState("");
  const [maxText, setMaxText] = useState("");
  // `?late=true`: the late invoices, as the dashboard links to them.
  const [params] = useSearchParams();
  const [late, setLate] = useState(params.get("late") === "true");
  const [sort, setSort] = useState<DocSort>("-date");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // On a phone the filters besides the search wait behind a button: the list is the first screen.
  const narrow = useMediaQuery("(max-width: 48em)", undefined, { getInitialValueInEffect: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  // A total is never below zero: a negative bound filters nothing (the API refuses one).
  const amount = (text: string) => {
    const parsed = parseAmount(text, locale);
    return parsed.ok && text.trim() && parsed.cents >= 0 ? parsed.cents : null;
  };
  const filter: DocFilter = {
    sort,
    direction,
    kinds: [kind],
    status,
    contactId,
    from,
    to,
    minTotal: amount(minText),
    maxTotal: amount(maxText),
    late: late && kind === "invoice",
    q: debounced,
    page,
  };
  const right = rightOf(direction, kind);
  const docs = useQuery({ ...docsQuery(filter), enabled: can(right, "read") });
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
      setSelected(new Set());
    };
  if (!can(right, "read")) return <NoAccessPage title={t(`lists.${list}`)} />;
  const rows = docs.data?.items ?? [];
  const chosen = rows.filter((row) => selected.has(row.id));
  const money = (cents: number) => formatCents(cents, locale, { currency: true });
  const canValidate =
    (kind === "invoice" || kind === "creditNote") && can(validateRightOf(direction), "update");
  const columns: Column<DocSummary>[] = [
    selectColumn({
      rows,
      selected,
      onChange: setSelected,
      allLabel: t("list.selectAll"),
      rowLabel: (doc) => t("list.select", { number: doc.number ?? t("draft") }),
      allTestId: "docs-select-all",
      testId: "doc-select",
    }),
    docColumns.number(140, true),
    docColumns.issueDate(104),
    {
      key: "contact",
      header: t(direction === "sales" ? "fields.customer" : "fields.supplier"),
      cell: (doc) => (
        <div>
          <Text size="sm">{doc.contactName ?? "—"}</Text>
          {doc.label ? (
            <Text size="xs" c="dimmed">
              {doc.label}
            </Text>
          ) : null}
        </div>
      ),
    },
    ...(kind === "invoice" || kind === "creditNote"
      ? [
          {
            key: "due",
            header: t("fields.dueDate"),
            width: 104,
            cell: (doc: DocSummary) =>
              doc.dueDate ? <span className="registre-numeric">{shortDate(doc.dueDate)}</span> : "—",
          },
        ]
      : []),
    {
      key: "status",
      header: t("fields.status"),
      width: kind === "invoice" || kind === "creditNote" ? 200 : 110,
      cell: (doc) => <DocStatusBadge doc={doc} />,
    },
    {
      key: "excl",
      header: t("fields.totalExclTax"),
      width: 120,
      numeric: true,
      cell: (doc) => formatCents(doc.totalExclTax, locale),
    },
    {
      key: "incl",
      header: t("fields.totalInclTax"),
      width: 120,
      numeric: true,
      cell: (doc) => formatCents(doc.totalInclTax, locale),
    },
  ];
  const total = docs.data?.total ?? 0;
  // Past the server's count cap the pages known are those of the cap, then one more while pages are full.
  const capped = docs.data?.capped === true;
  const pages = Math.max(
    Math.ceil(total / PAGE_SIZE),
    capped && (docs.data?.items.length ?? 0) === PAGE_SIZE ? page + 1 : page,
  );
  const totals = chosen.length
    ? {
        label: t("list.totals"),
        excl: sumCents(chosen, (d) => d.totalExclTax),
        incl: sumCents(chosen, (d) => d.totalInclTax),
        due: sumCents(chosen, (d) => d.due),
      }
    : docs.data?.total
      ? {
          label: capped ? t("list.totalsFirst", { count: total }) : t("list.totalsAll"),
          excl: docs.data.totals.totalExclTax,
          incl: docs.data.totals.totalInclTax,
          due: docs.data.totals.due,
        }
      : null;
  const filtered = status || contactId || from || to || minText || maxText || q || late;
  // The filters besides the search, counted on the button that shows them on a phone.
  const more = [status, contactId, from, to, minText, maxText, late].filter(Boolean).length;
  return (
    <Stack gap="md">
      <PageHeader
        title={t(`lists.${list}`)}
        description={t(`listDescriptions.${direction}`)}
        actions={
          <Group gap="sm">
            <LinkButton to={`${docsStatsPath}?type=${direction}-${kind}`} variant="subtle">
              {t("list.statsLink")}
            </LinkButton>
            {canValidate ? (
              <LinkButton to={`${docsValidatePath}?direction=${direction}`} variant="subtle">
                {t("list.validateLink")}
              </LinkButton>
            ) : null}
            {direction === "sales" && kinds.includes("invoice") ? (
              <LinkButton to={remindersPath} variant="subtle" data-testid="docs-reminders-link">
                {t("mail:reminders.title")}
              </LinkButton>
            ) : null}
            {direction === "purchases" && list === "invoices" && can(right, "create") ? (
              <LinkButton
                to={`${listPath("purchases", "invoices")}/import`}
                variant="default"
                data-testid="doc-import"
              >
                {t("import.button")}
              </LinkButton>
            ) : null}
            {can(right, "create") ? (
              <NewButton to={newDocPath(direction, kind)} label={t(`newKind.${kind}`)} testId="doc-new" />
            ) : null}
          </Group>
        }
      />
      {kinds.length > 1 ? (
        <SegmentedControl
          w="fit-content"
          value={kind}
          onChange={(value) => {
            reset(setKind)(value as DocKind);
            setStatus(null);
          }}
          data={kinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          data-testid="docs-kind"
        />
      ) : null}
      <Paper p="sm" data-testid="docs-filters">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4, lg: 5 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label={t("filters.searchLabel")}
            placeholder={t("filters.search")}
            value={q}
            onChange={(event) => reset(setQ)(event.currentTarget.value)}
            data-testid="docs-search"
          />
          {narrow ? (
            <Group gap="xs" align="flex-end">
              <Button
                variant={filtersOpen ? "light" : "default"}
                leftSection={<FilterIcon size={16} />}
                onClick={() => setFiltersOpen((open) => !open)}
                aria-expanded={filtersOpen}
                data-testid="docs-filters-toggle"
              >
                {more ? t("filters.moreCount", { count: more }) : t("filters.more")}
              </Button>
            </Group>
          ) : null}
          {narrow && !filtersOpen ? null : (
            <>
              <Select
                label={t("filters.status")}
                data={statusesOf(kind).map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
                value={status}
                placeholder={t("statuses.all")}
                clearable
                onChange={(value) => reset(setStatus)(value as DocStatus | null)}
                data-testid="docs-filter-status"
              />
              <ContactFilter value={contactId} onChange={reset(setContactId)} />
              <DateField label={t("filters.from")} value={from} onChange={reset(setFrom)} clearable />
              <DateField
                label={t("filters.to")}
                value={to}
                onChange={reset(setTo)}
                clearable
                min={from || undefined}
              />
              <AmountInput
                label={t("filters.minAmount")}
                value={minText}
                onChange={reset(setMinText)}
                currency
              />
              <AmountInput
                label={t("filters.maxAmount")}
                value={maxText}
                onChange={reset(setMaxText)}
                currency
              />
              <Select
                label={t("filters.sort")}
                data={docSorts.map((value) => ({ value, label: t(`sorts.${value}`) }))}
                value={sort}
                allowDeselect={false}
                onChange={(value) => value && reset(setSort)(value as DocSort)}
                data-testid="docs-sort"
              />
              {kind === "invoice" ? (
                <Group align="flex-end" pb={6}>
                  <Checkbox
                    label={t("filters.late")}
                    checked={late}
                    onChange={(event) => reset(setLate)(event.currentTarget.checked)}
                    data-testid="docs-filter-late"
                  />
                </Group>
              ) : null}
            </>
          )}
          {filtered ? (
            <Group align="flex-end">
              <Button
                variant="subtle"
                size="xs"
                onClick={() => {
                  setQ("");
                  setStatus(null);
                  setContactId(null);
                  setFrom("");
                  setTo("");
                  setMinText("");
                  setMaxText("");
                  setLate(false);
                  setPage(1);
                }}
              >
                {t("filters.clear")}
              </Button>
            </Group>
          ) : null}
        </SimpleGrid>
      </Paper>
      {totals ? (
        <Group justify="space-between" wrap="wrap" gap="sm" data-testid="docs-totals">
          <Group gap="lg">
            <Text size="sm" fw={600}>
              {totals.label}
            </Text>
            <Text size="sm" c="dimmed">
              {chosen.length
                ? t("list.selection", { count: chosen.length })
                : capped
                  ? t("list.countCapped", { count: total })
                  : t("list.count", { count: total })}
            </Text>
            <Text size="sm">
              {t("fields.totalExclTax")} <b className="registre-numeric">{money(totals.excl)}</b>
            </Text>
            <Text size="sm">
              {t("fields.totalInclTax")}{" "}
              <b className="registre-numeric" data-testid="docs-total-incl">
                {money(totals.incl)}
              </b>
            </Text>
            {kind === "invoice" ? (
              <Text size="sm">
                {t("fields.due")} <b className="registre-numeric">{money(totals.due)}</b>
              </Text>
            ) : null}
          </Group>
          {canValidate && chosen.some((d) => d.status === "draft") ? (
            <BulkValidateButton
              docs={chosen.filter((d) => d.status === "draft")}
              onDone={() => setSelected(new Set())}
            />
          ) : null}
        </Group>
      ) : null}
      <QueryTable
        query={docs}
        errorTestId="docs-error"
        columns={columns}
        rowKey={(doc) => doc.id}
        rowLink={(doc) => docPath(doc.id)}
        rowProps={() => ({ "data-testid": "doc-row" })}
        empty={filtered ? t("list.empty") : t("list.emptyKind")}
        caption={t(`lists.${list}`)}
        testId="docs-table"
        minWidth={900}
        pagination={() => (pages > 1 ? { page, pages, onChange: setPage } : undefined)}
      />
    </Stack>
  );
};

export const SalesQuotesPage = () => <DocsListPage direction="sales" list="quotes" />;
export const SalesOrdersPage = () => <DocsListPage direction="sales" list="orders" />;
export const SalesInvoicesPage = () => <DocsListPage direction="sales" list="invoices" />;
export const SalesDeliveriesPage = () => <DocsListPage direction="sales" list="deliveries" />;
export const PurchaseQuotesPage = () => <DocsListPage direction="purchases" list="quotes" />;
export const PurchaseOrdersPage = () => <DocsListPage direction="purchases" list="orders" />;
export const PurchaseInvoicesPage = () => <DocsListPage direction="purchases" list="invoices" />;
export const PurchaseDeliveriesPage = () => <DocsListPage direction="purchases" list="deliveries" />;
