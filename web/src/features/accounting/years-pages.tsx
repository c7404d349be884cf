import { Alert, Anchor, Button, Group, Modal, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import { DateField } from "../../components/date-input.tsx";
import { useSchemaForm } from "../../components/form.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { useCan } from "./access.ts";
import { AdjustmentsEditor } from "./adjustments-editor.tsx";
import { AdjustmentsTable } from "./adjustments-table.tsx";
import { balanceQuery, type FiscalYear, statementsQuery, useOpenYear, yearsQuery } from "./api.ts";
import { BooksPage } from "./books-page.tsx";
import { ClosingStepsEditor } from "./closing-steps-editor.tsx";
import { dayColumn } from "./columns.tsx";
import { entryPath, yearPath } from "./paths.ts";
import { ProvisionalOpeningNotice } from "./provisional-opening.tsx";
import { Statements } from "./statements.tsx";
import { TrialBalanceTable } from "./trial-balance.tsx";
import { LockIcon, QueryView, useDay } from "./ui.tsx";
import { YearEnd } from "./year-end.tsx";
import { YearFrame } from "./year-frame.tsx";
import { useYearDatesSchema, useYearName, YearStatusBadge } from "./year-parts.tsx";
import { YearSettings, YearSummary } from "./year-summary.tsx";

/** The reports show a year's name, status and downloads too. */
export { useYearName, YearDownloads, YearStatusBadge } from "./year-parts.tsx";

/** `/org/accounting/balancesheet`: the fiscal years, their status, a new accounting year. */
export const YearsPage = () => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const yearName = useYearName();
  const can = useCan();
  const years = useQuery({ ...yearsQuery(), enabled: can("balancesheet", "read") });
  const [creating, setCreating] = useState(false);
  const yearDay = (key: "start" | "end" | "closedOn", header: string): Column<FiscalYear> =>
    dayColumn({ key, header, width: 120, day: (year) => year[key], show: day, sortable: true });
  const columns: Column<FiscalYear>[] = [
    {
      key: "year",
      header: t("years.year"),
      // « Exercice 2025-2026 » on one line: a year that is not the calendar year names two.
      cellProps: () => ({ style: { whiteSpace: "nowrap" } }),
      cell: (year) => (
        <Link to={yearPath(year.id)} className="registre-row-link">
          {yearName(year)}
        </Link>
      ),
    },
    yearDay("start", t("years.start")),
    yearDay("end", t("years.end")),
    {
      key: "status",
      header: t("years.statusLabel"),
      width: 130,
      cell: (year) => <YearStatusBadge year={year} />,
    },
    yearDay("closedOn", t("years.closedOn")),
    {
      key: "opening",
      header: t("years.opening"),
      width: 120,
      cell: (year) =>
        year.openingMvt ? (
          <Anchor component={Link} to={entryPath(year.openingMvt)} size="sm">
            {t("years.openingLink")}
          </Anchor>
        ) : (
          <Text span c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: "views",
      header: t("years.views"),
      width: 300,
      cell: (year) => (
        <Group gap="md">
          <Anchor component={Link} to={`${yearPath(year.id)}/overview`} size="sm">
            {t("years.tabs.overview")}
          </Anchor>
          <Anchor component={Link} to={`${yearPath(year.id)}/data`} size="sm">
            {t("years.tabs.data")}
          </Anchor>
          <Anchor component={Link} to={`${yearPath(year.id)}/step`} size="sm">
            {t("years.tabs.step")}
          </Anchor>
        </Group>
      ),
    },
  ];
  return (
    <BooksPage
      allowed={can("balancesheet", "read")}
      title={t("years.title")}
      description={t("years.description")}
      actions={
        can("balancesheet", "create") ? (
          <Button leftSection={<PlusIcon />} onClick={() => setCreating(true)} data-testid="year-new">
            {t("years.new")}
          </Button>
        ) : null
      }
    >
      {years.data?.lockedUntil ? (
        <Alert color="gray" variant="light" icon={<LockIcon />} data-testid="years-locked">
          {t("years.lockedUntil", { date: day(years.data.lockedUntil) })}
        </Alert>
      ) : null}
      <QueryTable
        query={years}
        errorTestId="years-error"
        columns={columns}
        rowKey={(year) => year.id}
        rowLink={(year) => yearPath(year.id)}
        rowProps={() => ({ "data-testid": "year-row" })}
        initialSort={{ key: "start", direction: "desc" }}
        empty={t("years.empty")}
        testId="years-table"
        caption={t("years.title")}
        className="acc-table"
        minWidth={860}
      />
      <NewYearModal opened={creating} onClose={() => setCreating(false)} suggested={years.data?.suggested} />
    </BooksPage>
  );
};

type Bounds = { start: string; end: string };
type YearChoice = "next" | "earlier" | "dates";

/**
 * A new fiscal year: the one after the last (as the organisation's fiscal-year start says), an
 * earlier one for books taken over (any number of years back: no empty year is made between), or
 * dates of one's own. The suggestion fills the dates, which stay editable.
 */
const NewYearModal = ({
  opened,
  onClose,
  suggested,
}: {
  opened: boolean;
  onClose: () => void;
  suggested: { next: Bounds | null; earlier: Bounds | null } | undefined;
}) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const open = useOpenYear();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<YearChoice>("next");
  const form = useSchemaForm(useYearDatesSchema(), { start: "", end: "" });
  const choose = (next: YearChoice) => {
    setChoice(next);
    const bounds = next === "dates" ? null : suggested?.[next];
    form.setValues(bounds ?? { start: "", end: "" });
  };
  const initial: YearChoice = suggested?.next ? "next" : suggested?.earlier ? "earlier" : "dates";
  // Each time it opens, the dialog starts from the year after the last.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (opened) choose(initial);
  }, [opened]);
  const close = () => {
    open.reset();
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((input) =>
    open.mutate(input, {
      onSuccess: (year) => {
        close();
        void navigate(yearPath(year.id));
      },
    }),
  );
  const shown = choice === "dates" ? null : suggested?.[choice];
  return (
    <Modal opened={opened} onClose={close} title={t("years.newTitle")} centered size="lg">
      {/* The submit focused first: a date field would open its calendar as the dialog opens. */}
      <MutationFormCard
        bare
        testId="year-new-form"
        onSubmit={submit}
        mutation={open}
        errorTestId="year-new-error"
        cancel={close}
        submitLabel={t("years.open")}
        submitTestId="year-new-submit"
        submitAutoFocus
      >
        <SegmentedControl
          fullWidth
          value={choice}
          onChange={(value) => choose(value as YearChoice)}
          data={[
            { value: "next", label: t("years.choice.next"), disabled: !suggested?.next },
            { value: "earlier", label: t("years.choice.earlier"), disabled: !suggested?.earlier },
            { value: "dates", label: t("years.choice.dates") },
          ]}
          data-testid="year-new-choice"
        />
        <Text size="sm" c="dimmed" data-testid="year-new-text">
          {shown
            ? t(`years.choiceText.${choice as "next" | "earlier"}`, {
                start: day(shown.start),
                end: day(shown.end),
              })
            : t("years.choiceText.dates")}
        </Text>
        <Group grow align="flex-start">
          <DateField label={t("years.start")} {...form.getInputProps("start")} data-testid="year-new-start" />
          <DateField label={t("years.end")} {...form.getInputProps("end")} data-testid="year-new-end" />
        </Group>
      </MutationFormCard>
    </Modal>
  );
};

/** `/org/accounting/balancesheet/{id}`: the year's key figures, downloads and period lock. */
export const YearPage = () => <YearFrame>{(year) => <YearSummary year={year} />}</YearFrame>;

/** `/org/accounting/balancesheet/{id}/edit`: the year's settings. */
export const YearSettingsPage = () => <YearFrame>{(year) => <YearSettings year={year} />}</YearFrame>;

/** `/org/accounting/balancesheet/{id}/overview`: income statement and balance sheet. */
export const YearOverviewPage = () => <YearFrame>{(year) => <YearStatements id={year.id} />}</YearFrame>;

const YearStatements = ({ id }: { id: string }) => {
  const statements = useQuery(statementsQuery(id));
  return (
    <QueryView query={statements} height={480} testId="statements-error">
      {(data) => <Statements income={data.incomeStatement} sheet={data.balanceSheet} />}
    </QueryView>
  );
};

/** `/org/accounting/balancesheet/{id}/data`: the trial balance of the year. */
export const YearDataPage = () => <YearFrame>{(year) => <YearBalance year={year} />}</YearFrame>;

const YearBalance = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  const [provisional, setProvisional] = useState(false);
  const balance = useQuery(balanceQuery({ yearId: year.id, provisional }));
  return (
    <Stack gap="xl">
      <AdjustmentsTable year={year} />
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("balance.title")}
        </Title>
        <QueryView query={balance} height={480} testId="balance-error">
          {(data) => (
            <Stack gap="sm">
              <ProvisionalOpeningNotice
                opening={data.provisionalOpening}
                included={provisional}
                onChange={setProvisional}
              />
              <TrialBalanceTable
                balance={data}
                fileName={`balance-${year.start}-${year.end}.csv`}
                range={{ start: year.start, end: year.end }}
                provisional={data.provisionalOpening.included}
              />
            </Stack>
          )}
        </QueryView>
      </Stack>
    </Stack>
  );
};

/** `/org/accounting/balancesheet/{id}/data/edit`: the year-end adjustments entered and changed. */
export const YearDataEditPage = () => <YearFrame>{(year) => <AdjustmentsEditor year={year} />}</YearFrame>;

/** `/org/accounting/balancesheet/{id}/step`: the year-end checks, opening entries, closing. */
export const YearStepPage = () => <YearFrame>{(year) => <YearEnd year={year} />}</YearFrame>;

/** `/org/accounting/balancesheet/{id}/step/edit`: the closing checklist ticked, noted, completed. */
export const YearStepEditPage = () => <YearFrame>{(year) => <ClosingStepsEditor year={year} />}</YearFrame>;
