import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { LogoMark } from "../../components/icons.tsx";
import { LanguageSwitch } from "../../components/language-switch.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { ThemeSwitch } from "../../components/theme-switch.tsx";
import { useSession } from "../../lib/session-store.ts";

/** The logo and the name; `nameFrom`: the name shows from that width up only (the logo alone below). */
export const Brand = ({ to = "/", nameFrom }: { to?: string; nameFrom?: "xs" | "sm" }) => {
  const { t } = useTranslation("common");
  return (
    <UnstyledButton component={Link} to={to} aria-label={t("app.home")} className="registre-brand">
      <Group gap={10} wrap="nowrap">
        <LogoMark />
        <Text component="span" fw={700} fz="lg" lts={-0.2} visibleFrom={nameFrom}>
          {t("app.name")}
        </Text>
      </Group>
    </UnstyledButton>
  );
};

const publicLinks = [
  { to: "/public", key: "product" },
  { to: "/public/prices", key: "prices" },
  { to: "/readme", key: "readme" },
  { to: "/about", key: "about" },
] as const;

export const PublicHeader = () => {
  const { t } = useTranslation("common");
  const session = useSession();
  return (
    <Box component="header" className="registre-public-header">
      <Container size="xl" h={64} px={{ base: "md", md: "xl" }}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="xl" wrap="nowrap">
            <Brand />
            <Group component="nav" aria-label={t("nav.main")} gap={4} visibleFrom="md" wrap="nowrap">
              {publicLinks.map((link) => (
                <NavLink key={link.to} to={link.to} end className="registre-nav-link">
                  {t(`publicNav.${link.key}`)}
                </NavLink>
              ))}
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <ThemeSwitch />
            {session.status === "authenticated" ? (
              <LinkButton to="/org/dashboard" size="sm" data-testid="header-open-app">
                {t("publicNav.openApp")}
              </LinkButton>
            ) : (
              <>
                <LinkButton to="/login" size="sm" variant="default" data-testid="header-login">
                  {t("publicNav.login")}
                </LinkButton>
                <LinkButton to="/register" size="sm" visibleFrom="sm" data-testid="header-register">
                  {t("publicNav.register")}
                </LinkButton>
              </>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
};

export const PublicFooter = () => {
  const { t } = useTranslation("common");
  const columns = [
    {
      title: t("footer.product"),
      links: [
        { to: "/public", label: t("publicNav.product") },
        { to: "/public/prices", label: t("publicNav.prices") },
        { to: "/readme", label: t("publicNav.readme") },
      ],
    },
    {
      title: t("footer.company"),
      links: [
        { to: "/about", label: t("publicNav.about") },
        { to: "/public/password/renew", label: t("footer.password") },
      ],
    },
  ];
  return (
    <Box component="footer" className="registre-public-footer">
      <Container size="xl" py={40} px={{ base: "md", md: "xl" }}>
        {/* The design variants (/public/home2…5) are for the team, not linked for visitors. */}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Brand />
            <Text size="sm" c="dimmed" maw={260}>
              {t("app.tagline")}
            </Text>
          </Stack>
          {columns.map((column) => (
            <Stack key={column.title} gap={6}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.8}>
                {column.title}
              </Text>
              {column.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={32}>
          {t("footer.legal", { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
};
