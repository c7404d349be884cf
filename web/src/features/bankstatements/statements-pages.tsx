import { Badge, Button, Group, Select, Stack, Text, Tooltip } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { useFormat } from "../../i18n/format.ts";
import { formatCents } from "../../lib/money.ts";
import { banksQuery } from "../payments/api.ts";
import { type Statement, statementPath, statementsQuery, useCanStatements } from "./api.ts";
import { ImportStatementDialog } from "./import-dialog.tsx";

/** A statement's period as the lists show it. */
export const usePeriod = () => {
  const { shortDate } = useFormat();
  return (s: Pick<Statement, "from" | "to">) =>
    s.from && s.to
      ? s.from === s.to
        ? shortDate(s.from)
        : `${shortDate(s.from)} – ${shortDate(s.to)}`
      : "—";
};

/** Reconciled or to reconcile, with the count of lines matched. */
export const ReconciledBadge = ({
  s,
}: {
  s: Pick<Statement, "reconciled" | "matchedCount" | "lineCount">;
}) => {
  const { t } = useTranslation("payments");
  return s.reconciled ? (
    <Badge color="teal" variant="light">
      {t("statements.reconciled")}
    </Badge>
  ) : (
    <Badge color="orange" variant="light">
      {`${t("statements.toReconcile")} · ${s.matchedCount}/${s.lineCount}`}
    </Badge>
  );
};

/** `/org/bankstatements`: every statement, newest period first; « Importer un relevé » (`?import=1` opens it). */
export const StatementsPage = () => {
  const { t } = useTranslation("payments");
  const { locale } = useFormat();
  const can = useCanStatements();
  const [params, setParams] = useSearchParams();
  const [bankId, setBankId] = useState("");
  const statements = useQuery({ ...statementsQuery(bankId), enabled: can("statements", "read") });
  const banks = useQuery(banksQuery());
  const period = usePeriod();
  const importing = params.get("import") === "1";
  const money = (c: number | null | undefined) =>
    c === null || c === undefined ? "—" : formatCents(c, locale, { currency: true });
  const columns: Column<Statement>[] = [
    {
      key: "period",
      header: t("statements.period"),
      width: 220,
      cell: (s) => (
        <Link to={statementPath(s.id)} className="registre-row-link" style={{ whiteSpace: "nowrap" }}>
          {period(s)}
        </Link>
      ),
    },
    {
      // The statement's label with its bank beneath: one column that has the room to read them both.
      key: "label",
      header: t("statements.label"),
      cell: (s) => (
        <Stack gap={0}>
          <Text size="sm">{s.label}</Text>
          <Text size="xs" c="dimmed">
            {s.bankName ?? s.account}
          </Text>
          {s.warnings.length > 0 ? (
            <Tooltip label={s.warnings.map((w) => w.message).join(" ")} multiline w={320}>
              <Badge color="orange" variant="outline" size="xs" data-testid="statement-gap">
                {t("statements.gapBadge")}
              </Badge>
            </Tooltip>
          ) : null}
        </Stack>
      ),
    },
    { key: "lines", header: t("statements.lines"), numeric: true, width: 80, cell: (s) => s.lineCount },
    {
      key: "opening",
      header: t("statements.opening"),
      numeric: true,
      width: 130,
      cell: (s) => money(s.opening?.amount),
    },
    {
      key: "closing",
      header: t("statements.closing"),
      numeric: true,
      width: 130,
      cell: (s) => money(s.closing?.amount),
    },
    {
      key: "state",
      header: t("statements.reconciledCount"),
      width: 190,
      cell: (s) => <ReconciledBadge s={s} />,
    },
  ];
  return (
    <PageFrame
      allowed={can("statements", "read")}
      title={t("statements.title")}
      description={t("statements.description")}
      actions={
        can("statements.files", "create") ? (
          <Button
            leftSection={<PlusIcon />}
            onClick={() => setParams({ import: "1" })}
            data-testid="statement-import"
          >
            {t("statements.import")}
          </Button>
        ) : null
      }
    >
      <Group>
        <Select
          aria-label={t("statements.bank")}
          value={bankId}
          onChange={(v) => setBankId(v ?? "")}
          data={[
            { value: "", label: t("statements.allBanks") },
            ...(banks.data?.items ?? []).map((b) => ({ value: b.id, label: b.name })),
          ]}
          w={260}
        />
      </Group>
      <QueryTable
        query={statements}
        columns={columns}
        rowKey={(s) => s.id}
        rowLink={(s) => statementPath(s.id)}
        empty={t("statements.empty")}
        caption={t("statements.title")}
        testId="statements-table"
      />
      <ImportStatementDialog
        opened={importing}
        onClose={() => setParams({})}
        {...(bankId ? { bankId } : {})}
      />
    </PageFrame>
  );
};
