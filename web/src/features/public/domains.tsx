import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Carousel } from "../../components/carousel.tsx";
import { BankIcon, LedgerIcon, PurchasesIcon, SalesIcon } from "../../components/icons.tsx";
import { useFormat } from "../../i18n/format.ts";

export const domains = ["sales", "purchases", "banks", "accounting"] as const;
export type Domain = (typeof domains)[number];

export const domainIcons: Record<Domain, ReactNode> = {
  sales: <SalesIcon />,
  purchases: <PurchasesIcon />,
  banks: <BankIcon />,
  accounting: <LedgerIcon />,
};

type Status = "paid" | "due" | "late" | "draft" | "reconciled" | "validated";
type SampleRow = { ref: string; party: string; date: string; amount: number; status: Status };

const statusColor: Record<Status, string> = {
  paid: "teal",
  due: "blue",
  late: "red",
  draft: "gray",
  reconciled: "teal",
  validated: "indigo",
};

/** Example figures shown on the public pages: fictitious companies, formatted with Intl. */
const samples: Record<Domain, SampleRow[][]> = {
  sales: [
    [
      { ref: "DE-2026-0118", party: "Boulangerie Martin", date: "2026-05-04", amount: 2480, status: "draft" },
      {
        ref: "DE-2026-0117",
        party: "Garage Moreau",
        date: "2026-05-02",
        amount: 12650.5,
        status: "validated",
      },
    ],
    [
      { ref: "FA-2026-0342", party: "Cabinet Lefèvre", date: "2026-04-28", amount: 1860, status: "paid" },
      { ref: "FA-2026-0341", party: "Atelier Dupont", date: "2026-04-25", amount: 4315.2, status: "due" },
      { ref: "FA-2026-0329", party: "Hôtel du Parc", date: "2026-03-31", amount: 960, status: "late" },
    ],
    [
      { ref: "RG-2026-0087", party: "Cabinet Lefèvre", date: "2026-05-03", amount: 1860, status: "paid" },
      { ref: "RG-2026-0086", party: "Garage Moreau", date: "2026-05-01", amount: 3200, status: "paid" },
    ],
  ],
  purchases: [
    [
      {
        ref: "CF-2026-0055",
        party: "Papeterie Centrale",
        date: "2026-05-05",
        amount: 342.8,
        status: "validated",
      },
      { ref: "CF-2026-0054", party: "Métaux du Rhône", date: "2026-05-02", amount: 5870, status: "draft" },
    ],
    [
      { ref: "FF-2026-0211", party: "EDF Entreprises", date: "2026-04-30", amount: 618.42, status: "due" },
      { ref: "FF-2026-0208", party: "Orange Business", date: "2026-04-27", amount: 89.9, status: "paid" },
    ],
    [
      { ref: "RF-2026-0144", party: "Métaux du Rhône", date: "2026-04-29", amount: 5870, status: "paid" },
      { ref: "RF-2026-0143", party: "Transports Girard", date: "2026-04-22", amount: 1240, status: "paid" },
    ],
  ],
  banks: [
    [
      { ref: "REL-04", party: "Crédit Mutuel", date: "2026-04-30", amount: 48213.77, status: "reconciled" },
      { ref: "REL-03", party: "Crédit Mutuel", date: "2026-03-31", amount: 39870.12, status: "reconciled" },
    ],
    [
      { ref: "VIR 0501", party: "Cabinet Lefèvre", date: "2026-05-01", amount: 1860, status: "reconciled" },
      { ref: "PRLV 0430", party: "EDF Entreprises", date: "2026-04-30", amount: -618.42, status: "due" },
    ],
    [
      { ref: "CB", party: "Carte bancaire", date: "2026-05-02", amount: -54.3, status: "validated" },
      { ref: "VIR", party: "Virement SEPA", date: "2026-05-02", amount: 3200, status: "validated" },
    ],
  ],
  accounting: [
    [
      { ref: "VT 0342", party: "411 Clients", date: "2026-04-28", amount: 1860, status: "validated" },
      { ref: "HA 0211", party: "401 Fournisseurs", date: "2026-04-30", amount: -618.42, status: "validated" },
    ],
    [
      { ref: "44571", party: "TVA collectée", date: "2026-04-30", amount: 9840.6, status: "due" },
      { ref: "44566", party: "TVA déductible", date: "2026-04-30", amount: -3125.18, status: "due" },
    ],
    [
      { ref: "FEC", party: "Export comptable", date: "2026-04-30", amount: 128450.9, status: "validated" },
      { ref: "BAL", party: "Balance générale", date: "2026-04-30", amount: 0, status: "validated" },
    ],
  ],
};

const SamplePreview = ({ rows }: { rows: SampleRow[] }) => {
  const { t } = useTranslation("public");
  const format = useFormat();
  return (
    <Paper p={0} radius="md" className="registre-preview" aria-hidden="true">
      {rows.map((row) => (
        <Stack key={row.ref + row.date} gap={2} px="md" py={10} className="registre-preview-row">
          {/* Party and amount on the first line, reference, date and status on the second: in a narrow
              card the party's name shortens, never the amount. */}
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" fw={600} truncate title={row.party} style={{ minWidth: 0 }}>
              {row.party}
            </Text>
            <Text
              size="sm"
              fw={600}
              className="registre-numeric"
              style={{ whiteSpace: "nowrap", flexShrink: 0 }}
            >
              {format.amount(row.amount)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="xs" c="dimmed" className="registre-numeric" style={{ whiteSpace: "nowrap" }}>
              {`${row.ref} · ${format.shortDate(row.date)}`}
            </Text>
            <Badge
              size="sm"
              variant="light"
              color={statusColor[row.status]}
              tt="none"
              fw={500}
              style={{ flex: "none", overflow: "visible" }}
            >
              {t(`status.${row.status}`)}
            </Badge>
          </Group>
        </Stack>
      ))}
    </Paper>
  );
};

/** One carousel per domain: three slides, each a feature with an example. */
export const DomainCarousel = ({ domain }: { domain: Domain }) => {
  const { t } = useTranslation("public");
  const slides = samples[domain].map((rows, index) => {
    const key = `domains.${domain}.slides.${index}` as const;
    return {
      id: `${domain}-${index}`,
      title: t(`${key}.title` as "domains.sales.slides.0.title"),
      content: (
        <Stack gap="sm">
          <div>
            <Text fw={600}>{t(`${key}.title` as "domains.sales.slides.0.title")}</Text>
            <Text size="sm" c="dimmed" mih={40}>
              {t(`${key}.text` as "domains.sales.slides.0.text")}
            </Text>
          </div>
          <SamplePreview rows={rows} />
        </Stack>
      ),
    };
  });
  return (
    <Paper p="lg" component="article" aria-labelledby={`domain-${domain}`} data-testid={`domain-${domain}`}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={38} radius="md">
            {domainIcons[domain]}
          </ThemeIcon>
          <div>
            <Title order={3} id={`domain-${domain}`} fz="lg">
              {t(`domains.${domain}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`domains.${domain}.lead`)}
            </Text>
          </div>
        </Group>
        <Carousel label={t(`domains.${domain}.title`)} slides={slides} testId={`carousel-${domain}`} />
      </Stack>
    </Paper>
  );
};

export const DomainCarousels = ({ cols = 2 }: { cols?: number }) => (
  <SimpleGrid cols={{ base: 1, md: cols }} spacing="lg">
    {domains.map((domain) => (
      <DomainCarousel key={domain} domain={domain} />
    ))}
  </SimpleGrid>
);

export const SectionHeading = ({
  eyebrow,
  title,
  lead,
  order = 2,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  order?: 1 | 2;
}) => (
  <Box ta="center" maw={680} mx="auto" mb="xl">
    {eyebrow ? (
      <Text size="xs" fw={700} tt="uppercase" c="registre" lts={1.2} mb={6}>
        {eyebrow}
      </Text>
    ) : null}
    <Title order={order} fz={order === 1 ? { base: 28, md: 38 } : { base: 24, md: 30 }} lh={1.2}>
      {title}
    </Title>
    {lead ? (
      <Text c="dimmed" mt="sm" size="lg">
        {lead}
      </Text>
    ) : null}
  </Box>
);
