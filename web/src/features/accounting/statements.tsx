import { Anchor, Grid, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/i18n.ts";
import type { BalanceSheet, IncomeStatement, StatementSection } from "./api.ts";
import { Amount, BookTable, useMoney } from "./ui.tsx";

/** The reports show the trial balance too. */
export { TrialBalanceTable } from "./trial-balance.tsx";

/** A wording of the statements in the interface language, with French apostrophes. */
export const statementLabel = (item: { label: string; labelEn: string }, locale: Locale): string =>
  locale === "en" ? item.labelEn || item.label : item.label.replaceAll("'", "\u2019");

const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1);

/** A statement figure: blank dash for zero, signed otherwise. */
const StatementAmount = ({ cents }: { cents: number }) =>
  cents === 0 ? <span className="acc-muted">—</span> : <Amount cents={cents} />;

/** A line of a statement: its wording and its figure (a dash for zero when `dash`). */
const FigureRow = ({
  label,
  cents,
  dash = false,
  indent = false,
  className,
  testId,
  amountTestId,
  dataKey,
}: {
  label: string;
  cents: number;
  dash?: boolean;
  indent?: boolean;
  className?: string;
  testId?: string;
  amountTestId?: string;
  dataKey?: string;
}) => (
  <Table.Tr className={className} data-testid={testId} data-key={dataKey}>
    <Table.Td className={indent ? "acc-indent" : undefined}>{label}</Table.Td>
    <Table.Td className="acc-num" data-testid={amountTestId}>
      {dash ? <StatementAmount cents={cents} /> : <Amount cents={cents} />}
    </Table.Td>
  </Table.Tr>
);

const SectionRows = ({ section }: { section: StatementSection }) => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  return (
    <>
      <Table.Tr className="acc-section-row">
        <Table.Th scope="rowgroup" colSpan={2}>
          {statementLabel(section, locale)}
        </Table.Th>
      </Table.Tr>
      {section.lines.map((line) => (
        <FigureRow
          key={line.key}
          label={statementLabel(line, locale)}
          cents={line.amount}
          dash
          indent
          testId="statement-line"
          dataKey={line.key}
        />
      ))}
      <FigureRow
        label={t("statements.totalOf", { section: lowerFirst(statementLabel(section, locale)) })}
        cents={section.total}
        className="acc-subtotal-row"
      />
    </>
  );
};

/** The profit or the loss of the year. */
const ResultLine = ({ result, testId }: { result: number; testId?: string }) => {
  const { t } = useTranslation("accounting");
  return (
    <FigureRow
      label={result >= 0 ? t("statements.profit") : t("statements.loss")}
      cents={result}
      testId={testId}
    />
  );
};

/** Which intermediate result follows which section of the income statement. */
const resultAfter: Record<string, keyof IncomeStatement> = {
  operatingCharges: "operatingResult",
  financialCharges: "financialResult",
  exceptionalCharges: "exceptionalResult",
};

/** The compte de résultat (PCG, système de base): sections, intermediate results, net result. */
export const IncomeStatementTable = ({ statement }: { statement: IncomeStatement }) => {
  const { t } = useTranslation("accounting");
  return (
    <BookTable testId="income-statement" caption={t("statements.income")} minWidth={420} highlight={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("statements.rubric")}</Table.Th>
          <Table.Th w={150} className="acc-num">
            {t("statements.amount")}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {statement.sections.map((section) => {
          const result = resultAfter[section.key];
          return (
            <Fragment key={section.key}>
              <SectionRows section={section} />
              {result ? (
                <FigureRow
                  label={t(`statements.results.${result as "operatingResult"}`)}
                  cents={statement[result] as number}
                  className="acc-result-row"
                />
              ) : null}
            </Fragment>
          );
        })}
      </Table.Tbody>
      <Table.Tfoot>
        <ResultLine result={statement.result} testId="income-result" />
      </Table.Tfoot>
    </BookTable>
  );
};

const SheetSide = ({
  title,
  totalLabel,
  sections,
  total,
  testId,
}: {
  title: string;
  totalLabel: string;
  sections: StatementSection[];
  total: number;
  testId: string;
}) => {
  const { t } = useTranslation("accounting");
  return (
    <BookTable testId={testId} caption={title} minWidth={380} highlight={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{title}</Table.Th>
          <Table.Th w={150} className="acc-num">
            {t("statements.net")}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sections.map((section) => (
          <SectionRows key={section.key} section={section} />
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <FigureRow label={totalLabel} cents={total} amountTestId={`${testId}-total`} />
      </Table.Tfoot>
    </BookTable>
  );
};

/** The bilan (PCG): assets and liabilities side by side, each with its sections and total. */
export const BalanceSheetTables = ({ sheet }: { sheet: BalanceSheet }) => {
  const { t } = useTranslation("accounting");
  const money = useMoney();
  const gap = sheet.totalAssets - sheet.totalLiabilities;
  const sides = [
    {
      title: t("statements.assets"),
      totalLabel: t("statements.totalAssets"),
      sections: sheet.assets,
      total: sheet.totalAssets,
      testId: "sheet-assets",
    },
    {
      title: t("statements.liabilities"),
      totalLabel: t("statements.totalLiabilities"),
      sections: sheet.liabilities,
      total: sheet.totalLiabilities,
      testId: "sheet-liabilities",
    },
  ];
  return (
    <Stack gap="sm">
      {gap !== 0 ? (
        <Tag color="red" size="lg" data-testid="sheet-gap">
          {t("statements.sheetGap", { amount: money.format(gap) })}
        </Tag>
      ) : null}
      <Grid gap="md">
        {sides.map((side) => (
          <Grid.Col key={side.testId} span={{ base: 12, lg: 6 }}>
            <SheetSide {...side} />
          </Grid.Col>
        ))}
      </Grid>
    </Stack>
  );
};

/** Headline figures of a year: net turnover, result, balance-sheet total. */
export const KeyFigures = ({ income, sheet }: { income: IncomeStatement; sheet: BalanceSheet }) => {
  const { t } = useTranslation("accounting");
  const money = useMoney();
  const figures = [
    { key: "turnover", label: t("statements.netTurnover"), cents: income.netTurnover },
    { key: "operating", label: t("statements.results.operatingResult"), cents: income.operatingResult },
    {
      key: "result",
      label: income.result >= 0 ? t("statements.profit") : t("statements.loss"),
      cents: income.result,
    },
    { key: "total", label: t("statements.sheetTotal"), cents: sheet.totalAssets },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      {figures.map((figure) => (
        <Paper key={figure.key} p="md" data-testid={`figure-${figure.key}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: "0.03em" }}>
            {figure.label}
          </Text>
          <Text
            fz={22}
            fw={650}
            mt={4}
            className="registre-numeric"
            c={figure.cents < 0 ? "red.8" : undefined}
          >
            {money.currency(figure.cents)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
};

/** A statement at a glance: its title, the link to its detail, its table. */
const SummaryCard = ({ title, detail, children }: { title: string; detail: string; children: ReactNode }) => {
  const { t } = useTranslation("accounting");
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Anchor component={Link} to={detail} size="sm">
          {t("statements.detail")}
        </Anchor>
      </Group>
      {children}
    </Stack>
  );
};

/** The totals of each statement's sections: the year at a glance, with a link to the detail. */
export const StatementsSummary = ({
  income,
  sheet,
  detail,
}: {
  income: IncomeStatement;
  sheet: BalanceSheet;
  detail: string;
}) => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const row = (key: string, label: string, cents: number, className?: string) => (
    <FigureRow key={key} label={label} cents={cents} dash className={className} />
  );
  const incomeRows = income.sections.flatMap((section) => {
    const result = resultAfter[section.key];
    return [
      row(section.key, statementLabel(section, locale), section.total),
      ...(result
        ? [
            row(
              result,
              t(`statements.results.${result as "operatingResult"}`),
              income[result] as number,
              "acc-subtotal-row",
            ),
          ]
        : []),
    ];
  });
  const side = (title: string, totalLabel: string, sections: StatementSection[], total: number) => [
    <Table.Tr key={`${title}-head`} className="acc-section-row">
      <Table.Th colSpan={2}>{title}</Table.Th>
    </Table.Tr>,
    ...sections.map((section) =>
      row(`${title}-${section.key}`, statementLabel(section, locale), section.total),
    ),
    row(`${title}-total`, totalLabel, total, "acc-subtotal-row"),
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <SummaryCard title={t("statements.income")} detail={detail}>
        <BookTable minWidth={320} highlight={false} testId="income-summary">
          <Table.Tbody>{incomeRows}</Table.Tbody>
          <Table.Tfoot>
            <ResultLine result={income.result} />
          </Table.Tfoot>
        </BookTable>
      </SummaryCard>
      <SummaryCard title={t("statements.balanceSheet")} detail={detail}>
        <BookTable minWidth={320} highlight={false} testId="sheet-summary">
          <Table.Tbody>
            {side(t("statements.assets"), t("statements.totalAssets"), sheet.assets, sheet.totalAssets)}
            {side(
              t("statements.liabilities"),
              t("statements.totalLiabilities"),
              sheet.liabilities,
              sheet.totalLiabilities,
            )}
          </Table.Tbody>
        </BookTable>
      </SummaryCard>
    </SimpleGrid>
  );
};

/** Income statement and balance sheet of a year, one under the other. */
export const Statements = ({ income, sheet }: { income: IncomeStatement; sheet: BalanceSheet }) => {
  const { t } = useTranslation("accounting");
  return (
    <Stack gap="lg">
      <KeyFigures income={income} sheet={sheet} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, xl: 5 }}>
          <Stack gap="xs">
            <Title order={2} size="h3">
              {t("statements.income")}
            </Title>
            <IncomeStatementTable statement={income} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 7 }}>
          <Stack gap="xs">
            <Title order={2} size="h3">
              {t("statements.balanceSheet")}
            </Title>
            <BalanceSheetTables sheet={sheet} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
