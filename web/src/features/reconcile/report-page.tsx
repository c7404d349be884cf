import { Anchor, Group, Paper, Select, Stack, Table, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { DateField } from "../../components/date-input.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { MutationButton } from "../../components/mutation-button.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { today } from "../../lib/day.ts";
import { formatCents } from "../../lib/money.ts";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { downloadFile } from "../accounting/access.ts";
import { banksPath, banksQuery } from "../payments/api.ts";
import { reconcilePath, reportPdfPath, reportQuery } from "./api.ts";

/** `/org/banks/reconciliation`: the état de rapprochement of a bank at a date, on screen and as a PDF. */
export const ReconciliationReportPage = () => {
  const { t } = useTranslation(["reconcile", "payments"]);
  const { locale, shortDate } = useFormat();
  const session = useSession();
  const allowed = can(session, "banks", "read");
  const [params, setParams] = useSearchParams();
  const banks = useQuery({ ...banksQuery(), enabled: allowed });
  const bankId = params.get("bankId") ?? banks.data?.items.find((b) => !b.closed)?.id ?? "";
  const date = params.get("date") ?? today();
  const report = useQuery({ ...reportQuery(bankId, date), enabled: allowed && bankId !== "" });
  const pdf = useMutation({
    mutationFn: () => downloadFile(reportPdfPath(bankId, date), `rapprochement-${date}.pdf`),
  });
  if (!allowed) return <NoAccess />;
  const money = (cents: number) => formatCents(cents, locale, { currency: true });
  const set = (patch: Record<string, string>) => setParams({ bankId, date, ...patch });
  return (
    <Stack gap="md">
      <PageHeader
        title={t("report.title")}
        description={t("report.description")}
        crumbs={[{ to: banksPath, label: t("payments:banks.title") }]}
        actions={
          bankId ? (
            // Fetched with the session's token and saved: a link opened in a tab would carry none.
            <MutationButton mutation={pdf} variant="default" data-testid="report-pdf">
              {t("report.pdf")}
            </MutationButton>
          ) : null
        }
      />
      {pdf.isError ? <ErrorAlert error={pdf.error} /> : null}
      <Group>
        <Select
          label={t("report.bank")}
          w={420}
          value={bankId}
          onChange={(v) => set({ bankId: v ?? "" })}
          data={(banks.data?.items ?? []).map((b) => ({ value: b.id, label: `${b.name} (${b.account})` }))}
          data-testid="report-bank"
        />
        <DateField label={t("report.date")} value={date} onChange={(v) => set({ date: v || today() })} />
      </Group>
      {!bankId ? <Text c="dimmed">{t("report.chooseBank")}</Text> : null}
      {bankId ? (
        <QueryView query={report}>
          {(r) => {
            const figure = (label: string, value: string, testId?: string) => (
              <Group justify="space-between">
                <Text fw={600}>{label}</Text>
                <Text fw={700} className="num" data-testid={testId}>
                  {value}
                </Text>
              </Group>
            );
            const list = (
              title: string,
              items: { key: string; date: string; ref: string; label: string; amount: number; to?: string }[],
              total: number,
            ) => (
              <Paper withBorder p="sm">
                <Text fw={600} mb="xs">
                  {title}
                </Text>
                {items.length === 0 ? (
                  <Text c="dimmed">{t("report.none")}</Text>
                ) : (
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t("report.colDate")}</Table.Th>
                        <Table.Th>{t("report.colRef")}</Table.Th>
                        <Table.Th>{t("report.colLabel")}</Table.Th>
                        <Table.Th ta="right">{t("report.colAmount")}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {items.map((i) => (
                        <Table.Tr key={i.key}>
                          <Table.Td>{shortDate(i.date)}</Table.Td>
                          <Table.Td>
                            {i.to ? (
                              <Anchor component={Link} to={i.to}>
                                {i.ref}
                              </Anchor>
                            ) : (
                              i.ref
                            )}
                          </Table.Td>
                          <Table.Td>{i.label}</Table.Td>
                          <Table.Td ta="right" className="num">
                            {money(i.amount)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                      <Table.Tr>
                        <Table.Td />
                        <Table.Td />
                        <Table.Td fw={600}>{t("report.total")}</Table.Td>
                        <Table.Td ta="right" fw={600} className="num">
                          {money(total)}
                        </Table.Td>
                      </Table.Tr>
                    </Table.Tbody>
                  </Table>
                )}
              </Paper>
            );
            return (
              <Stack gap="sm" data-testid="reconciliation-report">
                {figure(t("report.bookBalance"), money(r.bookBalance), "report-book")}
                {list(
                  t("report.unmatchedBook"),
                  r.unmatchedBook.map((m) => ({
                    key: `${m.mvt}/${m.line}`,
                    date: m.date,
                    ref: m.number,
                    label: m.label,
                    amount: m.amount,
                  })),
                  r.unmatchedBookTotal,
                )}
                {list(
                  t("report.unmatchedLines"),
                  r.unmatchedLines.map((l) => ({
                    key: `${l.statementId}/${l.no}`,
                    date: l.date,
                    ref: `#${l.no}`,
                    label: l.label,
                    amount: l.amount,
                    to: reconcilePath(l.statementId, l.no),
                  })),
                  r.unmatchedLinesTotal,
                )}
                {figure(t("report.explained"), money(r.explainedBankBalance))}
                {figure(
                  t("report.bankBalance"),
                  r.bankBalance === null ? t("report.noStatement") : money(r.bankBalance),
                  "report-bank-balance",
                )}
                {r.difference === null
                  ? null
                  : figure(t("report.difference"), money(r.difference), "report-difference")}
                <Paper withBorder p="sm">
                  <Text fw={600} mb="xs">
                    {t("report.statements")}
                  </Text>
                  <Table>
                    <Table.Tbody>
                      {r.statements.map((s) => (
                        <Table.Tr key={s.id}>
                          <Table.Td>
                            <Anchor component={Link} to={reconcilePath(s.id)}>
                              {s.label}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>
                            {s.from ? shortDate(s.from) : ""} – {s.to ? shortDate(s.to) : ""}
                          </Table.Td>
                          <Table.Td>
                            {t("report.progress")} {s.matchedCount}/{s.lineCount}
                          </Table.Td>
                          <Table.Td ta="right" className="num">
                            {s.closing === null ? "—" : money(s.closing)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Paper>
              </Stack>
            );
          }}
        </QueryView>
      ) : null}
    </Stack>
  );
};
