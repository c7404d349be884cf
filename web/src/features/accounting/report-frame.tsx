import { Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DateField } from "../../components/date-input.tsx";
import { NoAccessPage } from "../../components/no-access-page.tsx";
import { api } from "../../lib/api-client.ts";
import { useCan } from "./access.ts";
import { accountingKeys, type FiscalYear, yearsQuery } from "./api.ts";
import { reportsPath } from "./paths.ts";
import { today } from "./ui.tsx";
import { useYearName } from "./years-pages.tsx";

/**
 * A report's settings kept in the address: the parameters, and `set` changing some of them (an empty
 * value removes one) in place of the current entry of the history.
 */
export const useReportParams = () => {
  const [params, setParams] = useSearchParams();
  const set = (next: Record<string, string | null>) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next))
          if (value) updated.set(key, value);
          else updated.delete(key);
        return updated;
      },
      { replace: true },
    );
  return { params, set };
};

export const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The year a report opens on: the one holding today, unless the books' newest validated entry is
 * older than it (a new year whose opening entries are still drafts): then that entry's year. Else
 * the latest year. The dashboard's figures follow the same rule.
 */
export const booksYear = (
  years: readonly FiscalYear[],
  newestValidated: string | null,
): FiscalYear | undefined => {
  const now = today();
  const current = years.find((y) => y.start <= now && now <= y.end) ?? years.at(-1);
  if (!current || newestValidated === null || newestValidated >= current.start) return current;
  return years.find((y) => y.start <= newestValidated && newestValidated <= y.end) ?? current;
};

/** The date of the newest validated entry, or null when there is none. */
export const newestValidatedQuery = () => ({
  queryKey: [...accountingKeys.all, "newest-validated"] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const page = await api.get("/accounting/entries", { query: { status: "validated", limit: 1 }, signal });
    return page.items[0]?.date ?? null;
  },
  staleTime: 30_000,
});

/**
 * The fiscal years (when the user may read them) and the one to show first; `ready` once that choice
 * is known, so that a report does not ask for one year and then another.
 */
export const useYears = () => {
  const can = useCan();
  const allowed = can("balancesheet", "read");
  const years = useQuery({ ...yearsQuery(), enabled: allowed });
  const readsEntries = can("entries", "read");
  const newest = useQuery({ ...newestValidatedQuery(), enabled: readsEntries });
  const items = years.data?.items ?? [];
  const ready = (!allowed || !years.isPending) && (!readsEntries || !newest.isPending);
  const current = ready ? booksYear(items, newest.data ?? null) : undefined;
  return { years, items, current, allowed, ready };
};

export const YearSelect = ({
  items,
  value,
  onChange,
}: {
  items: readonly FiscalYear[];
  value: string | null;
  onChange: (id: string) => void;
}) => {
  const { t } = useTranslation("accounting");
  const yearName = useYearName();
  return (
    <Select
      label={t("reports.year")}
      data={[...items].reverse().map((y) => ({
        value: y.id,
        label: `${yearName(y)}${y.status === "closed" ? ` · ${t("years.status.closed")}` : ""}`,
      }))}
      value={value}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      allowDeselect={false}
      w={260}
      data-testid="report-year"
    />
  );
};

/** A report's period: its first and last days, the last refused before the first. */
export const PeriodFields = ({
  start,
  end,
  onChange,
}: {
  start: string;
  end: string;
  onChange: (change: { start: string } | { end: string }) => void;
}) => {
  const { t } = useTranslation("accounting");
  return (
    <>
      <DateField
        label={t("common.from")}
        value={start}
        onChange={(day) => onChange({ start: day })}
        error={end < start ? t("common.rangeInvalid") : undefined}
        w={170}
      />
      <DateField label={t("common.to")} value={end} onChange={(day) => onChange({ end: day })} w={170} />
    </>
  );
};

export const ReportGate = ({
  title,
  crumbs,
  children,
}: {
  title: string;
  crumbs?: boolean;
  children: ReactNode;
}) => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  if (can("accounting", "read")) return <>{children}</>;
  return (
    <NoAccessPage
      title={title}
      crumbs={crumbs ? [{ to: reportsPath, label: t("reports.title") }] : undefined}
    />
  );
};
