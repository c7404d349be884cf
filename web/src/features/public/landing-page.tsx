import { Box, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TitleLine } from "../../components/section-title.tsx";
import { DomainCarousels, SectionHeading } from "./domains.tsx";
import { Hero, HeroActions } from "./hero.tsx";

const pillars = ["ledger", "vat", "export", "secure"] as const;

export const Pillars = () => {
  const { t } = useTranslation("public");
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
      {pillars.map((pillar) => (
        <Stack key={pillar} gap={6}>
          <TitleLine title={t(`pillars.${pillar}.title`)} hint={t(`pillars.${pillar}.text`)} />
        </Stack>
      ))}
    </SimpleGrid>
  );
};

export const CallToAction = () => {
  const { t } = useTranslation("public");
  return (
    <Paper p={{ base: "lg", md: 40 }} className="registre-cta">
      <Group justify="space-between" gap="lg">
        <div>
          <Title order={2} fz={24}>
            {t("cta.title")}
          </Title>
          <Text c="dimmed" mt={6}>
            {t("cta.text")}
          </Text>
        </div>
        <HeroActions />
      </Group>
    </Paper>
  );
};

export const LandingPage = () => {
  const { t } = useTranslation(["public", "common"]);
  return (
    <>
      <title>{`${t("common:app.name")} · ${t("public:hero.title")}`}</title>
      <Hero />
      <Box component="section" py={{ base: 48, md: 72 }} aria-labelledby="domains-title">
        <Container size="xl" px={{ base: "md", md: "xl" }}>
          <Box id="domains-title">
            <SectionHeading
              eyebrow={t("public:domains.eyebrow")}
              title={t("public:domains.title")}
              lead={t("public:domains.lead")}
            />
          </Box>
          <DomainCarousels />
        </Container>
      </Box>
      <Box component="section" py={{ base: 40, md: 56 }} className="registre-band">
        <Container size="xl" px={{ base: "md", md: "xl" }}>
          <Pillars />
        </Container>
      </Box>
      <Container size="xl" py={{ base: 48, md: 72 }} px={{ base: "md", md: "xl" }}>
        <CallToAction />
        <Text size="xs" c="dimmed" ta="center" mt="lg">
          {t("public:cta.note")} <Link to="/readme">{t("public:cta.readme")}</Link>
        </Text>
      </Container>
    </>
  );
};
