import {
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { type Column, DataTable } from "../../components/data-table.tsx";
import { NoAccessPage } from "../../components/no-access-page.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { selectColumn } from "../../components/select-column.tsx";
import { useFormat } from "../../i18n/format.ts";
import { formatCents, sumCents } from "../../lib/money.ts";
import { type DocSummary, docCheckQuery, draftsToValidateQuery } from "./api.ts";
import { type BulkOutcome, BulkReportView, BulkValidateDialog } from "./bulk-validate.tsx";
import { useDocColumns } from "./columns.tsx";
import { type Direction, directions, validateRightOf } from "./model.ts";
import { docContactEditPath, docPath, listPath } from "./paths.ts";
import { regimeOutdated } from "./regime.tsx";
import { useCanDocs } from "./ui.tsx";

const AUTO_CHECK = 50;

/**
 * `/org/docs/validate`: the draft invoices and credit notes of a side, oldest first; each checked
 * (GET /docs/{id}/validate: what validation would refuse), the selection validated in date order
 * (PUT /docs/validate), and the report of what was validated and what was refused, and why.
 */
export const ValidateDocsPage = () => {
  const { t } = useTranslation("docs");
  const { locale } = useFormat();
  const can = useCanDocs();
  const docColumns = useDocColumns();
  const [params, setParams] = useSearchParams();
  const direction: Direction = params.get("direction") === "purchases" ? "purchases" : "sales";
  const allowed = can(validateRightOf(direction), "update");
  const drafts = useQuery({ ...draftsToValidateQuery(direction), enabled: allowed });
  const rows = (drafts.data?.items ?? []).filter((d) => d.kind === "invoice" || d.kind === "creditNote");
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [checking, setChecking] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [report, setReport] = useState<BulkOutcome | null>(null);
  const autoCheck = rows.length <= AUTO_CHECK;
  const checks = useQueries({
    // A short list is checked at once; a long one row by row, or the selection, on demand.
    queries: rows.map((row) => ({ ...docCheckQuery(row.id), enabled: autoCheck || checking.has(row.id) })),
  });
  const checkOf = (id: string) => checks[rows.findIndex((r) => r.id === id)];
  if (!allowed) return <NoAccessPage title={t("validate.title")} />;
  const chosen = rows.filter((r) => selected.has(r.id));
  const columns: Column<DocSummary>[] = [
    selectColumn({
      rows,
      selected,
      onChange: setSelected,
      allLabel: t("list.selectAll"),
      rowLabel: (doc) => t("list.select", { number: doc.contactName ?? "" }),
      allTestId: "validate-select-all",
      testId: "validate-select",
    }),
    docColumns.kind(120),
    docColumns.number(120),
    docColumns.issueDate(110),
    { key: "contact", header: t("fields.contact"), cell: (doc) => doc.contactName ?? "—" },
    {
      key: "incl",
      header: t("fields.totalInclTax"),
      width: 130,
      numeric: true,
      cell: (doc) => formatCents(doc.totalInclTax, locale),
    },
    {
      key: "check",
      header: t("validate.check"),
      width: 220,
      cell: (doc) => {
        const check = checkOf(doc.id);
        if (!(autoCheck || checking.has(doc.id)) || !check)
          return (
            <Button
              size="compact-xs"
              variant="light"
              onClick={(event) => {
                event.stopPropagation();
                setChecking((now) => new Set([...now, doc.id]));
              }}
              data-testid="validate-check"
            >
              {t("validate.check")}
            </Button>
          );
        if (!check.data) return <Text size="xs">…</Text>;
        return check.data.valid ? (
          <Badge color="teal" variant="light" tt="none" data-testid="validate-ready">
            {t("validate.ready")}
          </Badge>
        ) : (
          <Tooltip
            multiline
            w={320}
            label={
              <List size="xs">
                {check.data.problems.map((p) => (
                  <List.Item key={`${p.code}${p.field ?? ""}`}>{p.message}</List.Item>
                ))}
              </List>
            }
          >
            <Stack gap={0}>
              <Badge color="orange" variant="light" tt="none" data-testid="validate-not-ready">
                {t("validate.notReady")}
              </Badge>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {check.data.problems[0]?.message}
              </Text>
              {regimeOutdated(check.data.problems) ? (
                <Anchor
                  component={Link}
                  to={docContactEditPath(doc.id)}
                  size="xs"
                  onClick={(event) => event.stopPropagation()}
                  data-testid="doc-regime-fix"
                >
                  {t("regime.chooseCustomerAgain")}
                </Anchor>
              ) : null}
            </Stack>
          </Tooltip>
        );
      },
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader
        title={t("validate.title")}
        description={t("validate.description")}
        crumbs={[{ to: listPath(direction, "invoices"), label: t("lists.invoices") }]}
      />
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={direction}
          onChange={(value) => {
            setParams({ direction: value });
            setSelected(new Set());
            setChecking(new Set());
          }}
          data={directions.map((d) => ({ value: d, label: t(`directions.${d}`) }))}
        />
        <Group gap="sm">
          <Button
            variant="default"
            disabled={chosen.length === 0}
            onClick={() => setChecking((now) => new Set([...now, ...chosen.map((d) => d.id)]))}
            data-testid="validate-check-selection"
          >
            {t("validate.checkAll")}
          </Button>
          <Button
            color="teal"
            disabled={chosen.length === 0}
            onClick={() => setConfirming(true)}
            data-testid="validate-selection"
          >
            {t("validate.validate", { count: chosen.length })}
          </Button>
        </Group>
      </Group>
      {chosen.length ? (
        <Text size="sm" c="dimmed">
          {t("list.selection", { count: chosen.length })} ·{" "}
          {formatCents(
            sumCents(chosen, (d) => d.totalInclTax),
            locale,
            { currency: true },
          )}
        </Text>
      ) : null}
      {report ? (
        <Paper p="md" withBorder>
          <Text fw={650} mb="xs">
            {t("validate.report")}
          </Text>
          <BulkReportView report={report.report} docs={report.docs} />
        </Paper>
      ) : null}
      <QueryView query={drafts} testId="validate-error">
        {() => (
          <DataTable
            rows={rows}
            columns={columns}
            rowKey={(doc) => doc.id}
            rowLink={(doc) => docPath(doc.id)}
            rowProps={() => ({ "data-testid": "validate-row" })}
            empty={t("validate.empty")}
            caption={t("validate.title")}
            testId="validate-table"
            minWidth={900}
          />
        )}
      </QueryView>
      <BulkValidateDialog
        opened={confirming}
        docs={chosen}
        confirmLabel={t("validate.validate", { count: chosen.length })}
        onClose={() => setConfirming(false)}
        onValidated={(answer) => {
          setReport(answer);
          setConfirming(false);
          setSelected(new Set());
          setChecking(new Set());
        }}
        testId="validate-modal"
      />
    </Stack>
  );
};
