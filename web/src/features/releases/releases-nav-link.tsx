import { Badge, NavLink as MantineNavLink } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { useSession } from "../../lib/session-store.ts";
import { useUnreadReleases } from "./api.ts";

export const releasesPath = "/org/dashboard/releases";

const SparklesIcon = ({ size = 18 }: { size?: number }) => (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.75}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />
    <path d="M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
  </svg>
);

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
