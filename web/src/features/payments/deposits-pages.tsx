import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import { DateField } from "../../components/date-input.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { today } from "../../lib/day.ts";
import { formatCents } from "../../lib/money.ts";
import { downloadFile } from "../accounting/access.ts";
import {
  banksQuery,
  type Deposit,
  depositInitQuery,
  depositPath,
  depositQuery,
  depositsPath,
  depositsQuery,
  type Payment,
  useCanPay,
  useRecordDeposit,
} from "./api.ts";

/** `/org/accounting/deposits`: the deposits, newest first. */
export const DepositsPage = () => {
  const { t } = useTranslation("payments");
  const { locale, shortDate } = useFormat();
  const can = useCanPay();
  const deposits = useQuery({ ...depositsQuery(), enabled: can("banks", "read") });
  const bankName = useBankName();
  const columns: Column<Deposit>[] = [
    {
      key: "number",
      header: t("deposits.number"),
      width: 160,
      cell: (d) => (
        <Link to={depositPath(d.id)} className="registre-row-link">
          {d.number}
        </Link>
      ),
    },
    { key: "date", header: t("deposits.date"), width: 120, cell: (d) => shortDate(d.date) },
    { key: "bank", header: t("deposits.bank"), cell: (d) => bankName(d) },
    { key: "count", header: t("deposits.count"), numeric: true, width: 100, cell: (d) => d.count },
    {
      key: "total",
      header: t("deposits.total"),
      numeric: true,
      width: 150,
      cell: (d) => formatCents(d.total, locale, { currency: true }),
    },
  ];
  return (
    <PageFrame
      allowed={can("banks", "read")}
      title={t("deposits.title")}
      description={t("deposits.description")}
      create={
        can("banks", "create") && {
          to: `${depositsPath}/create`,
          label: t("deposits.new"),
          testId: "deposit-new",
        }
      }
    >
      <QueryTable
        query={deposits}
        columns={columns}
        rowKey={(d) => d.id}
        rowLink={(d) => depositPath(d.id)}
        empty={t("deposits.empty")}
        caption={t("deposits.title")}
        testId="deposits-table"
      />
    </PageFrame>
  );
};

/** The value of the bank choice for payments waiting for the default account (512000, no bank). */
const DEFAULT_BANK = "default";

/**
 * The banks a deposit may go to, by name: the open banks, and the default account when payments wait
 * for it (a payment mode without a bank) or no bank exists.
 */
const useBankChoices = (waiting: readonly Payment[]) => {
  const { t } = useTranslation("payments");
  const can = useCanPay();
  const banks = useQuery({ ...banksQuery(), enabled: can("banks", "read") });
  const open = (banks.data?.items ?? []).filter((b) => !b.closed);
  const defaultWaiting = waiting.find((p) => p.bankId === null);
  return {
    ready: banks.isSuccess,
    choices: [
      ...open.map((b) => ({ value: b.id, label: b.name })),
      ...(defaultWaiting || (banks.isSuccess && open.length === 0)
        ? [
            {
              value: DEFAULT_BANK,
              label: t("deposits.defaultBank", { account: defaultWaiting?.bankAccount ?? "512000" }),
            },
          ]
        : []),
    ],
  };
};

/**
 * `/org/accounting/deposits/create`: the bank first — chosen, never implied (preselected when it is the
 * only one) —, then the payments waiting in 5112 / 530 for it, a selection, a date.
 */
export const DepositCreatePage = () => {
  const { t } = useTranslation(["payments", "common"]);
  const { locale, shortDate } = useFormat();
  const navigate = useNavigate();
  const can = useCanPay();
  const [picked, setPicked] = useState<string | null>(null);
  const [date, setDate] = useState(today());
  const [chosen, setChosen] = useState<string[]>([]);
  const waiting = useQuery({ ...depositInitQuery(""), enabled: can("banks", "read") });
  const { ready, choices } = useBankChoices(waiting.data?.items ?? []);
  const record = useRecordDeposit();
  const only = choices.length === 1 ? (choices[0]?.value ?? null) : null;
  const bank = choices.some((c) => c.value === picked) ? picked : only;
  const money = (c: number) => formatCents(c, locale, { currency: true });
  const items = (waiting.data?.items ?? []).filter((p) => (p.bankId ?? DEFAULT_BANK) === bank);
  const selectedTotal = items.filter((p) => chosen.includes(p.id)).reduce((s, p) => s + p.amount, 0);
  return (
    <PageFrame
      allowed={can("banks", "create")}
      title={t("deposits.new")}
      crumbs={[{ to: depositsPath, label: t("deposits.title") }]}
    >
      <Paper withBorder p="lg">
        <Stack>
          {record.isError ? <ErrorAlert error={record.error} testId="deposit-error" /> : null}
          {/* Side by side on a desktop; on a phone the bank's name whole, above the date. */}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t("deposits.bank")}
              placeholder={t("deposits.chooseBank")}
              description={t("deposits.bankHint")}
              data={choices}
              value={bank}
              onChange={(value) => {
                setPicked(value);
                setChosen([]);
              }}
              allowDeselect={false}
              withAsterisk
              disabled={!ready}
              data-testid="deposit-bank"
            />
            <DateField label={t("deposits.date")} value={date} onChange={setDate} withAsterisk />
          </SimpleGrid>
          <Text fw={600}>{t("deposits.waiting")}</Text>
          {bank === null ? (
            <Text c="dimmed" data-testid="deposit-no-bank">
              {t("deposits.bankFirst")}
            </Text>
          ) : items.length === 0 ? (
            <Text c="dimmed">{t("deposits.noneWaiting")}</Text>
          ) : (
            <Table data-testid="deposit-waiting">
              <Table.Tbody>
                {items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td w={40}>
                      <Checkbox
                        checked={chosen.includes(p.id)}
                        onChange={(e) =>
                          setChosen(
                            e.currentTarget.checked ? [...chosen, p.id] : chosen.filter((c) => c !== p.id),
                          )
                        }
                        aria-label={`${p.reference ?? ""} ${p.drawer ?? p.contactName}`}
                        data-testid="deposit-pick"
                      />
                    </Table.Td>
                    <Table.Td>{shortDate(p.date)}</Table.Td>
                    <Table.Td>{p.modeLabel}</Table.Td>
                    <Table.Td>{p.reference ?? "—"}</Table.Td>
                    <Table.Td>{p.drawer ?? p.contactName}</Table.Td>
                    <Table.Td>{p.drawerBank ?? ""}</Table.Td>
                    <Table.Td ta="right">{money(p.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="space-between">
            <Text data-testid="deposit-selected">
              {t("deposits.selected", { count: chosen.length, amount: money(selectedTotal) })}
            </Text>
            <Button
              disabled={bank === null || chosen.length === 0}
              loading={record.isPending}
              onClick={() =>
                record.mutate(
                  { date, paymentIds: chosen, bankId: bank === DEFAULT_BANK ? null : bank },
                  { onSuccess: (d) => void navigate(depositPath(d.id)) },
                )
              }
              data-testid="deposit-save"
            >
              {t("deposits.create")}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </PageFrame>
  );
};

/** A deposit's bank by its name; the account and journal when it went to the default account. */
const useBankName = () => {
  const can = useCanPay();
  const banks = useQuery({ ...banksQuery(), enabled: can("banks", "read") });
  const names = new Map((banks.data?.items ?? []).map((b) => [b.id, b.name]));
  return (d: Pick<Deposit, "bankId" | "bankAccount" | "journal">) =>
    (d.bankId ? names.get(d.bankId) : undefined) ?? `${d.bankAccount} · ${d.journal}`;
};

/** `/org/accounting/deposits/{mvt}` (a deposit's id or its entry's): its cheques, its entry, its slip. */
export const DepositDetailPage = () => {
  const { t } = useTranslation("payments");
  const { locale, shortDate } = useFormat();
  const id = useParams().mvt ?? "";
  const deposit = useQuery(depositQuery(id));
  const bankName = useBankName();
  const pdf = useMutation({
    mutationFn: (d: Deposit) =>
      downloadFile(`/accounting/deposits/${d.id}/pdf?lang=${locale}`, `${d.number}.pdf`),
  });
  const money = (c: number) => formatCents(c, locale, { currency: true });
  return (
    <QueryView query={deposit}>
      {(d) => (
        <Stack gap="md">
          <PageHeader
            title={t("deposits.one", { number: d.number })}
            crumbs={[{ to: depositsPath, label: t("deposits.title") }]}
            actions={
              <Group gap="xs">
                <Button component={Link} to={`/org/accounting/entries/${d.entryMvt}`} variant="default">
                  {t("deposits.entry")}
                </Button>
                <Button onClick={() => pdf.mutate(d)} loading={pdf.isPending} data-testid="deposit-pdf">
                  {t("deposits.pdf")}
                </Button>
              </Group>
            }
          />
          {pdf.isError ? <ErrorAlert error={pdf.error} /> : null}
          <Text>
            {shortDate(d.date)} · {bankName(d)}
          </Text>
          <Table data-testid="deposit-lines">
            <Table.Tbody>
              {d.payments.map((p) => (
                <Table.Tr key={p.paymentId}>
                  <Table.Td>{p.drawer ?? p.contactName}</Table.Td>
                  <Table.Td>{p.drawerBank ?? ""}</Table.Td>
                  <Table.Td>{p.reference ?? ""}</Table.Td>
                  <Table.Td ta="right">{money(p.amount)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td fw={700}>{`${t("deposits.count")} ${d.count}`}</Table.Td>
                <Table.Td />
                <Table.Td fw={700}>{t("deposits.total")}</Table.Td>
                <Table.Td ta="right" fw={700} data-testid="deposit-total">
                  {money(d.total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </QueryView>
  );
};
