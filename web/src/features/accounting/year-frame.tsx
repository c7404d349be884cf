import { Button, Group, Tabs } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { SettingsIcon } from "../../components/icons.tsx";
import { useCan } from "./access.ts";
import { type FiscalYear, yearQuery } from "./api.ts";
import { BooksPage } from "./books-page.tsx";
import { yearPath, yearSettingsPath, yearsPath } from "./paths.ts";
import { QueryView, useDay } from "./ui.tsx";
import { useYearName, YearStatusBadge } from "./year-parts.tsx";

const yearTabs = ["", "overview", "data", "step"] as const;

/** The frame of a fiscal year's screens: title, status, and the tabs between them. */
export const YearFrame = ({ children }: { children: (year: FiscalYear) => ReactNode }) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const yearName = useYearName();
  const can = useCan();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const id = useParams().id ?? "";
  const year = useQuery({ ...yearQuery(id), enabled: can("balancesheet", "read") });
  // The segment after the year's id: `/step/edit` is under the « step » tab, `/edit` under the summary.
  const segments = pathname.split("/");
  const sub = segments[segments.indexOf("balancesheet") + 2] ?? "";
  const tab = yearTabs.find((name) => name && name === sub) ?? "";
  const onSettings = sub === "edit";
  return (
    <BooksPage
      allowed={can("balancesheet", "read")}
      title={year.data ? yearName(year.data) : t("years.title")}
      deniedTitle={t("years.title")}
      description={
        year.data ? (
          <Group gap="sm" component="span">
            <span>{t("years.range", { start: day(year.data.start), end: day(year.data.end) })}</span>
            <YearStatusBadge year={year.data} />
          </Group>
        ) : undefined
      }
      crumbs={[{ to: yearsPath, label: t("years.title") }]}
      actions={
        year.data && !onSettings ? (
          <Button
            component={Link}
            to={yearSettingsPath(id)}
            variant="default"
            leftSection={<SettingsIcon />}
            data-testid="year-settings"
          >
            {t("years.settings.link")}
          </Button>
        ) : null
      }
    >
      <Tabs
        value={tab || "summary"}
        onChange={(value) => {
          if (value) void navigate(value === "summary" ? yearPath(id) : `${yearPath(id)}/${value}`);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {yearTabs.map((sub) => (
            <Tabs.Tab
              key={sub || "summary"}
              value={sub || "summary"}
              data-testid={`year-tab-${sub || "summary"}`}
            >
              {t(`years.tabs.${sub || "summary"}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <QueryView query={year} testId="year-error">
        {(data) => children(data)}
      </QueryView>
    </BooksPage>
  );
};
