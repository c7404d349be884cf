import { Button, Group, Stack } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { Tag } from "../../components/tag.tsx";
import { z } from "../../lib/zod.ts";
import { downloadFile, useCan } from "./access.ts";
import type { FiscalYear } from "./api.ts";
import { DownloadIcon, LockIcon } from "./ui.tsx";

/** « Exercice 2026 » for a calendar year, « Exercice 2025-2026 » otherwise. */
export const useYearName = () => {
  const { t } = useTranslation("accounting");
  return (year: Pick<FiscalYear, "start" | "end">) => {
    const first = year.start.slice(0, 4);
    const last = year.end.slice(0, 4);
    return t("years.name", { years: first === last ? first : `${first}-${last}` });
  };
};

/** A year's dates as typed, to open one or to move one: both given, the end not before the start. */
export const useYearDatesSchema = () => {
  const { t } = useTranslation("accounting");
  return useMemo(
    () =>
      z.object({ start: z.string(), end: z.string() }).superRefine(({ start, end }, context) => {
        if (!start || !end)
          context.addIssue({
            code: "custom",
            path: [start ? "end" : "start"],
            message: t("years.bothDates"),
          });
        else if (end < start)
          context.addIssue({ code: "custom", path: ["end"], message: t("common.rangeInvalid") });
      }),
    [t],
  );
};

export const YearStatusBadge = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  return (
    <Tag
      color={year.status === "closed" ? "gray" : "teal"}
      leftSection={year.status === "closed" ? <LockIcon size={12} /> : undefined}
      data-testid="year-status"
    >
      {t(`years.status.${year.status}`)}
    </Tag>
  );
};

/** FEC and CSV of a fiscal year's entries, fetched with the session's token and saved. */
export const YearDownloads = ({ year, size = "sm" }: { year: FiscalYear; size?: "xs" | "sm" }) => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const download = useMutation({
    mutationFn: (format: "fec" | "csv") =>
      downloadFile(
        `/accounting/entries/download/${encodeURIComponent(year.id)}?format=${format}`,
        format === "fec" ? `FEC${year.end.replaceAll("-", "")}.txt` : `ecritures-${year.end.slice(0, 4)}.csv`,
      ),
  });
  if (!can("entries.export", "read")) return null;
  return (
    <Stack gap={6}>
      <Group gap="xs">
        {(["fec", "csv"] as const).map((format) => (
          <Button
            key={format}
            variant="default"
            size={size}
            leftSection={<DownloadIcon />}
            loading={download.isPending && download.variables === format}
            onClick={() => download.mutate(format)}
            data-testid={`download-${format}`}
          >
            {t(`years.download.${format}`)}
          </Button>
        ))}
      </Group>
      {download.isError ? <ErrorAlert error={download.error} testId="download-error" /> : null}
    </Stack>
  );
};
