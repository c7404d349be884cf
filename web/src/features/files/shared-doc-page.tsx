import {
  Alert,
  Box,
  Button,
  Container,
  Divider,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { LogoMark } from "../../components/icons.tsx";
import { LanguageSwitch } from "../../components/language-switch.tsx";
import { ThemeSwitch } from "../../components/theme-switch.tsx";
import { formatSiren, useFormat } from "../../i18n/format.ts";
import { ApiError } from "../../lib/http.ts";
import { formatCents } from "../../lib/money.ts";
import { formatDecimal } from "../items/prices.ts";
import { type SharedDocument, sharedDocQuery, sharedPdfUrl } from "./api.ts";

type Address = SharedDocument["seller"]["address"];

const AddressLines = ({ address }: { address: Address }) => (
  <>
    {address.lines.map((line) => (
      <Text key={line} size="sm">
        {line}
      </Text>
    ))}
    <Text size="sm">
      {address.postcode} {address.city}
    </Text>
    {address.country ? <Text size="sm">{address.country}</Text> : null}
  </>
);

const Label = ({ children }: { children: string }) => (
  <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
    {children}
  </Text>
);

/** The page's own bar: Registre's mark, the language and the theme. No link into the application. */
const Bar = () => {
  const { t } = useTranslation("files");
  return (
    <Box component="header" className="registre-public-header">
      <Container size="md" h={56} px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap={8} wrap="nowrap">
            <LogoMark size={22} />
            <Text size="sm" c="dimmed">
              {t("shared.poweredBy")}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            <ThemeSwitch />
          </Group>
        </Group>
      </Container>
    </Box>
  );
};

const SharedView = ({ doc, token }: { doc: SharedDocument; token: string }) => {
  const { t } = useTranslation("files");
  const { locale, shortDate } = useFormat();
  // « 10 % » in French, "10%" in English.
  const percent = locale === "fr" ? "\u00a0%" : "%";
  const money = (cents: number) => formatCents(cents, locale, { currency: true });
  // The lines have no id here: their place in the document is theirs, and never moves.
  const lines = doc.lines.map((line, position) => ({ line, position }));
  const title = `${t(`shared.kinds.${doc.kind}`)} ${doc.number ?? t("shared.draft")}`;
  const dates = [
    { label: t("shared.issued"), value: doc.dates.issue },
    { label: t("shared.due"), value: doc.dates.due },
    { label: t("shared.expiry"), value: doc.dates.expiry },
    { label: t("shared.delivery"), value: doc.dates.delivery },
  ].filter((d): d is { label: string; value: string } => Boolean(d.value));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          {doc.seller.logo ? (
            <Image src={doc.seller.logo.png} alt={doc.seller.name} h={48} w="auto" fit="contain" maw={180} />
          ) : null}
          <Title order={1} size="h2" data-testid="shared-title">
            {title}
          </Title>
          {doc.label ? <Text c="dimmed">{doc.label}</Text> : null}
        </Stack>
        {/* A download (the API answers every file as an attachment), the token in its address. */}
        <Button component="a" href={sharedPdfUrl(token, locale)} download data-testid="shared-pdf">
          {t("shared.pdf")}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper p="md">
          <Label>{t("shared.from")}</Label>
          <Text fw={650} data-testid="shared-seller">
            {doc.seller.name}
          </Text>
          <AddressLines address={doc.seller.address} />
          <Text size="xs" c="dimmed" mt={4}>
            {[`SIREN ${formatSiren(doc.seller.siren)}`, doc.seller.vatNumber, doc.seller.email]
              .filter(Boolean)
              .join(" · ")}
          </Text>
        </Paper>
        <Paper p="md">
          <Label>{t("shared.to")}</Label>
          <Text fw={650} data-testid="shared-customer">
            {doc.customer.name}
          </Text>
          <AddressLines address={doc.customer.billingAddress} />
        </Paper>
      </SimpleGrid>
      <Group gap="xl" wrap="wrap">
        {dates.map((d) => (
          <div key={d.label}>
            <Label>{d.label}</Label>
            <Text size="sm">{shortDate(d.value)}</Text>
          </div>
        ))}
        {doc.customerReference ? (
          <div>
            <Label>{t("shared.reference")}</Label>
            <Text size="sm">{doc.customerReference}</Text>
          </div>
        ) : null}
      </Group>
      <Stack gap="xs" hiddenFrom="sm" data-testid="shared-lines-mobile">
        {lines.map(({ line, position }) =>
          line.type === "item" ? (
            <Paper key={position} p="sm">
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {line.description}
              </Text>
              <Group justify="space-between" gap="xs" mt={4}>
                <Text size="xs" c="dimmed" className="registre-numeric">
                  {`${formatDecimal(line.quantity, locale).replace(/[,.]00$/, "")} × ${formatDecimal(line.unitPrice, locale)} · ${t("shared.vat")} ${formatDecimal(line.vatRate, locale).replace(/[,.]00$/, "")}${percent}`}
                </Text>
                <Text size="sm" fw={600} className="registre-numeric">
                  {money(line.netCents)}
                </Text>
              </Group>
            </Paper>
          ) : (
            <Text
              key={position}
              size="sm"
              fw={line.type === "title" ? 650 : undefined}
              c={line.type === "comment" ? "dimmed" : undefined}
            >
              {line.text}
            </Text>
          ),
        )}
      </Stack>
      <Paper p={0} visibleFrom="sm">
        <Table verticalSpacing="sm" horizontalSpacing="md" miw={520} data-testid="shared-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("shared.description")}</Table.Th>
              <Table.Th ta="right">{t("shared.quantity")}</Table.Th>
              <Table.Th ta="right">{t("shared.unitPrice")}</Table.Th>
              <Table.Th ta="right">{t("shared.vat")}</Table.Th>
              <Table.Th ta="right">{t("shared.net")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map(({ line, position }) =>
              line.type === "item" ? (
                <Table.Tr key={position} data-testid="shared-line">
                  <Table.Td style={{ whiteSpace: "pre-wrap" }}>
                    <Text size="sm">{line.description}</Text>
                  </Table.Td>
                  <Table.Td ta="right" className="registre-numeric">
                    {formatDecimal(line.quantity, locale).replace(/[,.]00$/, "")}
                  </Table.Td>
                  <Table.Td ta="right" className="registre-numeric">
                    {formatDecimal(line.unitPrice, locale)}
                  </Table.Td>
                  <Table.Td ta="right" className="registre-numeric">
                    {`${formatDecimal(line.vatRate, locale).replace(/[,.]00$/, "")}${percent}`}
                  </Table.Td>
                  <Table.Td ta="right" className="registre-numeric">
                    {money(line.netCents)}
                  </Table.Td>
                </Table.Tr>
              ) : (
                <Table.Tr key={position}>
                  <Table.Td colSpan={5} fw={line.type === "title" ? 650 : undefined}>
                    <Text
                      size="sm"
                      c={line.type === "comment" ? "dimmed" : undefined}
                      style={{ whiteSpace: "pre-wrap" }}
                    >
                      {line.text}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      <Group justify="flex-end">
        <Paper p="md" w={{ base: "100%", sm: 360 }} data-testid="shared-totals">
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm">{t("shared.totalExcl")}</Text>
              <Text size="sm" className="registre-numeric">
                {money(doc.totals.excludingTaxCents)}
              </Text>
            </Group>
            {doc.totals.vat.map((v) => (
              <Group key={v.rate} justify="space-between">
                <Text size="xs" c="dimmed">
                  {t("shared.vatOn", {
                    rate: formatDecimal(v.rate, locale).replace(/[,.]00$/, ""),
                    base: money(v.baseCents),
                  })}
                </Text>
                <Text size="xs" className="registre-numeric">
                  {money(v.vatCents)}
                </Text>
              </Group>
            ))}
            <Group justify="space-between">
              <Text size="sm">{t("shared.totalIncl")}</Text>
              <Text size="sm" className="registre-numeric">
                {money(doc.totals.includingTaxCents)}
              </Text>
            </Group>
            <Divider />
            <Group justify="space-between">
              <Text fw={700}>{t("shared.totalDue")}</Text>
              <Text fw={700} className="registre-numeric" data-testid="shared-due">
                {money(doc.totals.dueCents)}
              </Text>
            </Group>
          </Stack>
        </Paper>
      </Group>
      {doc.mentions.paymentTerms || doc.seller.bank ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {doc.mentions.paymentTerms ? (
            <div>
              <Label>{t("shared.terms")}</Label>
              <Text size="sm">{doc.mentions.paymentTerms}</Text>
            </div>
          ) : null}
          {doc.seller.bank ? (
            <div>
              <Label>{t("shared.bank")}</Label>
              <Text size="sm" className="registre-numeric">
                {doc.seller.bank.iban}
                {doc.seller.bank.bic ? ` · ${doc.seller.bank.bic}` : ""}
              </Text>
            </div>
          ) : null}
        </SimpleGrid>
      ) : null}
      {[...doc.mentions.exemptions, ...doc.mentions.notes, ...doc.mentions.legalMentions].map((text) => (
        <Text key={text} size="xs" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
          {text}
        </Text>
      ))}
    </Stack>
  );
};

/**
 * `/share/docs?token=…`: the document a share link opens, as its customer sees it (lines, totals, its
 * PDF), in light or dark, French or English. Any link that does not open a document reads the same:
 * « Veuillez contacter l’expéditeur pour plus d’informations ».
 */
export const SharedDocPage = () => {
  const { t } = useTranslation("files");
  const { locale } = useFormat();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const doc = useQuery({ ...sharedDocQuery(token, locale), enabled: token !== "" });
  return (
    <Box className="registre-public" data-layout="share">
      <Bar />
      <Box component="main" id="main">
        <Container size="md" py={32} px="md">
          {token === "" ? (
            <Alert color="orange" title={t("shared.invalidTitle")} data-testid="shared-missing">
              {t("shared.missing")}
            </Alert>
          ) : doc.isError && doc.error instanceof ApiError && doc.error.status === 404 ? (
            <Alert color="orange" title={t("shared.invalidTitle")} data-testid="shared-invalid">
              {t("shared.invalid")}
            </Alert>
          ) : doc.isError ? (
            <ErrorAlert error={doc.error} onRetry={() => void doc.refetch()} testId="shared-error" />
          ) : doc.data ? (
            <SharedView doc={doc.data} token={token} />
          ) : (
            <Skeleton height={420} radius="md" />
          )}
        </Container>
      </Box>
    </Box>
  );
};
