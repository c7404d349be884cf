import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { formatCents } from "../../lib/money.ts";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import {
  reconcilePath,
  reportPath,
  rulesPath,
  statementPath,
  statementQuery,
  topSuggestionsQuery,
  useBulk,
} from "./api.ts";
import { LinePanel } from "./line-panel.tsx";

/**
 * `/org/bankstatements/{id}/reconcile` (and `/{no}`, the transaction sub-screen): the statement's lines
 * on the left, unmatched first, each with its best suggestion; the chosen line's suggestions, with their
 * reasons, its rule and the entry form on the right. A selection is reconciled in one action.
 */
export const ReconcilePage = () => {
  const { t } = useTranslation("reconcile");
  const { locale, shortDate } = useFormat();
  const { id = "", no: selectedText } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const allowed = can(session, "statements.reconcile", "read");
  const statement = useQuery({ ...statementQuery(id), enabled: allowed });
  const top = useQuery({ ...topSuggestionsQuery(id), enabled: allowed });
  const bulk = useBulk();
  const [selection, setSelection] = useState<Set<number>>(new Set());
  if (!allowed) return <NoAccess />;
  const selected = selectedText ? Number(selectedText) : null;
  const best = new Map((top.data?.items ?? []).map((i) => [i.no, i]));
  return (
    <QueryView query={statement}>
      {(s) => {
        const lines = [...s.lines].sort(
          (a, b) => Number(a.match !== null) - Number(b.match !== null) || a.no - b.no,
        );
        const open = lines.filter((l) => l.match === null);
        const current = lines.find((l) => l.no === selected) ?? null;
        const toggle = (no: number) =>
          setSelection((previous) => {
            const next = new Set(previous);
            if (next.has(no)) next.delete(no);
            else next.add(no);
            return next;
          });
        return (
          <Stack gap="md">
            <PageHeader
              title={`${t("reconcile.title")} — ${s.label}`}
              crumbs={[{ to: statementPath(id), label: t("reconcile.back") }]}
              actions={
                <Group>
                  <LinkButton variant="default" to={rulesPath}>
                    {t("reconcile.rules")}
                  </LinkButton>
                  <LinkButton variant="default" to={`${reportPath}?bankId=${s.bankId}`}>
                    {t("reconcile.report")}
                  </LinkButton>
                  <Button
                    disabled={selection.size === 0}
                    loading={bulk.isPending}
                    onClick={() =>
                      bulk.mutate(
                        { id, items: [...selection].map((n) => ({ no: n })) },
                        { onSuccess: () => setSelection(new Set()) },
                      )
                    }
                    data-testid="bulk-reconcile"
                  >
                    {t("reconcile.bulk", { count: selection.size })}
                  </Button>
                </Group>
              }
            />
            {bulk.isError ? <ErrorAlert error={bulk.error} /> : null}
            {bulk.data ? (
              <Alert color="teal" data-testid="bulk-result">
                {[
                  t("reconcile.bulkDone", {
                    count: bulk.data.items.filter((i) => i.status !== "skipped").length,
                  }),
                  t("reconcile.bulkSkipped", {
                    count: bulk.data.items.filter((i) => i.status === "skipped").length,
                  }),
                ].join(", ")}
              </Alert>
            ) : null}
            <Grid>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Paper withBorder>
                  <Group justify="space-between" p="xs">
                    <Text fw={600}>{t("reconcile.lines")}</Text>
                    <Checkbox
                      label={t("reconcile.selectAll")}
                      checked={open.length > 0 && open.every((l) => selection.has(l.no))}
                      onChange={(e) =>
                        setSelection(e.currentTarget.checked ? new Set(open.map((l) => l.no)) : new Set())
                      }
                    />
                  </Group>
                  {open.length === 0 ? (
                    <Text p="sm" c="teal">
                      {t("reconcile.allMatched")}
                    </Text>
                  ) : null}
                  <ScrollArea.Autosize mah="70vh">
                    <Table highlightOnHover data-testid="reconcile-lines">
                      <Table.Tbody>
                        {lines.map((l) => {
                          const suggestion = best.get(l.no);
                          return (
                            <Table.Tr
                              key={l.no}
                              bg={l.no === selected ? "var(--mantine-color-blue-light)" : undefined}
                              style={{ cursor: "pointer" }}
                              onClick={() =>
                                void navigate(reconcilePath(id, l.no), { preventScrollReset: true })
                              }
                              data-testid="reconcile-line"
                            >
                              <Table.Td onClick={(e) => e.stopPropagation()} w={32}>
                                {l.match ? null : (
                                  <Checkbox
                                    checked={selection.has(l.no)}
                                    onChange={() => toggle(l.no)}
                                    aria-label={t("reconcile.line", { no: l.no })}
                                  />
                                )}
                              </Table.Td>
                              <Table.Td w={90} visibleFrom="sm" className="registre-numeric">
                                {shortDate(l.bookingDate)}
                              </Table.Td>
                              {/* The label takes what is left and is cut there; the amount is never cut. */}
                              <Table.Td w="100%" maw={0}>
                                <Text size="xs" c="dimmed" hiddenFrom="sm" className="registre-numeric">
                                  {shortDate(l.bookingDate)}
                                </Text>
                                <Text size="sm" truncate="end" title={l.label}>
                                  {l.label}
                                </Text>
                                {l.match ? (
                                  <Badge size="xs" color="teal" tt="none">
                                    {t("reconcile.matched")}
                                  </Badge>
                                ) : suggestion?.top[0] ? (
                                  <Badge size="xs" variant="light" tt="none">
                                    {t("reconcile.best")} · {suggestion.top[0].score}
                                  </Badge>
                                ) : suggestion?.rule ? (
                                  <Badge size="xs" variant="light" color="grape" tt="none">
                                    {suggestion.rule.name}
                                  </Badge>
                                ) : null}
                              </Table.Td>
                              <Table.Td
                                className="registre-numeric"
                                ta="right"
                                c={l.amount < 0 ? "red" : undefined}
                                data-testid="reconcile-line-amount"
                              >
                                {formatCents(l.amount, locale, { currency: true })}
                              </Table.Td>
                            </Table.Tr>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  </ScrollArea.Autosize>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                {current ? (
                  <LinePanel key={current.no} statementId={id} line={current} />
                ) : (
                  <Paper withBorder p="md">
                    <Text c="dimmed">{t("reconcile.select")}</Text>
                  </Paper>
                )}
              </Grid.Col>
            </Grid>
          </Stack>
        );
      }}
    </QueryView>
  );
};
