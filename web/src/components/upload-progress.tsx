import { Progress, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../i18n/format.ts";
import { apiRequest } from "../lib/http.ts";

type UploadProgressAnswer = {
  phase: "reading" | "checking" | "writing" | "projecting" | "done";
  done: number;
  total: number;
  updatedAt: string;
};

/** « 42 s », « 1 min 05 s ». */
const elapsedText = (ms: number): string => {
  const seconds = Math.floor(ms / 1000);
  return seconds < 60
    ? `${seconds}\u00a0s`
    : `${Math.floor(seconds / 60)}\u00a0min ${String(seconds % 60).padStart(2, "0")}\u00a0s`;
};

/** The time since `startedAt` (a `Date.now()`), told again every second. */
const Elapsed = ({ startedAt }: { startedAt: number }) => {
  const { t } = useTranslation("common");
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text size="xs" c="dimmed" data-testid="upload-elapsed">
      {t("upload.elapsed", { time: elapsedText(Math.max(0, now - startedAt)) })}
    </Text>
  );
};

/**
 * Where a long import stands while its request runs (`GET /uploads/progress/{key}`, by the key the
 * import was sent with): its phase and how many of how many rows, asked twice a second. Before the
 * server's first report, the file is being read. With `startedAt`, the time it has taken so far.
 */
export const UploadProgress = ({ uploadKey, startedAt }: { uploadKey: string; startedAt?: number }) => {
  const { t } = useTranslation("common");
  const format = useFormat();
  const progress = useQuery({
    queryKey: ["uploadProgress", uploadKey],
    queryFn: () => apiRequest<UploadProgressAnswer>(`/uploads/progress/${uploadKey}`),
    refetchInterval: 500,
    retry: false,
  });
  const phase = progress.data?.phase ?? "reading";
  const { done = 0, total = 0 } = progress.data ?? {};
  const counted = total > 0;
  return (
    <Stack gap={4} data-testid="upload-progress" aria-live="polite">
      <Text size="sm">
        {counted
          ? t(`upload.counted.${phase}`, { done: format.number(done), total: format.number(total) })
          : t(`upload.phase.${phase}`)}
      </Text>
      <Progress
        value={counted ? Math.round((done / total) * 100) : 100}
        striped={!counted || phase !== "writing"}
        animated={!counted || phase !== "writing"}
        aria-label={t(`upload.phase.${phase}`)}
      />
      {startedAt === undefined ? null : <Elapsed startedAt={startedAt} />}
    </Stack>
  );
};
