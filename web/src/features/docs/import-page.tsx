import { Alert, Badge, Button, FileInput, Group, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { TableFrame } from "../../components/data-table.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { NoAccessPage } from "../../components/no-access-page.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { useUploadCheck } from "../../components/upload-check.tsx";
import { formatSiren, useFormat } from "../../i18n/format.ts";
import type { Schemas } from "../../lib/api-client.ts";
import { apiRequest } from "../../lib/http.ts";
import { formatCents } from "../../lib/money.ts";
import { DocWarnings } from "./doc-warnings.tsx";
import { docPath, listPath } from "./paths.ts";
import { useCanDocs } from "./ui.tsx";

export type DocImport = Schemas["DocImportResult"];

/** Whom the created invoice is from: a contact already there, or one created from the file. */
type SupplierChoice = { supplierId?: string | null; createSupplier?: boolean };

const sendImport = (file: File, query: SupplierChoice & { dryRun?: boolean }) => {
  const params = new URLSearchParams({ name: file.name.slice(0, 255) });
  if (query.dryRun) params.set("dryRun", "true");
  if (query.supplierId) params.set("supplierId", query.supplierId);
  if (query.createSupplier) params.set("createSupplier", "true");
  return apiRequest<DocImport>(`/docs/import?${params}`, { method: "POST", body: file });
};

const Field = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500} data-testid={testId}>
      {value}
    </Text>
  </Stack>
);

/** What the file says: the supplier, the invoice's number and dates, its lines and totals per rate. */
const InvoiceRead = ({ invoice }: { invoice: NonNullable<DocImport["invoice"]> }) => {
  const { t } = useTranslation("docs");
  const f = useFormat();
  const money = (cents: number) => formatCents(cents, f.locale, { currency: true });
  const rate = (value: string) => (f.locale === "fr" ? value.replace(".", ",") : value);
  const seller = invoice.seller;
  return (
    <Paper p="md" withBorder data-testid="import-read">
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="light">
            {t(`import.profiles.${invoice.profile}` as "import.profiles.en16931")}
          </Badge>
          <Badge variant="light" color={invoice.kind === "creditNote" ? "orange" : "blue"}>
            {t(`kinds.${invoice.kind}`)}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Field label={t("import.supplier")} value={seller.name} testId="import-seller" />
          <Field
            label={t("import.identity")}
            value={[seller.siren ? `SIREN ${formatSiren(seller.siren)}` : null, seller.vatNumber]
              .filter(Boolean)
              .join(" · ")}
          />
          <Field label={t("import.number")} value={invoice.number} testId="import-number" />
          <Field label={t("import.issueDate")} value={f.shortDate(invoice.issueDate)} />
          <Field label={t("import.dueDate")} value={invoice.dueDate ? f.shortDate(invoice.dueDate) : "—"} />
          {invoice.precedingInvoice ? (
            <Field label={t("import.preceding")} value={invoice.precedingInvoice} />
          ) : null}
          <Field
            label={t("import.excludingTax")}
            value={money(invoice.totals.excludingTax)}
            testId="import-excl"
          />
          <Field label={t("import.vat")} value={money(invoice.totals.vat)} testId="import-vat" />
          <Field
            label={t("import.includingTax")}
            value={money(invoice.totals.includingTax)}
            testId="import-incl"
          />
        </SimpleGrid>
        {invoice.vat.length > 0 ? (
          <TableFrame>
            <Table data-testid="import-vat-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("import.rate")}</Table.Th>
                  <Table.Th ta="right">{t("import.base")}</Table.Th>
                  <Table.Th ta="right">{t("import.vat")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.vat.map((v) => (
                  <Table.Tr key={`${v.category}-${v.rate}`}>
                    <Table.Td>
                      {v.category === "S"
                        ? `${rate(v.rate)}\u00a0%`
                        : t(`import.categories.${v.category}` as "import.categories.E", {
                            defaultValue: v.category,
                          })}
                    </Table.Td>
                    <Table.Td ta="right">{money(v.base)}</Table.Td>
                    <Table.Td ta="right">{money(v.vat)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableFrame>
        ) : null}
        {invoice.linesMissing ? (
          <Alert color="yellow" data-testid="import-lines-missing">
            {t("import.linesMissing")}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {t("import.lines", { count: invoice.lines.length })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
};

/**
 * `/org/purchases/invoices/import`: a supplier's invoice received as a Factur-X PDF, a CII or UBL XML, or
 * a plain PDF. The file is read and checked at once (nothing written), the supplier matched among the
 * contacts or proposed for creation; then the draft purchase invoice is created and opened.
 */
export const SupplierInvoiceImportPage = () => {
  const { t } = useTranslation("docs");
  const can = useCanDocs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flow = useUploadCheck<DocImport, SupplierChoice>({
    send: ({ file, option, dryRun }) => sendImport(file, { dryRun, ...option }),
    onConfirmed: (result) => {
      void queryClient.invalidateQueries({ queryKey: ["docs"] });
      void queryClient.invalidateQueries({ queryKey: ["contacts"] });
      if (result.created) navigate(docPath(result.created.docId));
    },
  });
  const { file, check: preview, confirm: create } = flow;
  if (!can("purchases.invoices", "create")) return <NoAccessPage title={t("import.title")} />;
  const read = preview.data;
  const supplier = read?.supplier;
  return (
    <Stack gap="lg">
      <PageHeader
        title={t("import.title")}
        description={t("import.description")}
        crumbs={[{ to: listPath("purchases", "invoices"), label: t("lists.invoices") }]}
      />
      <FileInput
        label={t("import.file")}
        description={t("import.fileHint")}
        placeholder={t("import.choose")}
        accept=".pdf,.xml,application/pdf,application/xml,text/xml"
        value={file}
        onChange={flow.choose}
        clearable
        maw={480}
        data-testid="import-file"
      />
      {preview.isPending ? <Text c="dimmed">{t("import.reading")}</Text> : null}
      {preview.isError ? <ErrorAlert error={preview.error} testId="import-error" /> : null}
      {read && file ? (
        <Stack gap="md">
          <DocWarnings warnings={read.warnings} />
          {read.invoice ? (
            <InvoiceRead invoice={read.invoice} />
          ) : (
            <Alert color="blue" data-testid="import-plain-pdf">
              {t("import.plainPdf")}
            </Alert>
          )}
          {supplier?.match ? (
            <Alert color="green" data-testid="import-match">
              {t(`import.matched.${supplier.match.by}`, { name: supplier.match.name })}
            </Alert>
          ) : null}
          {supplier?.proposal ? (
            <Alert color="yellow" data-testid="import-proposal">
              <Stack gap={4}>
                <Text size="sm">{t("import.willCreate", { name: supplier.proposal.name })}</Text>
                <Text size="xs" c="dimmed">
                  {[
                    supplier.proposal.siren ? `SIREN ${formatSiren(supplier.proposal.siren)}` : null,
                    supplier.proposal.vatNumber,
                    supplier.proposal.city,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </Text>
              </Stack>
            </Alert>
          ) : null}
          {create.isError ? <ErrorAlert error={create.error} testId="import-error" /> : null}
          <Group>
            <Button
              onClick={() =>
                create.mutate({
                  file,
                  // The supplier matched, or, for a structured invoice, the one it names created.
                  option: {
                    supplierId: supplier?.match?.id ?? null,
                    createSupplier: !supplier?.match && read.invoice !== null,
                  },
                })
              }
              loading={create.isPending}
              data-testid="import-create"
            >
              {supplier?.proposal ? t("import.createWithSupplier") : t("import.create")}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
};
