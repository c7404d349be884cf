import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { AmountInput } from "../../components/amount-input.tsx";
import { DeleteModal } from "../../components/confirm-modal.tsx";
import { type Column, DataTable } from "../../components/data-table.tsx";
import { DateField } from "../../components/date-input.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { ResourceFormPage, useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { Schemas } from "../../lib/api-client.ts";
import { amountInput, formatCents, parseAmount } from "../../lib/money.ts";
import { z } from "../../lib/zod.ts";
import { downloadFile } from "../accounting/access.ts";
import {
  type LineFilter,
  type StatementDetail,
  type StatementLine,
  statementLinesQuery,
  statementPath,
  statementQuery,
  statementsPath,
  useCanStatements,
  useDeleteStatement,
  useEditStatement,
  useUnmatchLine,
} from "./api.ts";
import { ReconciledBadge, usePeriod } from "./statements-pages.tsx";

type BankStatementEdit = Schemas["BankStatementEdit"];

/** The lines of a statement as a table: day, label and details, amount, what each is matched to. */
const LinesTable = ({ lines, statementId }: { lines: readonly StatementLine[]; statementId: string }) => {
  const { t } = useTranslation("payments");
  const { locale, shortDate } = useFormat();
  const can = useCanStatements();
  const unmatch = useUnmatchLine();
  const columns: Column<StatementLine>[] = [
    { key: "no", header: "#", numeric: true, width: 60, cell: (l) => l.no },
    { key: "date", header: t("statements.date"), width: 110, cell: (l) => shortDate(l.bookingDate) },
    {
      key: "label",
      header: t("statements.label"),
      cell: (l) => {
        // The structured creditor reference (CAMT Strd/CdtrRefInf/Ref: an RF or QR reference) named as such.
        const more = [
          l.counterpartyName,
          l.reference,
          l.creditorReference ? `${t("statements.creditorReference")} ${l.creditorReference}` : null,
          ...l.details,
        ].filter(Boolean);
        return (
          <Stack gap={0}>
            <Text size="sm">{l.label}</Text>
            {more.length > 0 ? (
              <Text size="xs" c="dimmed" data-testid="statement-line-more">
                {more.join(" · ")}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    {
      key: "amount",
      header: t("statements.amount"),
      numeric: true,
      width: 140,
      cell: (l) => formatCents(l.amount, locale, { currency: true }),
    },
    {
      key: "match",
      header: t("statements.match"),
      width: 260,
      cell: (l) =>
        l.match ? (
          <Group gap="xs" wrap="nowrap">
            <Link to={`/org/accounting/entries/${l.match.mvt}`}>
              {`${t(`statements.matchedTo.${l.match.kind}`)} (${t(`statements.matchedBy.${l.match.by}`)})`}
            </Link>
            {can("statements.reconcile", "update") ? (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                loading={unmatch.isPending}
                onClick={() => unmatch.mutate({ statementId, no: l.no })}
                data-testid="line-unmatch"
              >
                {t("statements.unmatch")}
              </Button>
            ) : null}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
  ];
  return (
    <Stack gap="xs">
      {unmatch.isError ? <ErrorAlert error={unmatch.error} /> : null}
      <DataTable
        rows={lines}
        columns={columns}
        rowKey={(l) => String(l.no)}
        empty="—"
        caption={t("statements.lines")}
        testId="statement-lines"
        pageSize={100}
      />
    </Stack>
  );
};

/** One of a statement's figures: its label above, then its value. */
const Figure = ({ label, gap = 0, children }: { label: string; gap?: number; children: ReactNode }) => (
  <Stack gap={gap}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    {children}
  </Stack>
);

/** `/org/bankstatements/{id}`: the statement's bank, period, balances, warnings, and its lines. */
export const StatementDetailPage = () => {
  const { t } = useTranslation(["payments", "reconcile"]);
  const { locale } = useFormat();
  const id = useParams().id ?? "";
  const can = useCanStatements();
  const statement = useQuery({ ...statementQuery(id), enabled: can("statements", "read") });
  const remove = useDeleteStatement();
  const [deleting, setDeleting] = useState(false);
  const period = usePeriod();
  const download = useMutation({
    mutationFn: (s: StatementDetail) =>
      downloadFile(`/banks/statements/${s.id}/file`, s.file?.name ?? "releve"),
  });
  if (!can("statements", "read")) return <NoAccess />;
  const money = (c: number | undefined) =>
    c === undefined ? "—" : formatCents(c, locale, { currency: true });
  return (
    <QueryView query={statement}>
      {(s) => (
        <Stack gap="md">
          <PageHeader
            title={`${s.bankName ?? s.account} · ${period(s)}`}
            description={s.label}
            crumbs={[{ to: statementsPath, label: t("statements.title") }]}
            actions={
              <Group gap="xs">
                {can("statements.reconcile", "read") && s.matchedCount < s.lineCount ? (
                  <Button
                    component={Link}
                    to={`${statementPath(s.id)}/reconcile`}
                    data-testid="statement-reconcile"
                  >
                    {t("reconcile:reconcile.title")}
                  </Button>
                ) : null}
                <Button component={Link} to={`${statementPath(s.id)}/lines`} variant="default">
                  {t("statements.seeLines")}
                </Button>
                {s.file && can("statements.files", "read") ? (
                  <Button variant="default" onClick={() => download.mutate(s)} loading={download.isPending}>
                    {t("statements.download")}
                  </Button>
                ) : null}
                {can("statements", "update") ? (
                  <Button component={Link} to={`${statementPath(s.id)}/edit`} variant="default">
                    {t("statements.edit")}
                  </Button>
                ) : null}
                {can("statements", "delete") ? (
                  <Button
                    color="red"
                    variant="light"
                    onClick={() => setDeleting(true)}
                    data-testid="statement-delete"
                  >
                    {t("statements.delete")}
                  </Button>
                ) : null}
              </Group>
            }
          />
          {download.isError ? <ErrorAlert error={download.error} /> : null}
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="statement-balances">
              <Figure label={t("statements.opening")}>
                <Text fw={600}>{money(s.opening?.amount)}</Text>
              </Figure>
              <Figure label={t("statements.movements")}>
                <Text fw={600}>{`+${money(s.credits)} / −${money(s.debits)}`}</Text>
              </Figure>
              <Figure label={t("statements.closing")}>
                <Text fw={600}>{money(s.closing?.amount)}</Text>
              </Figure>
              <Figure label={t("statements.reconciledCount")} gap={4}>
                <ReconciledBadge s={s} />
              </Figure>
            </SimpleGrid>
            <Text size="sm" c="dimmed" mt="sm">
              {`${s.source === "file" ? `${t("statements.file")} ${s.file?.name ?? ""} (${s.file?.format ?? ""}, ${s.file?.encoding ?? ""})` : t("statements.typed")}${s.reference ? ` · ${t("statements.reference")} ${s.reference}` : ""}`}
            </Text>
          </Paper>
          {s.warnings.map((w) => (
            <Alert key={`${w.code}-${w.statement}`} color="orange" data-testid="statement-warning">
              {w.message}
            </Alert>
          ))}
          {s.notices.map((n) => (
            <Alert key={`${n.code}-${n.message}`} color="blue">
              {n.message}
            </Alert>
          ))}
          <LinesTable lines={s.lines} statementId={s.id} />
          <DeleteModal
            opened={deleting}
            onClose={() => setDeleting(false)}
            remove={remove}
            id={s.id}
            listPath={statementsPath}
            title={t("statements.deleteTitle")}
            confirmLabel={t("statements.delete")}
            testId="statement-delete-modal"
          >
            {t("statements.deleteText")}
          </DeleteModal>
        </Stack>
      )}
    </QueryView>
  );
};

/** `/org/bankstatements/{id}/lines`: the statement's lines with filters (state, text, days, amount). */
export const StatementLinesPage = () => {
  const { t } = useTranslation("payments");
  const { locale } = useFormat();
  const id = useParams().id ?? "";
  const can = useCanStatements();
  const [filter, setFilter] = useState<LineFilter>({});
  const [amountText, setAmountText] = useState("");
  const statement = useQuery({ ...statementQuery(id), enabled: can("statements", "read") });
  const lines = useQuery({ ...statementLinesQuery(id, filter), enabled: can("statements", "read") });
  const period = usePeriod();
  const set = (changes: LineFilter) =>
    setFilter(
      Object.fromEntries(
        Object.entries({ ...filter, ...changes }).filter(([, v]) => v !== "" && v !== undefined),
      ),
    );
  return (
    <PageFrame
      allowed={can("statements", "read")}
      title={t("statements.seeLines")}
      description={
        statement.data ? `${statement.data.bankName ?? ""} · ${period(statement.data)}` : undefined
      }
      crumbs={[
        { to: statementsPath, label: t("statements.title") },
        { to: statementPath(id), label: statement.data ? period(statement.data) : "…" },
      ]}
    >
      <Group align="flex-end">
        <TextInput
          label={t("statements.filters.text")}
          value={filter.text ?? ""}
          onChange={(e) => set({ text: e.currentTarget.value })}
          data-testid="lines-text"
        />
        <Select
          label={t("statements.filters.state")}
          value={filter.matched ?? ""}
          onChange={(v) => set({ matched: (v || undefined) as LineFilter["matched"] })}
          data={[
            { value: "", label: t("statements.filters.all") },
            { value: "true", label: t("statements.filters.matched") },
            { value: "false", label: t("statements.filters.unmatched") },
          ]}
          w={180}
        />
        <DateField
          label={t("statements.filters.from")}
          value={filter.from ?? ""}
          onChange={(v) => set({ from: v })}
          clearable
        />
        <DateField
          label={t("statements.filters.to")}
          value={filter.to ?? ""}
          onChange={(v) => set({ to: v })}
          clearable
        />
        <AmountInput
          label={t("statements.filters.amount")}
          value={amountText}
          onChange={(v) => {
            setAmountText(v);
            const parsed = parseAmount(v, locale);
            set({ amount: parsed.ok && v.trim() !== "" ? parsed.cents : undefined });
          }}
          w={140}
        />
      </Group>
      <QueryView query={lines}>
        {(data) => (
          <Stack gap="xs">
            <Text size="sm" c="dimmed" data-testid="lines-total">
              {t("statements.totalLines", {
                count: data.total,
                amount: formatCents(data.amount, locale, { currency: true }),
              })}
            </Text>
            <LinesTable lines={data.items} statementId={id} />
          </Stack>
        )}
      </QueryView>
    </PageFrame>
  );
};

/** A signed amount as typed (« -1 234,56 »), in cents; null when empty or unreadable. */
const signedCents = (text: string, locale: "fr" | "en"): number | null => {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const negative = /^[-−]/.test(trimmed);
  const parsed = parseAmount(trimmed.replace(/^[-−]\s*/, ""), locale);
  return parsed.ok ? (negative ? -parsed.cents : parsed.cents) : null;
};
const signedText = (cents: number | undefined, locale: "fr" | "en") =>
  cents === undefined ? "" : `${cents < 0 ? "-" : ""}${amountInput(Math.abs(cents), locale)}`;

/** `/org/bankstatements/{id}/edit`: label, reference, period and balances (the balance check made again). */
export const StatementEditPage = () => {
  const { t } = useTranslation("payments");
  const id = useParams().id ?? "";
  const can = useCanStatements();
  const statement = useQuery({ ...statementQuery(id), enabled: can("statements", "update") });
  return (
    <ResourceFormPage
      title={t("statements.editTitle")}
      crumbs={[
        { to: statementsPath, label: t("statements.title") },
        ...(statement.data ? [{ to: statementPath(id), label: statement.data.label }] : []),
      ]}
      allowed={can("statements", "update")}
      record={statement}
    >
      {(s) => <EditForm key={s.id} s={s} />}
    </ResourceFormPage>
  );
};

/** The statement's fields as typed; a balance left empty is none, one unreadable is said so. */
const useStatementSchema = (s: StatementDetail) => {
  const { locale } = useFormat();
  return useFormSchema(
    ["payments", "validation"],
    (t, rules) => {
      const balance = (label: string, date: string | null) =>
        z.string().transform((text, context) => {
          if (!text.trim()) return null;
          const amount = signedCents(text, locale);
          if (amount !== null) return { amount, date };
          context.addIssue({ code: "custom", message: t("validation:amountInvalid", { label }) });
          return z.NEVER;
        });
      return z
        .object({
          label: rules.text(t("statements.label"), 200, { optional: true }),
          reference: rules.text(t("statements.reference"), 200, { optional: true }),
          from: z.string(),
          to: z.string(),
          opening: balance(t("statements.opening"), s.opening?.date ?? null),
          closing: balance(t("statements.closing"), s.closing?.date ?? null),
        })
        .transform(
          (edit): BankStatementEdit => ({
            ...edit,
            reference: edit.reference || null,
            from: edit.from || null,
            to: edit.to || null,
          }),
        );
    },
    [locale, s],
  );
};

const EditForm = ({ s }: { s: StatementDetail }) => {
  const { t } = useTranslation("payments");
  const { locale } = useFormat();
  const navigate = useNavigate();
  const edit = useEditStatement(s.id);
  const form = useSchemaForm(useStatementSchema(s), {
    label: s.label,
    reference: s.reference ?? "",
    from: s.from ?? "",
    to: s.to ?? "",
    opening: signedText(s.opening?.amount, locale),
    closing: signedText(s.closing?.amount, locale),
  });
  return (
    <MutationFormCard
      width="100%"
      onSubmit={form.onSubmit((body) =>
        edit.mutate(body, { onSuccess: () => void navigate(statementPath(s.id)) }),
      )}
      mutation={edit}
      errorTestId="statement-edit-error"
      cancel={statementPath(s.id)}
      submitLabel={t("statements.save")}
      submitTestId="statement-save"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("statements.label")}
          {...form.getInputProps("label")}
          data-testid="statement-label"
        />
        <TextInput label={t("statements.reference")} {...form.getInputProps("reference")} />
        <DateField label={t("statements.filters.from")} {...form.getInputProps("from")} clearable />
        <DateField label={t("statements.filters.to")} {...form.getInputProps("to")} clearable />
        <TextInput
          label={t("statements.opening")}
          {...form.getInputProps("opening")}
          inputMode="decimal"
          data-testid="statement-opening"
        />
        <TextInput
          label={t("statements.closing")}
          {...form.getInputProps("closing")}
          inputMode="decimal"
          data-testid="statement-closing"
        />
      </SimpleGrid>
    </MutationFormCard>
  );
};
