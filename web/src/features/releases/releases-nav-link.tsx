import { Badge, NavLink as MantineNavLink } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { SparklesIcon } from "../../components/icons.tsx";
import { useSession } from "../../lib/session-store.ts";
import { useUnreadReleases } from "./api.ts";

export const releasesPath = "/org/dashboard/releases";

/**
 * « Nouveautés » in the frame's navigation, for every member: the product's release notes, with a badge
 * counting those published since the member's last visit.
 */
export const ReleasesNavLink = ({ onNavigate }: { onNavigate: () => void }) => {
  const { t } = useTranslation(["platform", "app"]);
  const session = useSession();
  const { pathname } = useLocation();
  const unread = useUnreadReleases(session.status === "authenticated");
  if (session.status !== "authenticated") return null;
  return (
    <MantineNavLink
      component={NavLink}
      to={releasesPath}
      label={t("platform:releases.newsTitle")}
      leftSection={<SparklesIcon />}
      active={pathname === releasesPath}
      rightSection={
        unread > 0 ? (
          <Badge
            size="sm"
            circle
            color="indigo"
            aria-label={t("platform:releases.unreadBadge", { count: unread })}
            data-testid="releases-unread"
          >
            {unread > 9 ? "9+" : unread}
          </Badge>
        ) : null
      }
      onClick={onNavigate}
      className="registre-navlink"
      data-testid="nav-releases"
    />
  );
};
