import { Badge, Button, Group, Paper, Stack, Switch, Table } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { formatCents } from "../../lib/money.ts";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { banksPath } from "../payments/api.ts";
import {
  type BankRule,
  reportPath,
  rulesQuery,
  useDeleteRule,
  useOrderRules,
  useRuleAutomatic,
} from "./api.ts";
import { newRule, RuleForm, type RuleValues, ruleValues } from "./rule-form.tsx";
import { bookingRateOf, useBookingRates } from "./vat-rate.ts";

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
  const [editing, setEditing] = useState<{ id: string | null; values: RuleValues } | null>(null);
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
            <Button
              leftSection={<PlusIcon />}
              onClick={() => setEditing({ id: null, values: newRule })}
              data-testid="rule-new"
            >
              {t("rules.new")}
            </Button>
          </Group>
        }
      />
      {editing ? (
        <RuleForm
          key={editing.id ?? "new"}
          id={editing.id}
          initial={editing.values}
          onDone={() => setEditing(null)}
        />
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
            <Table.ScrollContainer minWidth={720}>
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
                              onClick={() => setEditing({ id: r.id, values: ruleValues(r, locale) })}
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
            </Table.ScrollContainer>
          )
        }
      </QueryView>
    </Stack>
  );
};
