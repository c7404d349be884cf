import {
  AppShell,
  Avatar,
  Box,
  Burger,
  Button,
  Group,
  NavLink as MantineNavLink,
  Menu,
  ScrollArea,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { BuildingIcon, LogoutIcon, SwitchIcon, UserIcon } from "../../components/icons.tsx";
import { LanguageSwitch } from "../../components/language-switch.tsx";
import { ThemeSwitch } from "../../components/theme-switch.tsx";
import { ReadOnlyBanner, useBillingShown } from "../../features/billing/read-only-banner.tsx";
import { HelpButton } from "../../features/help/help-button.tsx";
import { visibleSections } from "../../features/org/nav.tsx";
import { ReleasesNavLink, releasesPath } from "../../features/releases/releases-nav-link.tsx";
import { logout } from "../../features/session/api.ts";
import { useSession } from "../../lib/session-store.ts";
import { Brand } from "./public-chrome.tsx";

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join("");

const OrgSwitchButton = () => {
  const { t } = useTranslation("app");
  const session = useSession();
  const org = session.status === "authenticated" ? session.user.org : null;
  return (
    <Button
      component={Link}
      to="/user/orgs"
      variant="default"
      size="sm"
      leftSection={<BuildingIcon size={16} />}
      rightSection={<SwitchIcon size={14} />}
      maw={280}
      miw={0}
      className="registre-org-switch"
      data-testid="org-switch"
      aria-label={t("frame.changeOrg")}
      title={t("frame.changeOrg")}
    >
      <Text span size="sm" fw={600} truncate>
        {org ? org.name : t("frame.noOrg")}
      </Text>
    </Button>
  );
};

const UserMenu = () => {
  const { t } = useTranslation(["app", "common"]);
  const session = useSession();
  const navigate = useNavigate();
  if (session.status !== "authenticated") return null;
  const { user } = session;
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t("frame.userMenu")} data-testid="user-menu">
          <Avatar radius="xl" size={34} color="registre">
            {initials(user.name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/account" leftSection={<UserIcon size={16} />}>
          {t("frame.account")}
        </Menu.Item>
        <Menu.Item component={Link} to="/user/orgs" leftSection={<SwitchIcon size={16} />}>
          {t("frame.changeOrg")}
        </Menu.Item>
        {/* On a phone the header has no room for the theme: it is here. */}
        <Group hiddenFrom="sm" px="sm" py={6} gap="sm" justify="space-between" data-testid="user-menu-theme">
          <Text size="sm">{t("common:theme.label")}</Text>
          <ThemeSwitch />
        </Group>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<LogoutIcon size={16} />}
          onClick={() => void logout().then(() => navigate("/"))}
          data-testid="logout"
        >
          {t("frame.logout")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};

/**
 * The frame's navigation. The section of the current page is open, and only it, so that its links stay
 * above the fold; the user may open others. The current link is scrolled into view.
 */
const Navigation = ({ onNavigate }: { onNavigate: () => void }) => {
  const { t } = useTranslation("app");
  const { pathname } = useLocation();
  const session = useSession();
  // The release notes' link is outside the sections: on its page, none of theirs is current.
  const active = (to: string) =>
    pathname !== releasesPath && (pathname === to || pathname.startsWith(`${to}/`));
  const sections = visibleSections(session, { billing: useBillingShown() });
  // Off any section (the dashboard, the account), the first one is open, as a table of contents.
  const current =
    sections.find((section) => !section.direct && section.items.some((item) => active(item.to)))?.key ??
    sections.find((section) => !section.direct)?.key;
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(current ? [current] : []));
  useEffect(() => {
    if (current) setOpened(new Set([current]));
  }, [current]);
  const nav = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on each navigation
  useEffect(() => {
    // After the section's opening animation: the current link, if below the fold, comes into view.
    const timer = window.setTimeout(() => {
      const link = nav.current?.querySelector<HTMLElement>(".registre-navlink-child[data-active]");
      link?.scrollIntoView({ block: "nearest" });
    }, 250);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  const toggle = (key: string, open: boolean) =>
    setOpened((previous) => {
      const next = new Set(previous);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });
  const entry = (section: (typeof sections)[number]) => {
    if (section.direct && section.items[0]) {
      const item = section.items[0];
      return (
        <MantineNavLink
          key={section.key}
          component={NavLink}
          to={item.to}
          label={t(section.label)}
          leftSection={section.icon}
          active={active(item.to)}
          onClick={onNavigate}
          className="registre-navlink"
        />
      );
    }
    return (
      <MantineNavLink
        key={section.key}
        label={t(section.label)}
        leftSection={section.icon}
        opened={opened.has(section.key)}
        onChange={(open) => toggle(section.key, open)}
        childrenOffset={30}
        className="registre-navlink"
        data-testid={`nav-${section.key}`}
      >
        {section.items.map((item) => (
          <MantineNavLink
            key={item.to}
            component={NavLink}
            to={item.to}
            end
            label={t(item.label)}
            active={
              active(item.to) &&
              !section.items.some((other) => other.to.length > item.to.length && active(other.to))
            }
            onClick={onNavigate}
            className="registre-navlink-child"
          />
        ))}
      </MantineNavLink>
    );
  };
  // The release notes right after the dashboard, for every member (not a right's link: nav.tsx).
  const dashboard = sections.findIndex((section) => section.key === "dashboard") + 1;
  return (
    <nav aria-label={t("frame.navigation")} ref={nav}>
      {sections.slice(0, dashboard).map(entry)}
      <ReleasesNavLink onNavigate={onNavigate} />
      {sections.slice(dashboard).map(entry)}
    </nav>
  );
};

/** The `default` layout: the authenticated frame of the organisation area. */
export const DefaultLayout = () => {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { t } = useTranslation("app");
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding={0}
      data-layout="default"
    >
      <AppShell.Header>
        {/* On a phone: the logo without its name, the organisation's name cut to what is left, the theme
            in the user's menu — the language and the user's menu always in view. */}
        <Group h="100%" px={{ base: "sm", sm: "md" }} gap="xs" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0} className="registre-header-start">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t("frame.menu")} />
            <Brand to="/org/dashboard" nameFrom="sm" />
            <OrgSwitchButton />
          </Group>
          <Group gap="sm" wrap="nowrap" className="registre-header-end">
            <HelpButton />
            <LanguageSwitch />
            <Box visibleFrom="sm">
              <ThemeSwitch />
            </Box>
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <AppShell.Section grow component={ScrollArea} p="xs">
          <Navigation onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main className="registre-main">
        <ReadOnlyBanner />
        <div className="registre-content">
          <Outlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
};
