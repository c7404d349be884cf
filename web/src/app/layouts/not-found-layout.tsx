import { Box, Center, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LanguageSwitch } from "../../components/language-switch.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { ThemeSwitch } from "../../components/theme-switch.tsx";
import { useSession } from "../../lib/session-store.ts";
import { Brand } from "./public-chrome.tsx";

/** The `404` layout: any unknown path. */
export const NotFoundLayout = () => {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  const session = useSession();
  return (
    <Box className="registre-notfound" data-layout="404" data-testid="not-found">
      <title>{`${t("notFound.title")} · ${t("app.name")}`}</title>
      <Container size="xl" h={64} px={{ base: "md", md: "xl" }}>
        <Group h="100%" justify="space-between">
          <Brand />
          <Group gap="sm">
            <LanguageSwitch />
            <ThemeSwitch />
          </Group>
        </Group>
      </Container>
      <Center component="main" mih="calc(100dvh - 64px)" px="md">
        <Stack align="center" gap="md" ta="center" maw={520} pb={80}>
          <Text className="registre-404" fw={800} aria-hidden="true">
            404
          </Text>
          <Title order={1}>{t("notFound.title")}</Title>
          <Text c="dimmed">{t("notFound.description")}</Text>
          <Text size="sm" c="dimmed" ff="monospace" className="registre-404-path">
            {pathname}
          </Text>
          <Group mt="sm">
            <LinkButton to="/" data-testid="not-found-home">
              {t("notFound.home")}
            </LinkButton>
            {session.status === "authenticated" ? (
              <LinkButton to="/org/dashboard" variant="default">
                {t("notFound.dashboard")}
              </LinkButton>
            ) : null}
          </Group>
        </Stack>
      </Center>
    </Box>
  );
};
