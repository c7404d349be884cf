import { Alert, Badge, Button, Collapse, Group, Paper, Skeleton, Stack, Table, Text } from "@mantine/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { api, type Schemas } from "../../lib/api-client.ts";
import { accountPath, entryPath } from "../accounting/paths.ts";
import { docPath } from "../docs/paths.ts";
import { PageHeader } from "./page-header.tsx";

type ControlCheck = Schemas["ControlCheck"];
type ControlItem = Schemas["ControlItem"];

/** The accountant's checks, each with its count and first items, from the accounting read models. */
export const controlStatsQuery = () =>
  queryOptions({
    queryKey: ["dashboard", "stats", "control"] as const,
    // The route answers each kind of stats with its own schema: `control`, the checks.
    queryFn: async ({ signal }) =>
      (await api.get("/dashboard/stats/{type}", {
        path: { type: "control" },
        signal,
      })) as Schemas["ControlStats"],
  });

const badgeColor: Record<ControlCheck["severity"], string> = {
  ok: "green",
  warning: "yellow",
  error: "red",
  info: "gray",
};

/** Where an item leads: its account, entry, statement (at its line) or document; none for a series or an FEC finding. */
const itemPath = (item: ControlItem): string | null => {
  switch (item.kind) {
    case "account":
      return accountPath(item.id);
    case "entry":
      return entryPath(item.id);
    case "statement":
      return `/org/bankstatements/${encodeURIComponent(item.id)}/reconcile${item.no ? `/${item.no}` : ""}`;
    case "document":
      return docPath(item.id);
    case "series":
    case "fec":
      return null;
    default:
      return item.kind satisfies never;
  }
};

const CheckRow = ({ check }: { check: ControlCheck }) => {
  const { t } = useTranslation("app");
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const key = `dashboard.control.checks.${check.key}` as const;
  return (
    <Paper withBorder p="md" data-testid={`control-${check.key}`}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>{t(`${key}.title`)}</Text>
          <Text size="sm" c="dimmed">
            {check.note
              ? t(`dashboard.control.notes.${check.note === "fec.tooLarge" ? "fecTooLarge" : "fecNoYear"}`)
              : check.count === 0
                ? t(`${key}.none`, { checked: format.number(check.checked ?? 0) })
                : t(`${key}.found`, { count: check.count })}
          </Text>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Badge color={badgeColor[check.severity]} size="lg" variant="light">
            {format.number(check.count)}
          </Badge>
          {check.items.length > 0 ? (
            <Button variant="subtle" size="xs" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
              {open ? t("dashboard.control.hide") : t("dashboard.control.show")}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Collapse expanded={open}>
        <Table mt="sm" striped>
          <Table.Tbody>
            {check.items.map((item) => {
              const to = itemPath(item);
              const label =
                item.kind === "series"
                  ? t("dashboard.control.missing", { series: item.id, numbers: item.label })
                  : item.kind === "statement"
                    ? `${t("dashboard.control.line", { no: item.no ?? 0 })} · ${item.label}`
                    : item.label;
              return (
                <Table.Tr key={`${item.kind}-${item.id}-${item.no ?? ""}-${item.label}`}>
                  <Table.Td w={110}>{item.date ? format.date(item.date) : ""}</Table.Td>
                  <Table.Td>
                    {to ? (
                      <Text component={Link} to={to} size="sm" c="blue">
                        {label}
                      </Text>
                    ) : (
                      <Text size="sm">{label}</Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {item.amount === null ? "" : format.amount(item.amount / 100)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {check.count > check.items.length ? (
          <Text size="xs" c="dimmed" mt="xs">
            {t("dashboard.control.more", { shown: check.items.length, count: check.count })}
          </Text>
        ) : null}
      </Collapse>
    </Paper>
  );
};

/** /org/dashboard/control: the accountant's control panel, each check green at 0, its list one click behind. */
export const ControlPage = () => {
  const { t } = useTranslation("app");
  const stats = useQuery(controlStatsQuery());
  return (
    <Stack gap="md" data-testid="control-panel">
      <PageHeader title={t("screens.control")} description={t("dashboard.control.intro")} />
      {stats.isError ? <Alert color="red">{t("dashboard.control.error")}</Alert> : null}
      {stats.isPending
        ? Array.from({ length: 4 }, (_, i) => <Skeleton key={String(i)} h={64} />)
        : stats.data?.checks.map((check) => <CheckRow key={check.key} check={check} />)}
    </Stack>
  );
};
