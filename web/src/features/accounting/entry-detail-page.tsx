import { Alert, Anchor, Button, Grid, Group, Modal, Paper, Stack, Table, Text, Tooltip } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { type Column, ColumnHead, ColumnRows } from "../../components/data-table.tsx";
import { DateField } from "../../components/date-input.tsx";
import { useDeleteAction } from "../../components/delete-action.tsx";
import { DetailActions } from "../../components/detail-actions.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useRules, useSchemaForm } from "../../components/form.tsx";
import { CheckIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import { sumCents } from "../../lib/money.ts";
import { z } from "../../lib/zod.ts";
import { reconcilePath } from "../reconcile/api.ts";
import { usePeriodName } from "../vat/format.ts";
import { useCan } from "./access.ts";
import {
  type AdjustmentKind,
  adjustmentKinds,
  chartQuery,
  type Entry,
  entryQuery,
  journalsQuery,
  useDeleteEntry,
  useReverseEntry,
  useValidateEntry,
  yearsQuery,
} from "./api.ts";
import { BooksPage } from "./books-page.tsx";
import { amountColumn } from "./columns.tsx";
import { entryNumberText } from "./entry-number.ts";
import { correctionLine, originLine } from "./entry-origin.ts";
import { accountPath, entriesPath, entryPath, historyPath, yearPath } from "./paths.ts";
import {
  AmountTd,
  accountLabel,
  BookTable,
  EntryNumber,
  EntryStatusBadge,
  Fields,
  journalLabel,
  QueryView,
  ReverseIcon,
  today,
  useDay,
  useMoney,
} from "./ui.tsx";
import { VatCodeBadge } from "./vat-code-popover.tsx";
import { useYearName } from "./year-parts.tsx";

const adjustmentKindOf = (kind: string | number | undefined): AdjustmentKind =>
  adjustmentKinds.find((k) => k === kind) ?? "other";

/** The entry's origin, in words, with a link to what posted it: a document, a payment, a deposit… */
const OriginText = ({ entry }: { entry: Entry }) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const money = useMoney();
  const periodName = usePeriodName();
  const line = originLine(entry);
  const { date, amount, kind, period } = line.values;
  const text = t(`entries.origins.${line.key}`, {
    ...line.values,
    ...(typeof date === "string" && { date: day(date) }),
    ...(typeof period === "string" && { period: periodName(period, true) }),
    ...(typeof amount === "number" && { amount: money.currency(amount) }),
    ...(line.key === "adjustment" && { kind: t(`adjustments.kinds.${adjustmentKindOf(kind)}`) }),
  });
  return line.to ? (
    <Anchor component={Link} to={line.to} size="sm" data-testid="entry-origin">
      {text}
    </Anchor>
  ) : (
    <span data-testid="entry-origin">{text}</span>
  );
};

/** The bank statement line the entry is reconciled with: its day, label and amount, linked. */
const ReconciledWith = ({ line }: { line: NonNullable<Entry["source"]["statementLine"]> }) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const money = useMoney();
  return (
    <Anchor
      component={Link}
      to={reconcilePath(line.statementId, line.no)}
      size="sm"
      data-testid="entry-reconciled"
    >
      {t("entries.reconciledLine", {
        no: line.no,
        date: day(line.bookingDate),
        label: line.label,
        amount: money.currency(line.amount),
      })}
    </Anchor>
  );
};

/** Why a validated entry has no reversal, and where it is corrected instead. */
const CorrectionNote = ({ entry }: { entry: Entry }) => {
  const { t } = useTranslation("accounting");
  const periodName = usePeriodName();
  const line = correctionLine(entry);
  if (!line)
    return (
      <Text size="xs" c="dimmed">
        {t("entries.immutable")}
      </Text>
    );
  return (
    <Alert color="blue" variant="light" data-testid="entry-correction">
      <Stack gap={6}>
        <Text size="sm">
          {t(`entries.correction.${line.key}`, {
            ...line.values,
            ...(typeof line.values.period === "string" && { period: periodName(line.values.period, true) }),
          })}
        </Text>
        {line.to ? (
          <Anchor component={Link} to={line.to} size="sm" fw={600} data-testid="entry-correction-link">
            {t(`entries.correction.${line.key}Link`)}
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
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
  const accountLink = (account: string) => (
    <Link to={accountPath(account)} className="acc-code acc-link">
      {account}
    </Link>
  );
  const columns: Column<Entry["lines"][number]>[] = [
    {
      key: "line",
      header: t("entries.lineNumber"),
      width: 36,
      numeric: true,
      cellProps: () => ({ className: "acc-muted" }),
      cell: (line) => line.line,
    },
    {
      key: "account",
      header: t("entries.account"),
      width: 250,
      cell: (line) => (
        <Group gap={8} wrap="nowrap" align="baseline">
          {accountLink(line.account)}
          <Text span size="xs" c="dimmed">
            {labels.get(line.account) ?? ""}
          </Text>
        </Group>
      ),
    },
    {
      key: "auxiliary",
      header: t("entries.auxiliary"),
      width: 110,
      cell: (line) =>
        line.auxiliary ? (
          <Tooltip label={labels.get(line.auxiliary) ?? line.auxiliary} withArrow>
            {accountLink(line.auxiliary)}
          </Tooltip>
        ) : null,
    },
    {
      key: "label",
      header: t("entries.lineLabel"),
      cell: (line) => (
        <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
          <span>
            {line.label ?? (
              <Text span size="sm" c="dimmed">
                {entry.label}
              </Text>
            )}
          </span>
          {line.vat ? <VatCodeBadge code={line.vat} /> : null}
        </Group>
      ),
    },
    amountColumn({ key: "debit", header: t("common.debit"), width: 120, cents: (line) => line.debit }),
    amountColumn({ key: "credit", header: t("common.credit"), width: 120, cents: (line) => line.credit }),
    {
      key: "lettering",
      header: t("entries.lettering"),
      width: 90,
      cell: (line) =>
        line.letterCode ? (
          <Tooltip
            label={t("entries.letteredOn", { date: day(line.letterDate) })}
            withArrow
            disabled={!line.letterDate}
          >
            <Tag color="cyan" className="acc-code">
              {line.letterCode}
            </Tag>
          </Tooltip>
        ) : null,
    },
  ];
  return (
    <BookTable testId="entry-lines" caption={t("entries.lines")} minWidth={900} highlight={false}>
      <ColumnHead columns={columns} />
      <Table.Tbody>
        <ColumnRows
          rows={entry.lines}
          columns={columns}
          rowKey={(line) => String(line.line)}
          rowProps={() => ({ "data-testid": "entry-line" })}
        />
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
  const { t } = useTranslation("accounting");
  const rules = useRules();
  const navigate = useNavigate();
  const reverse = useReverseEntry();
  const schema = useMemo(() => z.object({ date: rules.day(t("entries.reverseDate")) }), [rules, t]);
  const form = useSchemaForm(schema, { date: today() });
  const submit = form.onSubmit(({ date }) =>
    reverse.mutate(
      { mvt: entry.mvt, date },
      {
        onSuccess: (created) => {
          onClose();
          void navigate(entryPath(created.mvt));
        },
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t("entries.reverseTitle")} centered>
      {/* The submit focused first: the date field would open its calendar over the buttons. */}
      <MutationFormCard
        bare
        testId="entry-reverse-form"
        onSubmit={submit}
        mutation={reverse}
        cancel={onClose}
        submitLabel={t("entries.reverse")}
        submitTestId="entry-reverse-confirm"
        submitAutoFocus
      >
        <Text size="sm">
          {t("entries.reverseText", {
            number: entry.number ? entryNumberText(entry.number, entry.journal) : "",
          })}
        </Text>
        <DateField
          label={t("entries.reverseDate")}
          {...form.getInputProps("date")}
          withAsterisk
          data-testid="entry-reverse-date"
        />
      </MutationFormCard>
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
  const deletion = useDeleteAction({
    remove: useDeleteEntry(),
    id: mvt,
    listPath: entriesPath,
    label: t("entries.delete"),
    title: t("entries.deleteTitle"),
    confirmLabel: t("entries.deleteConfirm"),
    text: t("entries.deleteText"),
    testId: "entry-delete",
  });
  const [reversing, setReversing] = useState(false);
  const data = entry.data;
  const journal = journals.data?.items.find((j) => j.code === data?.journal);
  const fiscalYear = years.data?.items.find((y) => y.id === data?.fiscalYearId);
  const title = data
    ? data.number
      ? t("entries.titleNumber", { number: entryNumberText(data.number, data.journal) })
      : t("entries.titleDraft")
    : t("entries.title");
  return (
    <BooksPage
      allowed={can("entries", "read")}
      title={title}
      deniedTitle={t("entries.title")}
      description={data?.label}
      crumbs={[{ to: entriesPath, label: t("entries.title") }]}
      actions={
        data ? (
          <DetailActions
            edit={
              data.status === "draft" &&
              can("entries", "update") && { to: `${entryPath(mvt)}/edit`, testId: "entry-edit" }
            }
            remove={data.status === "draft" && can("entries", "delete") && deletion.action}
          >
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
            {can("accounting", "read") ? (
              <LinkButton
                variant="default"
                to={`${historyPath}?entry=${encodeURIComponent(mvt)}`}
                data-testid="entry-history"
              >
                {t("history.entryHistory")}
              </LinkButton>
            ) : null}
            {data.status === "validated" && data.correction === "reversal" && can("entries", "create") ? (
              <Button
                variant="default"
                leftSection={<ReverseIcon />}
                onClick={() => setReversing(true)}
                data-testid="entry-reverse"
              >
                {t("entries.reverse")}
              </Button>
            ) : null}
          </DetailActions>
        ) : null
      }
    >
      {validate.isError ? (
        <ErrorAlert
          error={validate.error}
          title={t("entries.validateRefused")}
          testId="entry-validate-error"
        />
      ) : null}
      {validate.isSuccess ? (
        <SavedNotice testId="entry-validated">
          {t("entries.validatedNotice", { number: validate.data.number ?? "" })}
        </SavedNotice>
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
                      ...(data.source.statementLine
                        ? [
                            {
                              label: t("entries.reconciled"),
                              value: <ReconciledWith line={data.source.statementLine} />,
                            },
                          ]
                        : []),
                    ]}
                  />
                </Grid.Col>
              </Grid>
            </Paper>
            <EntryLinesTable entry={data} />
            {data.status === "validated" ? <CorrectionNote entry={data} /> : null}
            <ReverseModal entry={data} opened={reversing} onClose={() => setReversing(false)} />
          </Stack>
        )}
      </QueryView>
      {deletion.dialog}
    </BooksPage>
  );
};
