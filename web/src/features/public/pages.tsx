import {
  Badge,
  Box,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon, ContactsIcon, ItemsIcon, SettingsIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { ContactForm } from "../mail/contact-form.tsx";
import { DomainCarousel, DomainCarousels, domainIcons, domains, SectionHeading } from "./domains.tsx";
import { Hero, HeroPoints, ProductShot } from "./hero.tsx";
import { CallToAction, Pillars } from "./landing-page.tsx";

const PageTitle = ({ title, lead, eyebrow }: { title: string; lead?: string; eyebrow?: string }) => {
  const { t } = useTranslation("common");
  return (
    <Box mb={40} maw={760}>
      <title>{`${title} · ${t("app.name")}`}</title>
      {eyebrow ? (
        <Text size="xs" fw={700} tt="uppercase" c="registre" lts={1.2} mb={6}>
          {eyebrow}
        </Text>
      ) : null}
      <Title order={1} fz={{ base: 28, md: 36 }} lh={1.15}>
        {title}
      </Title>
      {lead ? (
        <Text size="lg" c="dimmed" mt="sm">
          {lead}
        </Text>
      ) : null}
    </Box>
  );
};

const moreAreas: { key: "contacts" | "items" | "settings"; icon: ReactNode }[] = [
  { key: "contacts", icon: <ContactsIcon /> },
  { key: "items", icon: <ItemsIcon /> },
  { key: "settings", icon: <SettingsIcon /> },
];

/** `/public`: what the product does, domain by domain. */
export const PublicHomePage = () => {
  const { t } = useTranslation("public");
  return (
    <Stack gap={56}>
      <PageTitle
        eyebrow={t("publicHome.eyebrow")}
        title={t("publicHome.title")}
        lead={t("publicHome.lead")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" mt={-24}>
        {domains.map((domain) => (
          <Paper key={domain} p="lg">
            <ThemeIcon variant="light" size={40} radius="md" mb="md">
              {domainIcons[domain]}
            </ThemeIcon>
            <Text fw={650}>{t(`domains.${domain}.title`)}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`domains.${domain}.lead`)}
            </Text>
          </Paper>
        ))}
        {moreAreas.map((area) => (
          <Paper key={area.key} p="lg">
            <ThemeIcon variant="light" color="gray" size={40} radius="md" mb="md">
              {area.icon}
            </ThemeIcon>
            <Group gap="xs">
              <Text fw={650}>{t(`areas.${area.key}.title`)}</Text>
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`areas.${area.key}.text`)}
            </Text>
          </Paper>
        ))}
        <Paper p="lg" className="registre-cta">
          <Text fw={650}>{t("hero.trial")}</Text>
          <Text size="sm" c="dimmed" mt={4} mb="md">
            {t("cta.text")}
          </Text>
          <LinkButton to="/register" size="sm">
            {t("hero.start")}
          </LinkButton>
        </Paper>
      </SimpleGrid>
      <Pillars />
    </Stack>
  );
};

const plans = [
  { months: 1, key: "monthly" },
  { months: 3, key: "quarterly" },
  { months: 6, key: "halfYearly" },
  { months: 12, key: "yearly" },
] as const;

/** `/public/prices`: plans priced by months, the first month free. Prices are not published yet. */
export const PricesPage = () => {
  const { t } = useTranslation("public");
  return (
    <Stack gap="xl">
      <PageTitle eyebrow={t("prices.eyebrow")} title={t("prices.title")} lead={t("prices.lead")} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" mt={-16}>
        {plans.map((plan) => (
          <Paper
            key={plan.key}
            p="lg"
            className="registre-plan"
            data-featured={plan.months === 12 || undefined}
            data-testid="plan"
          >
            <Stack gap="md" h="100%">
              <div>
                <Text fw={700} fz="lg">
                  {t(`prices.plans.${plan.key}`)}
                </Text>
                <Text c="dimmed" size="sm">
                  {t("prices.duration", { count: plan.months })}
                </Text>
              </div>
              <Badge variant="light" color="teal" size="lg" tt="none" fw={600} data-testid="plan-trial">
                {t("prices.firstMonthFree")}
              </Badge>
              <Text size="sm" c="dimmed">
                {t("prices.priceOnRequest")}
              </Text>
              <List
                spacing={6}
                size="sm"
                icon={
                  <ThemeIcon size={18} radius="xl" variant="light">
                    <CheckIcon size={12} />
                  </ThemeIcon>
                }
                style={{ flexGrow: 1 }}
              >
                <List.Item>{t("prices.features.full")}</List.Item>
                <List.Item>{t("prices.features.users")}</List.Item>
                <List.Item>{t("prices.features.export")}</List.Item>
                {plan.months >= 6 ? <List.Item>{t("prices.features.support")}</List.Item> : null}
              </List>
              <LinkButton to="/register" variant={plan.months === 12 ? "filled" : "default"} fullWidth>
                {t("prices.start")}
              </LinkButton>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper p="lg">
        <Title order={2} mb="sm">
          {t("prices.trialTitle")}
        </Title>
        <Text c="dimmed">{t("prices.trialText")}</Text>
      </Paper>
    </Stack>
  );
};

export const AboutPage = () => {
  const { t } = useTranslation("public");
  return (
    <Stack gap="xl" maw={820}>
      <PageTitle eyebrow={t("about.eyebrow")} title={t("about.title")} lead={t("about.lead")} />
      {(["mission", "ledger", "data"] as const).map((section) => (
        <Box key={section} mt={-16}>
          <Title order={2} mb={6}>
            {t(`about.${section}.title`)}
          </Title>
          <Text c="dimmed">{t(`about.${section}.text`)}</Text>
        </Box>
      ))}
      <ContactForm />
    </Stack>
  );
};

export const ReadmePage = () => {
  const { t } = useTranslation("public");
  const steps = ["register", "organisation", "import", "entries", "lettering", "close"] as const;
  return (
    <Stack gap="xl" maw={820}>
      <PageTitle eyebrow={t("readme.eyebrow")} title={t("readme.title")} lead={t("readme.lead")} />
      <Stack component="ol" gap="md" mt={-16} p={0} className="registre-steps">
        {steps.map((step, index) => (
          <Paper key={step} component="li" p="lg">
            <Text fw={650}>{`${index + 1}. ${t(`readme.steps.${step}.title`)}`}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`readme.steps.${step}.text`)}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
};

/** `/public/home2` … `/public/home5`: the same material in other arrangements. */
export const HomeVariantPage = ({ variant }: { variant: 2 | 3 | 4 | 5 }) => {
  const { t } = useTranslation(["public", "common"]);
  const title = <title>{`${t("public:variants.title", { variant })} · ${t("common:app.name")}`}</title>;
  if (variant === 2) {
    return (
      <Box mx="calc(var(--registre-page-gutter) * -1)" mt={-40}>
        {title}
        <Hero layout="centered" />
        <Container size="xl" pb={56}>
          <DomainCarousels cols={4} />
        </Container>
      </Box>
    );
  }
  if (variant === 3) {
    return (
      <Stack gap={48}>
        {title}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
          <Stack gap="lg" justify="center">
            <Title order={1} fz={{ base: 30, md: 40 }} lh={1.15}>
              {t("public:hero.title")}
            </Title>
            <Text c="dimmed" size="lg">
              {t("public:hero.lead")}
            </Text>
            <HeroPoints />
          </Stack>
          <DomainCarousel domain="sales" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <DomainCarousel domain="purchases" />
          <DomainCarousel domain="banks" />
          <DomainCarousel domain="accounting" />
        </SimpleGrid>
      </Stack>
    );
  }
  if (variant === 4) {
    return (
      <Stack gap={48}>
        {title}
        <SectionHeading
          order={1}
          eyebrow={t("public:hero.trial")}
          title={t("public:hero.title")}
          lead={t("public:hero.lead")}
        />
        <ProductShot />
        <Pillars />
        <CallToAction />
      </Stack>
    );
  }
  return (
    <Stack gap={40}>
      {title}
      <SectionHeading
        order={1}
        eyebrow={t("public:domains.eyebrow")}
        title={t("public:domains.title")}
        lead={t("public:domains.lead")}
      />
      <DomainCarousels />
      <CallToAction />
    </Stack>
  );
};
