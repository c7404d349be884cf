import "./vat.css";
import { Alert, Anchor, Button, Group, Select, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { TableFrame } from "../../components/data-table.tsx";
import { ChevronRightIcon } from "../../components/icons.tsx";
import { useCan } from "../accounting/access.ts";
import { BooksPage } from "../accounting/books-page.tsx";
import { entryPath, vatPeriodPath } from "../accounting/paths.ts";
import { QueryView, today, useDay } from "../accounting/ui.tsx";
import { type VatPeriodSummary, vatYearQuery } from "./api.ts";
import { usePeriodName } from "./format.ts";
import { DueOrCredit, VatStatusBadge } from "./status.tsx";

/** The years offered: this one and the six before (the returns kept for the tax audit's reach). */
const yearsOffered = (thisYear: number) => Array.from({ length: 7 }, (_, i) => String(thisYear - i));

/** The period to deal with first: the oldest over and not validated, else the one running. */
const nextToDo = (periods: readonly VatPeriodSummary[], day: string) =>
  periods.find((p) => p.status === "toPrepare" && p.end < day) ??
  periods.find((p) => p.status === "toPrepare");

/** An instalment whose base is still to give (last year's CA12 not in Registre): no amount yet. */
const baseToGive = (p: VatPeriodSummary) => p.kind === "instalment" && p.blocking && p.due === 0;

/**
 * `/org/accounting/vat`: the VAT returns of a year, period by period, with their states and what each
 * leaves to pay or to carry; a period opens its return.
 */
export const VatPage = () => {
  const { t } = useTranslation(["accounting", "app"]);
  const can = useCan();
  const day = useDay();
  const periodName = usePeriodName();
  const [params, setParams] = useSearchParams();
  const thisYear = Number(today().slice(0, 4));
  const asked = Number(params.get("year"));
  const year = Number.isInteger(asked) && asked > 1900 && asked <= thisYear + 1 ? asked : thisYear;
  const allowed = can("accounting", "read");
  const overview = useQuery({ ...vatYearQuery(year), enabled: allowed });
  const data = overview.data;
  const todo = data && year === thisYear ? nextToDo(data.periods, today()) : undefined;
  const over = todo !== undefined && todo.end < today();
  const todoKey =
    todo?.kind === "instalment" ? (over ? "instalmentOver" : "instalment") : over ? "over" : "running";
  return (
    <BooksPage
      allowed={allowed}
      title={t("vat.title")}
      description={t(overview.data?.periodicity === "yearly" ? "vat.descriptionYearly" : "vat.description")}
      actions={
        <Select
          label={t("vat.year")}
          data={[...new Set([...yearsOffered(thisYear), String(year)])].sort().reverse()}
          value={String(year)}
          onChange={(next) => {
            if (next) setParams({ year: next }, { replace: true });
          }}
          allowDeselect={false}
          w={120}
          data-testid="vat-year"
        />
      }
    >
      {data ? (
        <Text size="sm" c="dimmed" data-testid="vat-periodicity">
          {t("vat.periodicityLine", { periodicity: t(`vat.periodicity.${data.periodicity}`) })}{" "}
          <Anchor component={Link} to="/org/settings" size="sm">
            {t("vat.periodicityChange")}
          </Anchor>
        </Text>
      ) : null}
      {todo ? (
        <Alert
          color={over ? "orange" : "blue"}
          variant="light"
          data-testid="vat-next"
          title={t(`vat.next.${todoKey}Title`, { period: periodName(todo.period) })}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t(`vat.next.${todoKey}Text`, { end: day(todo.end) })}</Text>
            <Button
              component={Link}
              to={vatPeriodPath(todo.period)}
              size="xs"
              variant="light"
              rightSection={<ChevronRightIcon />}
            >
              {t("vat.open")}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <QueryView query={overview} height={420} testId="vat-error">
        {(loaded) => (
          <div style={{ opacity: overview.isPlaceholderData ? 0.6 : 1 }}>
            <TableFrame minWidth={640} testId="vat-periods" caption={t("vat.periodsCaption", { year })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("vat.periodLabel")}</Table.Th>
                  <Table.Th w={130}>{t("vat.statusLabel")}</Table.Th>
                  <Table.Th w={190}>{t("vat.amountLabel")}</Table.Th>
                  <Table.Th w={190}>{t("vat.settlementLabel")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loaded.periods.map((p) => (
                  <Table.Tr key={p.period} data-testid="vat-period" data-period={p.period}>
                    <Table.Td>
                      {p.status === "future" ? (
                        <Text span fw={500} c="dimmed">
                          {periodName(p.period)}
                        </Text>
                      ) : (
                        <Link to={vatPeriodPath(p.period)} className="registre-row-link">
                          {periodName(p.period)}
                        </Link>
                      )}
                      <Text size="xs" c="dimmed" className="registre-numeric">
                        {loaded.periodicity === "yearly" ? `${t(`vat.kinds.${p.kind}`)} · ` : ""}
                        {t("vat.range", { start: day(p.start), end: day(p.end) })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <VatStatusBadge status={p.status} />
                      {p.blocking ? (
                        <Text size="xs" c="red" mt={2}>
                          {t("vat.blockedShort")}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {p.status === "notDue" ? (
                        <Text span size="sm" c="dimmed" data-testid="vat-amount" data-kind="notDue">
                          {t("vat.amount.notDue")}
                        </Text>
                      ) : (
                        <DueOrCredit
                          due={baseToGive(p) ? null : p.due}
                          credit={baseToGive(p) ? null : p.credit}
                          estimate={p.status === "toPrepare" && p.kind === "return"}
                        />
                      )}
                    </Table.Td>
                    <Table.Td>
                      {p.settlementMvt ? (
                        <Anchor component={Link} to={entryPath(p.settlementMvt)} size="sm">
                          {t("vat.validatedOn", { day: day(p.validatedOn) })}
                        </Anchor>
                      ) : (
                        <Text span size="sm" c="dimmed">
                          {p.validatedOn ? t("vat.validatedOn", { day: day(p.validatedOn) }) : "—"}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </TableFrame>
          </div>
        )}
      </QueryView>
    </BooksPage>
  );
};
