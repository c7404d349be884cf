import { SimpleGrid, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LedgerIcon } from "../../components/icons.tsx";
import { LinkCard } from "../../components/link-card.tsx";
import { TitleLine } from "../../components/section-title.tsx";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { reportPath, reportTypes, rightOfReport } from "./model.ts";

/** The reports index's management reports: each one the user may read, as a card opening it. */
export const ManagementReportLinks = () => {
  const { t } = useTranslation("accounting");
  const session = useSession();
  const shown = reportTypes.filter((type) => can(session, rightOfReport(type), "read"));
  if (shown.length === 0) return null;
  return (
    <Stack gap="sm">
      <TitleLine title={t("management.title")} hint={t("management.description")} size="lg" />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {shown.map((type) => (
          <LinkCard
            key={type}
            to={reportPath(type)}
            icon={<LedgerIcon />}
            title={t(`management.types.${type}.title`)}
            description={t(`management.types.${type}.description`)}
            testId={`report-link-${type}`}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
};
