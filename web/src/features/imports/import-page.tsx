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
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Column, DataTable } from "../../components/data-table.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { NoAccessPage } from "../../components/no-access-page.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { UploadProgress } from "../../components/upload-progress.tsx";
import type { Catalogue } from "../../i18n/i18n.ts";
import type { Schemas } from "../../lib/api-client.ts";
import { apiRequest } from "../../lib/http.ts";
import { newIdempotencyKey } from "../../lib/retry.ts";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";

export type ImportResult = Schemas["ImportResult"];
type Finding = ImportResult["errors"][number];
type Target = "contacts" | "items";
type FieldKey = keyof Catalogue["imports"]["fields"];
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
    mapping: Record<string, string | null> | null;
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
    <Stack gap={4}>
      <DataTable
        rows={[...rows]}
        columns={columns}
        rowKey={(f) => `${f.line}-${f.code}-${f.field}-${f.message}`}
        testId={testId}
        pageSize={50}
        empty={null}
      />
      {total > rows.length ? (
        <Text size="sm" c="dimmed" data-testid={`${testId}-listed`}>
          {t("firstListed", { count: total, listed: rows.length })}
        </Text>
      ) : null}
    </Stack>
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
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<"csv" | "vcard">("csv");
  const [mapping, setMapping] = useState<Record<string, string | null> | null>(null);
  const [acknowledge, setAcknowledge] = useState(false);
  // The key of the request running now: its progress is asked under it while it runs.
  const [running, setRunning] = useState<string | null>(null);
  const tracked = <T,>(send: (key: string) => Promise<T>) => {
    const key = newIdempotencyKey();
    setRunning(key);
    return send(key).finally(() => setRunning((current) => (current === key ? null : current)));
  };
  const preview = useMutation({
    mutationFn: (next: { file: File; mapping: Record<string, string | null> | null }) =>
      tracked((key) =>
        sendImport(
          target,
          next.file,
          { format, dryRun: true, acknowledge: false, mapping: next.mapping },
          key,
        ),
      ),
    onSuccess: (result) => setMapping(result.format === "csv" ? result.mapping : null),
  });
  const confirm = useMutation({
    mutationFn: (chosen: File) =>
      tracked((key) => sendImport(target, chosen, { format, dryRun: false, acknowledge, mapping }, key)),
    onSuccess: (result) => {
      if (result.written) void queryClient.invalidateQueries({ queryKey: [target] });
    },
  });
  if (!can(session, target, "create")) return <NoAccessPage title={t(`${target}.title`)} />;
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setMapping(null);
    setAcknowledge(false);
    confirm.reset();
    if (chosen) preview.mutate({ file: chosen, mapping: null });
    else preview.reset();
  };
  const result = confirm.data ?? preview.data;
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
              setFile(null);
              preview.reset();
              confirm.reset();
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
      {preview.isError ? <ErrorAlert error={preview.error} testId="import-error" /> : null}
      {confirm.isError ? <ErrorAlert error={confirm.error} testId="import-error" /> : null}
      {running ? <UploadProgress uploadKey={running} /> : null}
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
                  onClick={() => preview.mutate({ file, mapping })}
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
            <Stack gap="xs">
              <Alert color="blue" data-testid="import-dry-run">
                {t(`${target}.wouldCreate`, { count: preview.data.created })}
              </Alert>
              {hasWarnings ? (
                <Checkbox
                  label={t("acknowledge")}
                  checked={acknowledge}
                  onChange={(event) => setAcknowledge(event.currentTarget.checked)}
                  data-testid="import-acknowledge"
                />
              ) : null}
              <Group>
                <Button
                  onClick={() => confirm.mutate(file)}
                  loading={confirm.isPending}
                  disabled={hasWarnings && !acknowledge}
                  data-testid="import-confirm"
                >
                  {t("confirm", { count: preview.data.created })}
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
};

export const ContactsImportPage = () => <ImportScreen target="contacts" backPath="/org/contacts" />;
export const ItemsImportPage = () => <ImportScreen target="items" backPath="/org/items" />;
