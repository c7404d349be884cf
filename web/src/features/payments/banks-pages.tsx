import { Badge, Button, Checkbox, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AmountInput } from "../../components/amount-input.tsx";
import { MutationModal } from "../../components/confirm-modal.tsx";
import type { Column } from "../../components/data-table.tsx";
import { DateField } from "../../components/date-input.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { ResourceFormPage, useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { QueryTable } from "../../components/query-table.tsx";
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
    <PageFrame
      allowed={can("banks", "read")}
      title={t("banks.title")}
      description={t("banks.description")}
      create={
        can("banks", "create") && { to: `${banksPath}/create`, label: t("banks.new"), testId: "bank-new" }
      }
    >
      {close.isError ? <ErrorAlert error={close.error} /> : null}
      <QueryTable
        query={banks}
        columns={columns}
        rowKey={(b) => b.id}
        empty={t("banks.empty")}
        caption={t("banks.title")}
        testId="banks-table"
      />
    </PageFrame>
  );
};

const useBankSchema = () =>
  useFormSchema("payments", (t, rules) =>
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
  );

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
      <MutationFormCard
        testId="bank-form"
        onSubmit={form.onSubmit((bank) => create.mutate(bank, { onSuccess: () => void navigate(banksPath) }))}
        mutation={create}
        errorTestId="bank-error"
        cancel={banksPath}
        submitLabel={t("banks.create")}
        submitTestId="bank-save"
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
      </MutationFormCard>
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

/** The payment modes and the banks they may go to, each read by whoever may. */
const useModesAndBanks = () => {
  const can = useCanPay();
  return {
    modes: useQuery({ ...modesQuery(), enabled: can("paymentmodes", "read") }),
    banks: useQuery({ ...banksQuery(), enabled: can("banks", "read") }),
  };
};

/**
 * `/org/paymentsmodes`: the modes, their bank, journal, the accounts money received goes to and money paid
 * out leaves, and whether they go through a deposit (money received only, the hint says).
 */
export const PaymentModesPage = () => {
  const { t } = useTranslation("payments");
  const can = useCanPay();
  const { modes, banks } = useModesAndBanks();
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
    <PageFrame
      allowed={can("paymentmodes", "read")}
      title={t("modes.title")}
      description={t("modes.description")}
      actions={
        can("paymentmodes", "update") ? (
          <Button component={Link} to={`${modesPath}/edit`} data-testid="modes-edit">
            {t("modes.edit")}
          </Button>
        ) : null
      }
    >
      <DepositHint />
      <QueryTable
        query={modes}
        columns={columns}
        rowKey={(m) => m.id}
        empty="—"
        caption={t("modes.title")}
        testId="modes-table"
      />
    </PageFrame>
  );
};

/** A mode's fields as typed; the label is what documents print, so it is required. */
const useModeSchema = () =>
  useFormSchema("payments", (t, rules) =>
    z
      .object({
        label: rules.text(t("modes.label"), 200),
        kind: z.string(),
        bankId: z.string(),
        deposit: z.boolean(),
      })
      .transform((mode) => ({ ...mode, bankId: mode.bankId || null })),
  );

/** One mode changed in its own small form (a new one below the others), deleted once confirmed. */
const ModeForm = ({
  mode,
  banks,
  onDelete,
}: {
  mode: PaymentMode | null;
  banks: readonly Bank[];
  /** Given to whoever may delete a mode. */
  onDelete?: (mode: PaymentMode) => void;
}) => {
  const { t } = useTranslation("payments");
  const save = useSaveMode();
  const form = useSchemaForm(useModeSchema(), {
    label: mode?.label ?? "",
    kind: mode?.kind ?? "other",
    bankId: mode?.bankId ?? "",
    deposit: mode?.deposit ?? false,
  });
  return (
    <MutationFormCard
      testId="mode-row"
      width="100%"
      onSubmit={form.onSubmit((input) => save.mutate({ id: mode?.id ?? null, ...input }))}
      mutation={save}
      submitLabel={t("modes.save")}
      submitTestId="mode-save"
      more={
        mode && onDelete ? (
          <Button variant="subtle" color="red" onClick={() => onDelete(mode)}>
            {t("modes.delete")}
          </Button>
        ) : null
      }
    >
      <Group align="flex-start" grow>
        <TextInput label={t("modes.label")} {...form.getInputProps("label")} withAsterisk />
        <Select
          label={t("modes.kind")}
          data={kinds.map((k) => ({ value: k, label: t(`modes.kinds.${k}`) }))}
          {...form.getInputProps("kind")}
          allowDeselect={false}
        />
        <Select
          label={t("modes.bank")}
          data={[
            { value: "", label: t("modes.defaultBank") },
            ...banks.filter((b) => !b.closed).map((b) => ({ value: b.id, label: b.name })),
          ]}
          {...form.getInputProps("bankId")}
          allowDeselect={false}
        />
      </Group>
      <Checkbox label={t("modes.deposit")} {...form.getInputProps("deposit", { type: "checkbox" })} />
    </MutationFormCard>
  );
};

/** `/org/paymentsmodes/edit`: each mode changed in its form; a new one added below. */
export const PaymentModesEditPage = () => {
  const { t } = useTranslation("payments");
  const can = useCanPay();
  const { modes, banks } = useModesAndBanks();
  const remove = useDeleteMode();
  const [removing, setRemoving] = useState<PaymentMode | null>(null);
  const onDelete = can("paymentmodes", "delete") ? setRemoving : undefined;
  return (
    <PageFrame
      allowed={can("paymentmodes", "update")}
      title={t("modes.edit")}
      crumbs={[{ to: modesPath, label: t("modes.title") }]}
    >
      <DepositHint />
      <QueryView query={modes}>
        {(data) => (
          <Stack gap="sm">
            {data.items.map((m) => (
              <ModeForm
                key={`${m.id}-${m.kind}-${m.label}-${m.bankId}-${m.deposit}`}
                mode={m}
                banks={banks.data?.items ?? []}
                onDelete={onDelete}
              />
            ))}
            <ModeForm
              key={`new-${data.items.length}`}
              mode={null}
              banks={banks.data?.items ?? []}
              onDelete={onDelete}
            />
          </Stack>
        )}
      </QueryView>
      <MutationModal
        subject={removing}
        mutation={remove}
        variables={(mode) => mode.id}
        onClose={() => setRemoving(null)}
        title={t("modes.deleteTitle")}
        confirmLabel={t("modes.delete")}
        testId="mode-delete"
      >
        {(mode) => <Text size="sm">{t("modes.deleteText", { label: mode.label })}</Text>}
      </MutationModal>
    </PageFrame>
  );
};
