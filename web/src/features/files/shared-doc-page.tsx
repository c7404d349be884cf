import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { FieldLabel } from "../../components/field-label.tsx";
import { LogoMark } from "../../components/icons.tsx";
import { LanguageSwitch } from "../../components/language-switch.tsx";
import { ThemeSwitch } from "../../components/theme-switch.tsx";
import { formatSiren, useFormat } from "../../i18n/format.ts";
import { ApiError } from "../../lib/http.ts";
import { DocStatusBadge } from "../docs/ui.tsx";
import { type SharedDocument, sharedDocQuery, sharedPdfUrl } from "./api.ts";
import { SharedLines, SharedTotals } from "./shared-doc-parts.tsx";

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

/** Where a validated invoice or credit note stands, in the words of its own page: « Payée », « En retard… ». */
const Standing = ({ doc }: { doc: SharedDocument }) =>
  doc.settlement ? (
    <DocStatusBadge
      doc={{
        kind: doc.kind === "creditNote" ? "creditNote" : "invoice",
        status: "validated",
        paymentStatus: doc.settlement.status,
        due: doc.settlement.dueCents,
        dueDate: doc.dates.due ?? null,
      }}
    />
  ) : null;

const SharedView = ({ doc, token }: { doc: SharedDocument; token: string }) => {
  const { t } = useTranslation("files");
  const { locale, shortDate } = useFormat();
  const title = `${t(`shared.kinds.${doc.kind}`)} ${doc.number ?? t("shared.draft")}`;
  const references = [
    { label: t("shared.issued"), value: doc.dates.issue && shortDate(doc.dates.issue) },
    { label: t("shared.due"), value: doc.dates.due && shortDate(doc.dates.due) },
    { label: t("shared.expiry"), value: doc.dates.expiry && shortDate(doc.dates.expiry) },
    { label: t("shared.delivery"), value: doc.dates.delivery && shortDate(doc.dates.delivery) },
    { label: t("shared.reference"), value: doc.customerReference },
    {
      label: t("shared.creditedInvoice"),
      value:
        doc.creditedInvoice &&
        t("shared.numberOf", {
          number: doc.creditedInvoice.number,
          date: shortDate(doc.creditedInvoice.date),
        }),
    },
    {
      label: t("shared.order"),
      value: doc.order && t("shared.numberOf", { number: doc.order.number, date: shortDate(doc.order.date) }),
    },
  ].filter((d): d is { label: string; value: string } => Boolean(d.value));
  const customerIds = [
    doc.customer.code ? `${t("shared.customerCode")} ${doc.customer.code}` : null,
    doc.customer.siren ? `SIREN ${formatSiren(doc.customer.siren)}` : null,
    doc.customer.vatNumber,
  ].filter(Boolean);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          {doc.seller.logo ? (
            <Image src={doc.seller.logo.png} alt={doc.seller.name} h={48} w="auto" fit="contain" maw={180} />
          ) : null}
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={1} size="h2" data-testid="shared-title">
              {title}
            </Title>
            <Standing doc={doc} />
          </Group>
          {doc.label ? <Text c="dimmed">{doc.label}</Text> : null}
        </Stack>
        {/* A download (the API answers every file as an attachment), the token in its address. */}
        <Button component="a" href={sharedPdfUrl(token, locale)} download data-testid="shared-pdf">
          {t("shared.pdf")}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: doc.customer.deliveryAddress ? 3 : 2 }} spacing="md">
        <Paper p="md">
          <FieldLabel>{t("shared.from")}</FieldLabel>
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
          <FieldLabel>{t("shared.to")}</FieldLabel>
          <Text fw={650} data-testid="shared-customer">
            {doc.customer.name}
          </Text>
          <AddressLines address={doc.customer.billingAddress} />
          {customerIds.length ? (
            <Text size="xs" c="dimmed" mt={4}>
              {customerIds.join(" · ")}
            </Text>
          ) : null}
        </Paper>
        {doc.customer.deliveryAddress ? (
          <Paper p="md">
            <FieldLabel>{t("shared.deliveryAddress")}</FieldLabel>
            <AddressLines address={doc.customer.deliveryAddress} />
          </Paper>
        ) : null}
      </SimpleGrid>
      <Group gap="xl" wrap="wrap">
        {references.map((d) => (
          <div key={d.label}>
            <FieldLabel>{d.label}</FieldLabel>
            <Text size="sm">{d.value}</Text>
          </div>
        ))}
      </Group>
      <SharedLines doc={doc} />
      {doc.kind === "delivery" ? null : (
        <Group justify="flex-end">
          <SharedTotals doc={doc} />
        </Group>
      )}
      {/* The mentions the PDF prints under its totals, word for word (terms, penalties, bank details…). */}
      <Stack gap={4} data-testid="shared-mentions">
        {doc.mentions.paragraphs.map((text) => (
          <Text key={text} size="xs" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
            {text}
          </Text>
        ))}
      </Stack>
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
