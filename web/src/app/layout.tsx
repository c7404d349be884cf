import {
  ActionIcon,
  AppShell,
  Box,
  Container,
  Group,
  SegmentedControl,
  Text,
  Tooltip,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { LogoMark, MoonIcon, SunIcon } from "../components/icons.tsx";
import { orgsRoute } from "../features/orgs/paths.ts";
import { currentLocale, isLocale, type Locale, locales } from "../i18n/i18n.ts";

const LanguageSwitch = () => {
  const { t, i18n } = useTranslation("common");
  const value = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLocale();
  const names: Record<Locale, string> = { fr: t("language.fr"), en: t("language.en") };
  return (
    <SegmentedControl
      size="xs"
      aria-label={t("language.label")}
      data-testid="language-switch"
      value={value}
      onChange={(next) => {
        if (isLocale(next)) void i18n.changeLanguage(next);
      }}
      data={locales.map((locale) => ({
        value: locale,
        label: (
          <span title={names[locale]} lang={locale}>
            {locale.toUpperCase()}
            <VisuallyHidden>{` ${names[locale]}`}</VisuallyHidden>
          </span>
        ),
      }))}
    />
  );
};

const ColorSchemeToggle = () => {
  const { t } = useTranslation("common");
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: true });
  const label = computed === "dark" ? t("colorScheme.toLight") : t("colorScheme.toDark");
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        onClick={() => setColorScheme(computed === "dark" ? "light" : "dark")}
      >
        {computed === "dark" ? <SunIcon /> : <MoonIcon />}
      </ActionIcon>
    </Tooltip>
  );
};

export const AppLayout = () => {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  const onOrgs = pathname === "/" || pathname === orgsRoute || pathname.startsWith(`${orgsRoute}/`);
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <Container size="xl" h="100%" px={{ base: "md", md: "xl" }}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="xl" wrap="nowrap" miw={0}>
              <UnstyledButton component={Link} to="/" aria-label={t("app.home")} className="registre-brand">
                <Group gap={10} wrap="nowrap">
                  <LogoMark />
                  <Text component="span" fw={700} fz="lg" lts={-0.2}>
                    {t("app.name")}
                  </Text>
                  <Text component="span" c="dimmed" fz="sm" visibleFrom="sm" className="registre-tagline">
                    {t("app.tagline")}
                  </Text>
                </Group>
              </UnstyledButton>
              <Box component="nav" aria-label={t("nav.main")} visibleFrom="sm">
                <Group gap={4} wrap="nowrap">
                  <Link
                    to={orgsRoute}
                    className="registre-nav-link"
                    data-active={onOrgs || undefined}
                    aria-current={onOrgs ? "page" : undefined}
                  >
                    {t("nav.organisations")}
                  </Link>
                </Group>
              </Box>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <LanguageSwitch />
              <ColorSchemeToggle />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main className="registre-main">
        <Container size="xl" py="xl" px={{ base: "md", md: "xl" }}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
};
