import { Anchor, Group, Paper, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DateField } from "../../components/date-input.tsx";
import { useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { TitleLine } from "../../components/section-title.tsx";
import { z } from "../../lib/zod.ts";
import { useCan } from "./access.ts";
import { type FiscalYear, statementsQuery, useLockPeriods, useRedefineYear, yearsQuery } from "./api.ts";
import { SubPageHead } from "./closing-ui.tsx";
import { entryPath, yearPath, yearSettingsPath } from "./paths.ts";
import { KeyFigures, StatementsSummary } from "./statements.tsx";
import { Fields, LockIcon, QueryView, useDay } from "./ui.tsx";
import { useYearDatesSchema, YearDownloads, YearStatusBadge } from "./year-parts.tsx";

/** A fiscal year's summary (key figures, downloads, period lock) and its settings. */

/** The last day of each month of the year (YYYY-MM-DD): the dates a period lock may be set to. */
const monthEnds = (year: FiscalYear): string[] => {
  const ends: string[] = [];
  const [y, m] = year.start.split("-").map(Number) as [number, number];
  for (let month = m - 1; ; month++) {
    const end = new Date(Date.UTC(y, month + 1, 0)).toISOString().slice(0, 10);
    if (end > year.end) break;
    ends.push(end);
  }
  return ends;
};

/** The card of the period lock: its title, where the lock stands, then what may be done. */
const LockCard = ({
  state,
  stateTestId,
  children,
}: {
  state: string;
  stateTestId?: string;
  children: ReactNode;
}) => {
  const { t } = useTranslation("accounting");
  return (
    <Paper p="md">
      <Stack gap="sm">
        <Group gap="xs">
          <LockIcon />
          <Text fw={650}>{t("years.lockTitle")}</Text>
        </Group>
        <Text size="sm" c="dimmed" data-testid={stateTestId}>
          {state}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
};

/** The period lock: moved forward only, to the end of a month of the year after the current lock. */
const LockForm = ({ year, lockedUntil }: { year: FiscalYear; lockedUntil: string | null }) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const lock = useLockPeriods(year.id);
  const options = monthEnds(year).filter((end) => lockedUntil === null || end > lockedUntil);
  return (
    <LockCard state={lockedUntil ? t("years.lockedUntil", { date: day(lockedUntil) }) : t("years.notLocked")}>
      {options[0] ? (
        // Started again once the lock has moved: its first choice is the first month still open.
        <LockUntilForm key={lockedUntil} options={options} lock={lock} />
      ) : null}
      {lock.isSuccess ? (
        <Text size="sm" c="teal.8">
          {t("years.locked")}
        </Text>
      ) : null}
    </LockCard>
  );
};

const LockUntilForm = ({
  options,
  lock,
}: {
  options: readonly string[];
  lock: ReturnType<typeof useLockPeriods>;
}) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const schema = useFormSchema("accounting", (t, rules) =>
    z.object({ until: rules.choice(t("years.lockUntil")) }),
  );
  const form = useSchemaForm(schema, { until: options[0] ?? null });
  return (
    <MutationFormCard
      bare
      onSubmit={form.onSubmit(({ until }) => lock.mutate(until))}
      mutation={lock}
      submitLabel={t("years.lock")}
      submitTestId="lock-submit"
    >
      <Select
        label={t("years.lockUntil")}
        data={options.map((end) => ({ value: end, label: day(end) }))}
        {...form.getInputProps("until")}
        allowDeselect={false}
        w={180}
        data-testid="lock-until"
      />
    </MutationFormCard>
  );
};

/** New dates for a year nothing was posted in: the books it takes over, or a new closing date. */
const RedefineForm = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  const redefine = useRedefineYear(year.id);
  const form = useSchemaForm(useYearDatesSchema(), { start: year.start, end: year.end });
  const changed = form.values.start !== year.start || form.values.end !== year.end;
  return (
    <Stack gap="xs">
      <TitleLine
        title={t("years.settings.redefine")}
        hint={t("years.settings.redefineText")}
        weight={600}
        size="sm"
        hintSize="xs"
      />
      <MutationFormCard
        bare
        testId="year-redefine"
        onSubmit={form.onSubmit((dates) => redefine.mutate(dates))}
        mutation={redefine}
        errorTestId="year-redefine-error"
        submitLabel={t("years.settings.save")}
        submitTestId="year-redefine-submit"
        submitDisabled={!changed}
      >
        <Group align="flex-start" gap="sm" grow>
          <DateField
            label={t("years.start")}
            {...form.getInputProps("start")}
            data-testid="year-redefine-start"
          />
          <DateField label={t("years.end")} {...form.getInputProps("end")} data-testid="year-redefine-end" />
        </Group>
      </MutationFormCard>
      {redefine.isSuccess && !changed ? (
        <Text size="sm" c="teal.8">
          {t("years.settings.redefined")}
        </Text>
      ) : null}
    </Stack>
  );
};

/** The books' period lock as a year's pages show it: the years' answer, and whether the user may lock. */
const useYearLock = (year: FiscalYear) => {
  const can = useCan();
  const years = useQuery(yearsQuery());
  return { years, canLock: can("balancesheet", "update") && year.status === "open" };
};

export const YearSummary = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  const statements = useQuery(statementsQuery(year.id));
  const { years, canLock } = useYearLock(year);
  return (
    <Stack gap="lg">
      <QueryView query={statements} height={90} testId="statements-error">
        {(data) => (
          <Stack gap="lg">
            <KeyFigures income={data.incomeStatement} sheet={data.balanceSheet} />
            <StatementsSummary
              income={data.incomeStatement}
              sheet={data.balanceSheet}
              detail={`${yearPath(year.id)}/overview`}
            />
          </Stack>
        )}
      </QueryView>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper p="md">
          <Stack gap="sm">
            <TitleLine title={t("years.exports")} hint={t("years.exportsText")} />
            <YearDownloads year={year} />
          </Stack>
        </Paper>
        <LockSummary year={year} lockedUntil={years.data?.lockedUntil ?? null} canLock={canLock} />
        {year.openingMvt ? (
          <Paper p="md">
            <Text fw={650}>{t("years.openingEntry")}</Text>
            <Anchor component={Link} to={entryPath(year.openingMvt)} size="sm">
              {t("years.seeOpening")}
            </Anchor>
          </Paper>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
};

/** The summary's word on the period lock; the lock itself is set on the year's settings page. */
const LockSummary = ({
  year,
  lockedUntil,
  canLock,
}: {
  year: FiscalYear;
  lockedUntil: string | null;
  canLock: boolean;
}) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  return (
    <LockCard
      state={
        year.status === "closed"
          ? t("years.settings.closedLock")
          : lockedUntil
            ? t("years.lockedUntil", { date: day(lockedUntil) })
            : t("years.notLocked")
      }
      stateTestId="year-lock-state"
    >
      {canLock ? (
        <Group>
          <LinkButton
            to={yearSettingsPath(year.id)}
            variant="default"
            size="xs"
            data-testid="year-lock-manage"
          >
            {t("years.settings.lockManage")}
          </LinkButton>
        </Group>
      ) : null}
    </LockCard>
  );
};

/** The year's settings: its dates (fixed when it was opened) and the lock of its periods. */
export const YearSettings = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const can = useCan();
  const { years, canLock } = useYearLock(year);
  return (
    <Stack gap="md" data-testid="year-settings-page">
      <SubPageHead
        title={t("years.settings.title")}
        back={yearPath(year.id)}
        backLabel={t("years.settings.back")}
        backTestId="year-settings-back"
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper p="md">
          <Stack gap="sm">
            <Text fw={650}>{t("years.settings.dates")}</Text>
            <Fields
              items={[
                { label: t("years.start"), value: day(year.start) },
                { label: t("years.end"), value: day(year.end) },
                { label: t("years.statusLabel"), value: <YearStatusBadge year={year} /> },
                ...(year.closedOn ? [{ label: t("years.closedOn"), value: day(year.closedOn) }] : []),
                ...(year.openingMvt
                  ? [
                      {
                        label: t("years.openingEntry"),
                        value: (
                          <Anchor component={Link} to={entryPath(year.openingMvt)} size="sm">
                            {t("years.seeOpening")}
                          </Anchor>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
            {year.empty && year.status === "open" && can("balancesheet", "update") ? (
              <RedefineForm key={`${year.start}${year.end}`} year={year} />
            ) : (
              <Text size="xs" c="dimmed">
                {t("years.settings.datesText")}
              </Text>
            )}
          </Stack>
        </Paper>
        {canLock ? (
          years.data ? (
            <LockForm year={year} lockedUntil={years.data.lockedUntil} />
          ) : null
        ) : (
          <LockSummary year={year} lockedUntil={years.data?.lockedUntil ?? null} canLock={false} />
        )}
      </SimpleGrid>
    </Stack>
  );
};
