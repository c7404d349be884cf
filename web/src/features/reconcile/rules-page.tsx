import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  TextInput,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AmountInput } from "../../components/amount-input.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { amountInput, formatCents, parseAmount } from "../../lib/money.ts";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { ChartAccountField } from "../accounting/account-select.tsx";
import { banksPath } from "../payments/api.ts";
import {
  type BankRule,
  type BankRuleInput,
  reportPath,
  rulesQuery,
  useDeleteRule,
  useOrderRules,
  useRuleAutomatic,
  useSaveRule,
} from "./api.ts";
import { bookingRateOf, useBookingRates } from "./vat-rate.ts";

type Draft = {
  id: string | null;
  name: string;
  words: string;
  min: string;
  max: string;
  direction: "any" | "credit" | "debit";
  account: string;
  journal: string;
  vatRate: string;
  contactId: string;
  label: string;
  automatic: boolean;
};
const empty: Draft = {
  id: null,
  name: "",
  words: "",
  min: "",
  max: "",
  direction: "any",
  account: "",
  journal: "",
  vatRate: "",
  contactId: "",
  label: "",
  automatic: false,
};

/** The form of one rule: conditions (label words, amount range, direction) and booking. */
const RuleForm = ({ initial, onDone }: { initial: Draft; onDone: () => void }) => {
  const { t } = useTranslation(["reconcile", "common"]);
  const { locale } = useFormat();
  const save = useSaveRule();
  const rates = useBookingRates();
  const [d, setD] = useState(initial);
  const set = (patch: Partial<Draft>) => setD((current) => ({ ...current, ...patch }));
  const cents = (text: string) => {
    const parsed = text.trim() ? parseAmount(text, locale) : null;
    return parsed?.ok ? Math.abs(parsed.cents) : undefined;
  };
  const submit = () => {
    const words = d.words
      .split(",")
      .map((w) => w.trim())
      .filter(Boolean);
    const vatRate = bookingRateOf(d.vatRate);
    const body: BankRuleInput & { id: string | null } = {
      id: d.id,
      name: d.name,
      automatic: d.automatic,
      enabled: true,
      when: {
        ...(words.length > 0 ? { labelContains: words } : {}),
        ...(cents(d.min) !== undefined ? { amountMin: cents(d.min) } : {}),
        ...(cents(d.max) !== undefined ? { amountMax: cents(d.max) } : {}),
        ...(d.direction !== "any" ? { direction: d.direction } : {}),
      },
      booking: {
        account: d.account.trim(),
        ...(d.journal.trim() ? { journal: d.journal.trim().toUpperCase() } : {}),
        ...(vatRate ? { vatRate } : {}),
        ...(d.contactId.trim() ? { contactId: d.contactId.trim() } : {}),
        ...(d.label.trim() ? { label: d.label.trim() } : {}),
      },
    };
    save.mutate(body, { onSuccess: onDone });
  };
  return (
    <Paper withBorder p="lg" data-testid="rule-form">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          {save.isError ? <ErrorAlert error={save.error} testId="rule-error" /> : null}
          <TextInput
            label={t("rules.name")}
            value={d.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            withAsterisk
            data-testid="rule-name"
          />
          <Group grow align="flex-start">
            <Stack gap="xs">
              <strong>{t("rules.conditions")}</strong>
              <TextInput
                label={t("rules.labelContains")}
                value={d.words}
                onChange={(e) => set({ words: e.currentTarget.value })}
                data-testid="rule-words"
              />
              <Group grow>
                <AmountInput
                  label={t("rules.amountMin")}
                  value={d.min}
                  onChange={(v) => set({ min: v })}
                  currency
                />
                <AmountInput
                  label={t("rules.amountMax")}
                  value={d.max}
                  onChange={(v) => set({ max: v })}
                  currency
                />
              </Group>
              <SegmentedControl
                value={d.direction}
                onChange={(v) => set({ direction: v as Draft["direction"] })}
                data={[
                  { value: "any", label: t("rules.any") },
                  { value: "credit", label: t("rules.credit") },
                  { value: "debit", label: t("rules.debit") },
                ]}
              />
            </Stack>
            <Stack gap="xs">
              <strong>{t("rules.booking")}</strong>
              <ChartAccountField
                label={t("rules.account")}
                value={d.account}
                onChange={(account) => set({ account })}
                withAsterisk
                testId="rule-account"
              />
              <Group grow>
                <TextInput
                  label={t("rules.journal")}
                  value={d.journal}
                  onChange={(e) => set({ journal: e.currentTarget.value })}
                />
                <Select
                  label={t("rules.vatRate")}
                  value={d.vatRate}
                  onChange={(v) => set({ vatRate: v ?? "" })}
                  data={rates.options}
                  allowDeselect={false}
                  data-testid="rule-vat-rate"
                />
              </Group>
              <TextInput
                label={t("rules.contact")}
                value={d.contactId}
                onChange={(e) => set({ contactId: e.currentTarget.value })}
              />
              <TextInput
                label={t("rules.label")}
                value={d.label}
                onChange={(e) => set({ label: e.currentTarget.value })}
              />
            </Stack>
          </Group>
          <Group justify="space-between">
            <Switch
              label={t("rules.automatic")}
              checked={d.automatic}
              onChange={(e) => set({ automatic: e.currentTarget.checked })}
            />
            <Group>
              <Button variant="default" onClick={onDone}>
                {t("common:actions.cancel")}
              </Button>
              <Button
                type="submit"
                loading={save.isPending}
                disabled={!d.name.trim() || !d.account.trim()}
                data-testid="rule-save"
              >
                {t("rules.save")}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

const draftOf = (r: BankRule, locale: Parameters<typeof amountInput>[1]): Draft => ({
  id: r.id,
  name: r.name,
  words: (r.when.labelContains ?? []).join(", "),
  min: r.when.amountMin === undefined ? "" : amountInput(r.when.amountMin, locale),
  max: r.when.amountMax === undefined ? "" : amountInput(r.when.amountMax, locale),
  direction: r.when.direction ?? "any",
  account: r.booking.account,
  journal: r.booking.journal ?? "",
  vatRate: r.booking.vatRate ?? "",
  contactId: r.booking.contactId ?? "",
  label: r.booking.label ?? "",
  automatic: r.automatic,
});

/** `/org/banks/rules`: the organisation's bank rules in the order they are tried. */
export const BankRulesPage = () => {
  const { t } = useTranslation(["reconcile", "payments"]);
  const { locale } = useFormat();
  const session = useSession();
  const allowed = can(session, "statements.reconcile", "read");
  const rules = useQuery({ ...rulesQuery(), enabled: allowed });
  const automatic = useRuleAutomatic();
  const order = useOrderRules();
  const remove = useDeleteRule();
  const rates = useBookingRates();
  const [editing, setEditing] = useState<Draft | null>(null);
  if (!allowed) return <NoAccess />;
  const condition = (r: BankRule) =>
    [
      ...(r.when.labelContains ?? []).map((w) => t("rules.quoted", { word: w })),
      r.when.amountMin !== undefined
        ? `≥ ${formatCents(r.when.amountMin, locale, { currency: true })}`
        : null,
      r.when.amountMax !== undefined
        ? `≤ ${formatCents(r.when.amountMax, locale, { currency: true })}`
        : null,
      r.when.direction ? t(`rules.${r.when.direction}`) : null,
    ]
      .filter(Boolean)
      .join(" · ");
  return (
    <Stack gap="md">
      <PageHeader
        title={t("rules.title")}
        description={t("rules.description")}
        crumbs={[{ to: banksPath, label: t("payments:banks.title") }]}
        actions={
          <Group>
            <Button variant="default" component={Link} to={reportPath}>
              {t("reconcile.report")}
            </Button>
            <Button leftSection={<PlusIcon />} onClick={() => setEditing(empty)} data-testid="rule-new">
              {t("rules.new")}
            </Button>
          </Group>
        }
      />
      {editing ? (
        <RuleForm key={editing.id ?? "new"} initial={editing} onDone={() => setEditing(null)} />
      ) : null}
      {[automatic, order, remove].map((m, i) =>
        m.isError ? <ErrorAlert key={String(i)} error={m.error} /> : null,
      )}
      <QueryView query={rules}>
        {(data) =>
          data.items.length === 0 ? (
            <Paper withBorder p="md">
              {t("rules.empty")}
            </Paper>
          ) : (
            <Table striped data-testid="rules-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("rules.order")}</Table.Th>
                  <Table.Th>{t("rules.name")}</Table.Th>
                  <Table.Th>{t("rules.when")}</Table.Th>
                  <Table.Th>{t("rules.then")}</Table.Th>
                  <Table.Th>{t("rules.automatic")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((r, i) => {
                  const ids = data.items.map((x) => x.id);
                  const rate = bookingRateOf(r.booking.vatRate ?? "");
                  const move = (to: number) => {
                    const next = ids.filter((id) => id !== r.id);
                    next.splice(to, 0, r.id);
                    order.mutate(next);
                  };
                  return (
                    <Table.Tr key={r.id}>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            disabled={i === 0}
                            onClick={() => move(i - 1)}
                            aria-label={t("rules.up")}
                          >
                            ↑
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            disabled={i === ids.length - 1}
                            onClick={() => move(i + 1)}
                            aria-label={t("rules.down")}
                          >
                            ↓
                          </Button>
                        </Group>
                      </Table.Td>
                      <Table.Td>{r.name}</Table.Td>
                      <Table.Td>{condition(r)}</Table.Td>
                      <Table.Td>
                        <span className="acc-code">{r.booking.account}</span>
                        {rate ? ` · ${t("rules.vatRate")} ${rates.text(rate)}` : ""}
                        {r.booking.journal ? ` · ${r.booking.journal}` : ""}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Switch
                            checked={r.automatic}
                            onChange={(e) =>
                              automatic.mutate({ id: r.id, automatic: e.currentTarget.checked })
                            }
                            aria-label={t("rules.automatic")}
                            data-testid="rule-automatic"
                          />
                          <Badge variant="light" color={r.automatic ? "teal" : "gray"} tt="none">
                            {r.automatic ? t("rules.automatic") : t("rules.proposed")}
                          </Badge>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() => setEditing(draftOf(r, locale))}
                          >
                            {t("rules.edit")}
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            onClick={() => remove.mutate(r.id)}
                          >
                            {t("rules.delete")}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryView>
    </Stack>
  );
};
