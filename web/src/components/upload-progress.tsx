import { Progress, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useFormat } from "../i18n/format.ts";
import { apiRequest } from "../lib/http.ts";

type UploadProgressAnswer = {
  phase: "reading" | "checking" | "writing" | "projecting" | "done";
  done: number;
  total: number;
  updatedAt: string;
};

/**
 * Where a long import stands while its request runs (`GET /uploads/progress/{key}`, by the key the
 * import was sent with): its phase and how many of how many rows, asked twice a second. Before the
 * server's first report, the file is being read.
 */
export const UploadProgress = ({ uploadKey }: { uploadKey: string }) => {
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
    </Stack>
  );
};
