import { Badge, Button, Checkbox, Group, Paper, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AmountInput } from "../../components/amount-input.tsx";
import { type Column, DataTable } from "../../components/data-table.tsx";
import { DateField } from "../../components/date-input.tsx";
import { NewButton } from "../../components/detail-actions.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { FormActions, FormCard, ResourceFormPage, useRules, useSchemaForm } from "../../components/form.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { Schemas } from "../../lib/api-client.ts";
import { formatCents } from "../../lib/money.ts";
import { z } from "../../lib/zod.ts";
import {
  type Bank,
  banksPath,
  banksQuery,
  modesPath,
  modesQuery,
  type PaymentMode,
  useCanPay,
  useCloseBank,
  useCreateBank,
  useDeleteMode,
  useSaveMode,
} from "./api.ts";

type BankInput = Schemas["BankInput"];

/** `/org/banks`: the bank accounts, closed ones kept. */
export const BanksPage = () => {
  const { t } = useTranslation("payments");
  const { locale, shortDate } = useFormat();
  const can = useCanPay();
  const banks = useQuery({ ...banksQuery(), enabled: can("banks", "read") });
  const close = useCloseBank();
  if (!can("banks", "read")) return <NoAccess />;
  const columns: Column<Bank>[] = [
    { key: "name", header: t("banks.name"), cell: (b) => b.name },
    {
      key: "iban",
      header: t("banks.iban"),
      // As printed on a RIB, in groups of four (it wraps between them when the column is narrow).
      cell: (b) => (b.iban ? b.iban.replace(/(.{4})(?=.)/g, "$1 ") : "—"),
    },
    { key: "account", header: t("banks.account"), width: 100, cell: (b) => b.account },
    { key: "journal", header: t("banks.journal"), width: 90, cell: (b) => b.journal },
    {
      key: "opening",
      header: t("banks.opening"),
      numeric: true,
      width: 180,
      cell: (b) =>
        `${formatCents(b.openingBalance, locale, { currency: true })}${b.openingDate ? ` · ${shortDate(b.openingDate)}` : ""}`,
    },
    {
      key: "status",
      header: t("banks.status"),
      width: 200,
      cell: (b) => (
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" color={b.closed ? "gray" : "teal"} tt="none">
            {b.closed ? t("banks.closed") : t("banks.open")}
          </Badge>
          {can("banks", "update") ? (
            <Button
              size="compact-xs"
              variant="subtle"
              loading={close.isPending && close.variables?.id === b.id}
              onClick={() => close.mutate({ id: b.id, closed: !b.closed })}
              data-testid="bank-close"
            >
              {b.closed ? t("banks.reopen") : t("banks.close")}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader
        title={t("banks.title")}
        description={t("banks.description")}
        actions={
          can("banks", "create") ? (
            <NewButton to={`${banksPath}/create`} label={t("banks.new")} testId="bank-new" />
          ) : null
        }
      />
      {close.isError ? <ErrorAlert error={close.error} /> : null}
      <QueryView query={banks}>
        {(data) => (
          <DataTable
            rows={data.items}
            columns={columns}
            rowKey={(b) => b.id}
            empty={t("banks.empty")}
            caption={t("banks.title")}
            testId="banks-table"
            dimmed={false}
          />
        )}
      </QueryView>
    </Stack>
  );
};

const useBankSchema = () => {
  const { t } = useTranslation("payments");
  const rules = useRules();
  return useMemo(
    () =>
      z
        .object({
          name: rules.text(t("banks.name"), 200),
          iban: rules.text(t("banks.iban"), 60, { optional: true }),
          bic: rules.text(t("banks.bic"), 20, { optional: true }),
          openingBalance: rules.cents(t("banks.opening"), { optional: true }),
          openingDate: z.string(),
        })
        .transform(
          (bank): BankInput => ({
            name: bank.name,
            iban: bank.iban || null,
            bic: bank.bic || null,
            openingBalance: bank.openingBalance,
            openingDate: bank.openingDate || null,
          }),
        ),
    [t, rules],
  );
};

/** `/org/banks/create`: a bank account, its 512 account and journal created with it. */
export const BankCreatePage = () => {
  const { t } = useTranslation("payments");
  const navigate = useNavigate();
  const can = useCanPay();
  const create = useCreateBank();
  const form = useSchemaForm(useBankSchema(), {
    name: "",
    iban: "",
    bic: "",
    openingBalance: "",
    openingDate: "",
  });
  return (
    <ResourceFormPage
      title={t("banks.new")}
      crumbs={[{ to: banksPath, label: t("banks.title") }]}
      allowed={can("banks", "create")}
    >
      <FormCard
        testId="bank-form"
        onSubmit={form.onSubmit((bank) => create.mutate(bank, { onSuccess: () => void navigate(banksPath) }))}
        error={create.isError ? create.error : null}
        errorTestId="bank-error"
        actions={
          <FormActions
            cancel={banksPath}
            submitLabel={t("banks.create")}
            pending={create.isPending}
            submitTestId="bank-save"
          />
        }
      >
        <TextInput
          label={t("banks.name")}
          {...form.getInputProps("name")}
          withAsterisk
          data-testid="bank-name"
        />
        <TextInput label={t("banks.iban")} {...form.getInputProps("iban")} data-testid="bank-iban" />
        <TextInput label={t("banks.bic")} {...form.getInputProps("bic")} data-testid="bank-bic" />
        <Group grow align="flex-start">
          <AmountInput label={t("banks.opening")} {...form.getInputProps("openingBalance")} currency />
          <DateField label={t("banks.openingDate")} {...form.getInputProps("openingDate")} clearable />
        </Group>
      </FormCard>
    </ResourceFormPage>
  );
};

const kinds = ["transfer", "cheque", "card", "directDebit", "cash", "other"] as const;

/** A deposit is for money received only: a cheque issued leaves the bank on its date, cash paid out the till. */
const DepositHint = () => {
  const { t } = useTranslation("payments");
  return (
    <Text size="sm" c="dimmed" data-testid="modes-deposit-hint">
      {t("modes.depositHint")}
    </Text>
  );
};

/**
 * `/org/paymentsmodes`: the modes, their bank, journal, the accounts money received goes to and money paid
 * out leaves, and whether they go through a deposit (money received only, the hint says).
 */
export const PaymentModesPage = () => {
  const { t } = useTranslation("payments");
  const can = useCanPay();
  const modes = useQuery({ ...modesQuery(), enabled: can("paymentmodes", "read") });
  const banks = useQuery({ ...banksQuery(), enabled: can("banks", "read") });
  if (!can("paymentmodes", "read")) return <NoAccess />;
  const bankName = (id: string | null) =>
    banks.data?.items.find((b) => b.id === id)?.name ?? t("modes.defaultBank");
  const columns: Column<PaymentMode>[] = [
    { key: "label", header: t("modes.label"), cell: (m) => m.label },
    { key: "kind", header: t("modes.kind"), width: 150, cell: (m) => t(`modes.kinds.${m.kind}`) },
    { key: "bank", header: t("modes.bank"), cell: (m) => bankName(m.bankId) },
    {
      key: "deposit",
      header: t("modes.deposit"),
      width: 150,
      align: "center",
      cell: (m) => (m.deposit ? "✓" : "—"),
    },
    { key: "journal", header: t("modes.journal"), width: 90, cell: (m) => m.journal },
    { key: "account", header: t("modes.account"), width: 130, cell: (m) => m.account },
    { key: "paidOutAccount", header: t("modes.paidOutAccount"), width: 130, cell: (m) => m.paidOutAccount },
  ];
  return (
    <Stack gap="md">
      <PageHeader
        title={t("modes.title")}
        description={t("modes.description")}
        actions={
          can("paymentmodes", "update") ? (
            <Button component={Link} to={`${modesPath}/edit`} data-testid="modes-edit">
              {t("modes.edit")}
            </Button>
          ) : null
        }
      />
      <DepositHint />
      <QueryView query={modes}>
        {(data) => (
          <DataTable
            rows={data.items}
            columns={columns}
            rowKey={(m) => m.id}
            empty="—"
            caption={t("modes.title")}
            testId="modes-table"
          />
        )}
      </QueryView>
    </Stack>
  );
};

type ModeDraft = { id: string | null; kind: string; label: string; bankId: string | null; deposit: boolean };

const ModeRow = ({ mode, banks }: { mode: ModeDraft; banks: readonly Bank[] }) => {
  const { t } = useTranslation("payments");
  const [draft, setDraft] = useState(mode);
  const save = useSaveMode();
  const remove = useDeleteMode();
  return (
    <Table.Tr data-testid="mode-row">
      <Table.Td>
        <TextInput
          value={draft.label}
          onChange={(e) => setDraft({ ...draft, label: e.currentTarget.value })}
          aria-label={t("modes.label")}
        />
        {save.isError ? <ErrorAlert error={save.error} /> : null}
      </Table.Td>
      <Table.Td>
        <Select
          data={kinds.map((k) => ({ value: k, label: t(`modes.kinds.${k}`) }))}
          value={draft.kind}
          onChange={(kind) => setDraft({ ...draft, kind: kind ?? "other" })}
          aria-label={t("modes.kind")}
        />
      </Table.Td>
      <Table.Td>
        <Select
          data={[
            { value: "", label: t("modes.defaultBank") },
            ...banks.filter((b) => !b.closed).map((b) => ({ value: b.id, label: b.name })),
          ]}
          value={draft.bankId ?? ""}
          onChange={(bankId) => setDraft({ ...draft, bankId: bankId || null })}
          aria-label={t("modes.bank")}
        />
      </Table.Td>
      <Table.Td>
        <Checkbox
          checked={draft.deposit}
          onChange={(e) => setDraft({ ...draft, deposit: e.currentTarget.checked })}
          aria-label={t("modes.deposit")}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            loading={save.isPending}
            onClick={() => save.mutate(draft)}
            data-testid="mode-save"
          >
            {t("modes.save")}
          </Button>
          {draft.id ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(draft.id ?? "")}
            >
              {t("modes.delete")}
            </Button>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
};

/** `/org/paymentsmodes/edit`: each mode changed on its line; a new one added below. */
export const PaymentModesEditPage = () => {
  const { t } = useTranslation("payments");
  const can = useCanPay();
  const modes = useQuery({ ...modesQuery(), enabled: can("paymentmodes", "read") });
  const banks = useQuery({ ...banksQuery(), enabled: can("banks", "read") });
  if (!can("paymentmodes", "update")) return <NoAccess />;
  return (
    <Stack gap="md">
      <PageHeader title={t("modes.edit")} crumbs={[{ to: modesPath, label: t("modes.title") }]} />
      <DepositHint />
      <QueryView query={modes}>
        {(data) => (
          <Paper withBorder>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("modes.label")}</Table.Th>
                  <Table.Th>{t("modes.kind")}</Table.Th>
                  <Table.Th>{t("modes.bank")}</Table.Th>
                  <Table.Th>{t("modes.deposit")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((m) => (
                  <ModeRow
                    key={`${m.id}-${m.label}-${m.bankId}-${m.deposit}`}
                    mode={m}
                    banks={banks.data?.items ?? []}
                  />
                ))}
                <ModeRow
                  key={`new-${data.items.length}`}
                  mode={{ id: null, kind: "other", label: "", bankId: null, deposit: false }}
                  banks={banks.data?.items ?? []}
                />
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </QueryView>
    </Stack>
  );
};
