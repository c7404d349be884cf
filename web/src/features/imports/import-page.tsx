import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Column, DataTable } from "../../components/data-table.tsx";
import { NoAccessPage } from "../../components/no-access-page.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import {
  ConfirmUpload,
  UploadCheckStatus,
  UploadFindings,
  useUploadCheck,
} from "../../components/upload-check.tsx";
import type { Catalogue } from "../../i18n/i18n.ts";
import type { Schemas } from "../../lib/api-client.ts";
import { apiRequest } from "../../lib/http.ts";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";

export type ImportResult = Schemas["ImportResult"];
type Finding = ImportResult["errors"][number];
type Target = "contacts" | "items";
type FieldKey = keyof Catalogue["imports"]["fields"];
/** Which of the file's columns each field is read from (none: not imported). */
type Mapping = Record<string, string | null>;
const isField = (field: string | null): field is FieldKey =>
  field !== null && Object.values(fieldsOfAll()).some((list) => list.includes(field as FieldKey));
const fieldsOfAll = () => fieldsOf;

/** The fields each import maps, in the order of the export's columns (the server's `*ImportFields`). */
const fieldsOf: Record<Target, readonly FieldKey[]> = {
  contacts: [
    "kind",
    "name",
    "firstName",
    "lastName",
    "types",
    "job",
    "email",
    "phone",
    "mobile",
    "line1",
    "line2",
    "postalCode",
    "city",
    "country",
    "siren",
    "siret",
    "vatNumber",
    "apeCode",
    "legalForm",
    "capital",
    "iban",
    "bic",
    "website",
    "criteria",
    "note",
  ],
  items: [
    "reference",
    "label",
    "description",
    "use",
    "kind",
    "unit",
    "vatRate",
    "vatExemption",
    "buyPrice",
    "sellPrice",
    "sellAccount",
    "buyAccount",
    "saleTiers",
    "purchaseTiers",
  ],
};

const sendImport = (
  target: Target,
  file: File,
  query: {
    format: "csv" | "vcard";
    dryRun: boolean;
    acknowledge: boolean;
    mapping: Mapping | null;
  },
  /** The request's Idempotency-Key, under which the server reports its progress. */
  key: string,
) => {
  const params = new URLSearchParams({ format: query.format });
  if (query.dryRun) params.set("dryRun", "true");
  if (query.acknowledge) params.set("acknowledgeDuplicates", "true");
  if (query.mapping) params.set("mapping", JSON.stringify(query.mapping));
  return apiRequest<ImportResult>(`/${target}/import?${params}`, {
    method: "POST",
    body: file,
    idempotencyKey: key,
  });
};

const FindingsTable = ({
  rows,
  total,
  testId,
}: {
  rows: readonly Finding[];
  total: number;
  testId: string;
}) => {
  const { t } = useTranslation("imports");
  const columns: Column<Finding>[] = [
    { key: "line", header: t("line"), width: 80, numeric: true, cell: (f) => (f.line > 0 ? f.line : "—") },
    {
      key: "field",
      header: t("field"),
      width: 160,
      cell: (f) => (isField(f.field) ? t(`fields.${f.field}`) : (f.field ?? "")),
    },
    { key: "message", header: t("message"), cell: (f) => f.message },
  ];
  return (
    <UploadFindings
      rows={rows}
      total={total}
      columns={columns}
      rowKey={(f) => `${f.line}-${f.code}-${f.field}-${f.message}`}
      listed={(count, listed) => t("firstListed", { count, listed })}
      testId={testId}
    />
  );
};

/**
 * `/org/contacts/import` and `/org/items/import`: a CSV (or, for contacts, vCard) file chosen, its
 * columns mapped (guessed, or as the organisation last mapped them), the dry run's preview with its
 * errors by line and duplicate warnings, then the whole file imported — or nothing.
 */
export const ImportScreen = ({ target, backPath }: { target: Target; backPath: string }) => {
  const { t } = useTranslation("imports");
  const session = useSession();
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<"csv" | "vcard">("csv");
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [acknowledge, setAcknowledge] = useState(false);
  const flow = useUploadCheck<ImportResult, Mapping | null>({
    send: ({ file, option, dryRun, key }) =>
      sendImport(
        target,
        file,
        { format, dryRun, acknowledge: !dryRun && acknowledge, mapping: option ?? null },
        key,
      ),
    onChecked: (result) => setMapping(result.format === "csv" ? result.mapping : null),
    onConfirmed: (result) => {
      if (result.written) void queryClient.invalidateQueries({ queryKey: [target] });
    },
  });
  const { file, check: preview, confirm } = flow;
  if (!can(session, target, "create")) return <NoAccessPage title={t(`${target}.title`)} />;
  const choose = (chosen: File | null) => {
    setMapping(null);
    setAcknowledge(false);
    flow.choose(chosen);
  };
  const result = flow.result;
  const fields = fieldsOf[target];
  const previewColumns: Column<ImportResult["preview"][number]>[] = [
    { key: "line", header: t("line"), width: 70, numeric: true, cell: (r) => r.line },
    ...fields
      .filter((field) => mapping?.[field])
      .map((field) => ({
        key: field,
        header: t(`fields.${field}`),
        cell: (r: ImportResult["preview"][number]) => r.values[field] ?? "",
      })),
  ];
  const hasErrors = (preview.data?.errors.length ?? 0) > 0;
  const hasWarnings = (preview.data?.warnings.length ?? 0) > 0;
  return (
    <Stack gap="lg">
      <PageHeader
        title={t(`${target}.title`)}
        description={t(`${target}.description`)}
        crumbs={[{ to: backPath, label: t(`${target}.list`) }]}
      />
      <Group align="flex-end" gap="md" wrap="wrap">
        {target === "contacts" ? (
          <SegmentedControl
            value={format}
            onChange={(value) => {
              setFormat(value as "csv" | "vcard");
              flow.clear();
            }}
            data={[
              { value: "csv", label: t("format.csv") },
              { value: "vcard", label: t("format.vcard") },
            ]}
            data-testid="import-format"
          />
        ) : null}
        <FileInput
          label={t("file")}
          description={t(format === "csv" ? "fileHintCsv" : "fileHintVcard")}
          placeholder={t("choose")}
          accept={format === "csv" ? ".csv,.txt,text/csv" : ".vcf,text/vcard"}
          value={file}
          onChange={choose}
          clearable
          miw={320}
          data-testid="import-file"
        />
      </Group>
      <UploadCheckStatus flow={flow} errorTestId="import-error" />
      {result && file ? (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light">{t("rows", { count: result.rows })}</Badge>
            <Badge variant="light">{result.encoding}</Badge>
            {result.delimiter ? (
              <Badge variant="light">
                {t("delimiter", { delimiter: result.delimiter === "\t" ? "TAB" : result.delimiter })}
              </Badge>
            ) : null}
          </Group>
          {format === "csv" && mapping ? (
            <Stack gap="xs">
              <Text fw={600}>{t("mapping")}</Text>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {fields.map((field) => (
                  <Select
                    key={field}
                    label={t(`fields.${field}`)}
                    value={mapping[field] ?? null}
                    placeholder={t("notMapped")}
                    data={result.columns}
                    clearable
                    onChange={(value) => setMapping({ ...mapping, [field]: value })}
                    data-testid={`import-map-${field}`}
                  />
                ))}
              </SimpleGrid>
              <Group>
                <Button
                  variant="light"
                  onClick={() => preview.mutate({ file, option: mapping })}
                  loading={preview.isPending}
                  data-testid="import-remap"
                >
                  {t("checkAgain")}
                </Button>
              </Group>
            </Stack>
          ) : null}
          {confirm.data?.written ? (
            <Alert color="green" data-testid="import-done">
              {t(`${target}.done`, { count: confirm.data.created })}{" "}
              <Link to={backPath}>{t(`${target}.list`)}</Link>
            </Alert>
          ) : null}
          {result.errors.length > 0 ? (
            <Stack gap="xs">
              <Alert color="red" data-testid="import-refused">
                {t("refused", { count: result.errorCount })}
              </Alert>
              <FindingsTable rows={result.errors} total={result.errorCount} testId="import-errors" />
            </Stack>
          ) : null}
          {result.warnings.length > 0 ? (
            <Stack gap="xs">
              <Text fw={600}>{t("warnings")}</Text>
              <FindingsTable rows={result.warnings} total={result.warningCount} testId="import-warnings" />
            </Stack>
          ) : null}
          {result.preview.length > 0 ? (
            <Stack gap="xs">
              <Text fw={600}>{t("preview")}</Text>
              <DataTable
                rows={[...result.preview]}
                columns={previewColumns}
                rowKey={(r) => String(r.line)}
                testId="import-preview"
                empty={null}
              />
            </Stack>
          ) : null}
          {preview.data && !hasErrors && !confirm.data?.written ? (
            <ConfirmUpload
              summary={t(`${target}.wouldCreate`, { count: preview.data.created })}
              summaryTestId="import-dry-run"
              label={t("confirm", { count: preview.data.created })}
              testId="import-confirm"
              onConfirm={() => confirm.mutate({ file, option: mapping })}
              loading={confirm.isPending}
              disabled={hasWarnings && !acknowledge}
            >
              {hasWarnings ? (
                <Checkbox
                  label={t("acknowledge")}
                  checked={acknowledge}
                  onChange={(event) => setAcknowledge(event.currentTarget.checked)}
                  data-testid="import-acknowledge"
                />
              ) : null}
            </ConfirmUpload>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
};

export const ContactsImportPage = () => <ImportScreen target="contacts" backPath="/org/contacts" />;
export const ItemsImportPage = () => <ImportScreen target="items" backPath="/org/items" />;
