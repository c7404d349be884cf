import { useTranslation } from "react-i18next";
import { SectionTabs } from "../users/platform-ui.tsx";
import { orgHistoryRoute, orgLogRoute, orgMembersRoute, orgRoute } from "./paths.ts";

/** The links between an organisation's platform screens: settings and history, members, log. */
export const OrgTabs = ({ orgId }: { orgId: string }) => {
  const { t } = useTranslation("platform");
  return (
    <SectionTabs
      label={t("org.tabs")}
      tabs={[
        { to: orgRoute(orgId), label: t("org.detail"), testId: "org-tab-detail" },
        { to: orgMembersRoute(orgId), label: t("org.members"), testId: "org-tab-members" },
        { to: orgHistoryRoute(orgId), label: t("org.history"), testId: "org-tab-history" },
        { to: orgLogRoute(orgId), label: t("org.log"), testId: "org-tab-log" },
      ]}
    />
  );
};
