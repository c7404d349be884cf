import { Badge, Box, Container, Group, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CheckIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { Picture } from "../../components/picture.tsx";
import { useSession } from "../../lib/session-store.ts";

export const HeroActions = ({ centered = false }: { centered?: boolean }) => {
  const { t } = useTranslation("public");
  const session = useSession();
  return (
    <Group gap="sm" justify={centered ? "center" : "flex-start"}>
      {session.status === "authenticated" ? (
        <LinkButton to="/org/dashboard" size="md" data-testid="hero-open-app">
          {t("hero.openApp")}
        </LinkButton>
      ) : (
        <LinkButton to="/register" size="md" data-testid="hero-register">
          {t("hero.start")}
        </LinkButton>
      )}
      <LinkButton to="/public/prices" size="md" variant="default">
        {t("hero.prices")}
      </LinkButton>
    </Group>
  );
};

export const HeroPoints = () => {
  const { t } = useTranslation("public");
  return (
    <List
      spacing={6}
      size="sm"
      c="dimmed"
      icon={
        <ThemeIcon size={20} radius="xl" variant="light" color="teal">
          <CheckIcon size={14} />
        </ThemeIcon>
      }
    >
      <List.Item>{t("hero.point1")}</List.Item>
      <List.Item>{t("hero.point2")}</List.Item>
      <List.Item>{t("hero.point3")}</List.Item>
    </List>
  );
};

/** The product preview: a WebP screenshot where the browser reads it, PNG otherwise. */
export const ProductShot = () => {
  const { t } = useTranslation("public");
  return (
    <Box className="registre-shot">
      <Picture
        src="/img/dashboard.png"
        alt={t("hero.shotAlt")}
        width={1200}
        height={750}
        loading="eager"
        data-testid="hero-picture"
      />
    </Box>
  );
};

export const Hero = ({ layout = "split" }: { layout?: "split" | "centered" }) => {
  const { t } = useTranslation("public");
  const centered = layout === "centered";
  return (
    <Box className="registre-hero">
      <Container size="xl" py={{ base: 48, md: 72 }} px={{ base: "md", md: "xl" }}>
        <Group align="center" gap={56} wrap="nowrap" className="registre-hero-grid" data-layout={layout}>
          <Stack
            gap="lg"
            maw={centered ? 760 : 560}
            mx={centered ? "auto" : undefined}
            ta={centered ? "center" : undefined}
          >
            <Group justify={centered ? "center" : "flex-start"}>
              <Badge variant="light" size="lg" tt="none" fw={600} data-testid="hero-trial">
                {t("hero.trial")}
              </Badge>
            </Group>
            <Title order={1} fz={{ base: 30, md: 40 }} fw={700} lh={1.15} lts={-0.6}>
              {t("hero.title")}
            </Title>
            <Text size="lg" c="dimmed">
              {t("hero.lead")}
            </Text>
            <HeroActions centered={centered} />
            {centered ? null : <HeroPoints />}
          </Stack>
          {centered ? null : <ProductShot />}
        </Group>
      </Container>
    </Box>
  );
};
