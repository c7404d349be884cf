import { Anchor, Badge, Stack, Text, Tooltip } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import { FilterBar, FilterCount, SegmentFilter } from "../../components/filter-bar.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { formatSiren, useFormat } from "../../i18n/format.ts";
import { formatCents } from "../../lib/money.ts";
import { docPath } from "../docs/paths.ts";
import { useCanDocs } from "../docs/ui.tsx";
import { INBOX_PAGE_SIZE, type ReceivedInvoice, type ReceivedState, receivedListQuery } from "./inbox-api.ts";

const states = ["all", "imported", "refused"] as const;

/** Where a received invoice stands: refused at import (why, on hover), or imported with its last buyer's status. */
export const ReceivedStateBadge = ({ received }: { received: ReceivedInvoice }) => {
  const { t } = useTranslation("einvoicing");
  if (received.state === "refused")
    return (
      <Tooltip label={received.refusal?.message ?? ""} multiline w={320} disabled={!received.refusal}>
        <Badge color="red" variant="light" data-testid="received-state" data-state="refused">
          {t("inbox.state.refused")}
        </Badge>
      </Tooltip>
    );
  return (
    <Badge
      color={received.lastStatus === 210 ? "red" : received.lastStatus ? "teal" : "blue"}
      variant="light"
      data-testid="received-state"
      data-state={received.lastStatus ?? "imported"}
    >
      {received.lastStatus
        ? t(`buyerStatus.code.${received.lastStatus}` as "buyerStatus.code.204")
        : t("inbox.state.imported")}
    </Badge>
  );
};

/**
 * `/org/einvoicing/inbox`: the invoices the approved platform delivered, newest first — each imported as
 * a draft purchase invoice (its supplier, number, date, total, and a link to the draft) or refused at
 * import with its reason; filtered by state, by pages.
 */
export const InboxPage = () => {
  const { t } = useTranslation("einvoicing");
  const { locale, shortDate, dateTime } = useFormat();
  const can = useCanDocs();
  const [params, setParams] = useSearchParams();
  const state = (states as readonly string[]).includes(params.get("state") ?? "")
    ? (params.get("state") as (typeof states)[number])
    : "all";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const allowed = can("purchases.invoices", "read");
  const list = useQuery({
    ...receivedListQuery(state === "all" ? null : (state as ReceivedState), page),
    enabled: allowed,
  });
  if (!allowed) return <NoAccess />;
  const columns: Column<ReceivedInvoice>[] = [
    {
      key: "receivedAt",
      header: t("inbox.receivedAt"),
      width: 190,
      cell: (r) => <Text size="sm">{dateTime(r.receivedAt)}</Text>,
    },
    {
      key: "state",
      header: t("inbox.stateHeader"),
      width: 170,
      cell: (r) => <ReceivedStateBadge received={r} />,
    },
    {
      key: "supplier",
      header: t("inbox.supplier"),
      cell: (r) =>
        r.state === "refused" ? (
          <Text size="sm" c="dimmed">
            {r.refusal?.message ?? "—"}
          </Text>
        ) : (
          <Stack gap={0}>
            <Text size="sm">{r.supplierName ?? "—"}</Text>
            {r.supplierSiren ? (
              <Text size="xs" c="dimmed">
                {t("inbox.siren", { siren: formatSiren(r.supplierSiren) })}
                {r.contactCreated ? ` · ${t("inbox.supplierCreated")}` : ""}
              </Text>
            ) : null}
          </Stack>
        ),
    },
    {
      key: "number",
      header: t("inbox.number"),
      width: 150,
      cell: (r) =>
        r.docId ? (
          <Anchor component={Link} to={docPath(r.docId)} size="sm" data-testid="received-draft">
            {r.invoiceNumber ?? t("inbox.openDraft")}
          </Anchor>
        ) : (
          <Text size="sm">{r.invoiceNumber ?? "—"}</Text>
        ),
    },
    {
      key: "issueDate",
      header: t("inbox.issueDate"),
      width: 120,
      cell: (r) => (r.issueDate ? shortDate(r.issueDate) : "—"),
    },
    {
      key: "total",
      header: t("inbox.total"),
      numeric: true,
      width: 140,
      cell: (r) => (r.total === null ? "—" : formatCents(r.total, locale, { currency: true })),
    },
  ];
  const set = (next: { state?: string; page?: number }) => {
    const query = new URLSearchParams(params);
    if (next.state !== undefined) {
      if (next.state === "all") query.delete("state");
      else query.set("state", next.state);
      query.delete("page");
    }
    if (next.page !== undefined) query.set("page", String(next.page));
    setParams(query);
  };
  return (
    <Stack gap="md">
      <PageHeader title={t("inbox.title")} description={t("inbox.description")} />
      <FilterBar>
        <SegmentFilter
          id="inbox-state-label"
          label={t("inbox.stateHeader")}
          data={states.map((s) => ({ value: s, label: t(`inbox.filter.${s}`) }))}
          value={state}
          onChange={(value) => set({ state: value })}
          testId="inbox-state"
        />
        {list.data ? (
          <FilterCount testId="inbox-count">{t("inbox.count", { count: list.data.total })}</FilterCount>
        ) : null}
      </FilterBar>
      <QueryTable
        query={list}
        errorTestId="inbox-error"
        columns={columns}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ "data-testid": "received-row", "data-id": r.id })}
        empty={state === "all" ? t("inbox.empty") : t(`inbox.emptyFilter.${state}`)}
        testId="inbox"
        pagination={(data) => ({
          page,
          pages: Math.max(1, Math.ceil(data.total / INBOX_PAGE_SIZE)),
          onChange: (next) => set({ page: next }),
        })}
      />
    </Stack>
  );
};
