import { EmptyState, Paper } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ShieldIcon } from "./icons.tsx";

/** The screen of someone without the right to read it. */
export const NoAccess = ({ testId = "no-access" }: { testId?: string }) => {
  const { t } = useTranslation("common");
  return (
    <Paper>
      <EmptyState
        py={56}
        icon={<ShieldIcon width={28} height={28} />}
        withIndicatorBackground
        title={t("access.deniedTitle")}
        description={t("access.deniedText")}
        data-testid={testId}
      />
    </Paper>
  );
};
