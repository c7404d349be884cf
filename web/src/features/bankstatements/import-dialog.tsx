import {
  Alert,
  Button,
  Code,
  FileInput,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type DragEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { UploadProgress } from "../../components/upload-progress.tsx";
import { newIdempotencyKey } from "../../lib/retry.ts";
import { banksQuery } from "../payments/api.ts";
import { type CsvMapping, type ImportReport, statementPath, useImportStatement } from "./api.ts";

type Column = string | number;
const columnText = (c: Column | readonly Column[] | undefined) =>
  c === undefined ? "" : Array.isArray(c) ? c.join(" + ") : String(c);
/** A column as typed: a number from 0 is a position, anything else a header's text. */
const columnOf = (text: string): Column => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim());

const emptyMapping: CsvMapping = {
  date: "Date",
  label: "Libellé",
  amount: "Montant",
  dateOrder: "dmy",
  decimal: ",",
};

/** The CSV mapping step: the file's first lines and where to read each field. */
const MappingForm = ({
  mapping,
  sample,
  onChange,
}: {
  mapping: CsvMapping;
  sample: readonly string[];
  onChange: (m: CsvMapping) => void;
}) => {
  const { t } = useTranslation("payments");
  const split = mapping.amount === undefined;
  const set = (changes: Partial<CsvMapping>) => onChange({ ...mapping, ...changes });
  const without = (m: CsvMapping, ...names: (keyof CsvMapping)[]) =>
    Object.fromEntries(
      Object.entries(m).filter(([k]) => !names.includes(k as keyof CsvMapping)),
    ) as CsvMapping;
  return (
    <Stack gap="sm" data-testid="statement-mapping">
      <Text fw={600}>{t("statements.dialog.mappingTitle")}</Text>
      <Text size="sm" c="dimmed">
        {t("statements.dialog.mappingHelp")}
      </Text>
      <Text size="sm">{t("statements.dialog.sample")}</Text>
      <Code block style={{ maxHeight: 160, overflow: "auto" }}>
        {sample.join("\n")}
      </Code>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("statements.dialog.date")}
          description={t("statements.dialog.column")}
          value={columnText(mapping.date)}
          onChange={(e) => set({ date: columnOf(e.currentTarget.value) })}
          data-testid="mapping-date"
        />
        <TextInput
          label={t("statements.dialog.labelColumn")}
          description={t("statements.dialog.column")}
          value={columnText(mapping.label)}
          onChange={(e) => set({ label: columnOf(e.currentTarget.value) })}
          data-testid="mapping-label"
        />
      </SimpleGrid>
      <SegmentedControl
        value={split ? "split" : "signed"}
        onChange={(v) =>
          onChange(
            v === "split"
              ? { ...without(mapping, "amount"), debit: "Débit", credit: "Crédit" }
              : { ...without(mapping, "debit", "credit"), amount: "Montant" },
          )
        }
        data={[
          { value: "signed", label: t("statements.dialog.signed") },
          { value: "split", label: t("statements.dialog.split") },
        ]}
      />
      {split ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("statements.dialog.debit")}
            value={columnText(mapping.debit)}
            onChange={(e) => set({ debit: columnOf(e.currentTarget.value) })}
          />
          <TextInput
            label={t("statements.dialog.credit")}
            value={columnText(mapping.credit)}
            onChange={(e) => set({ credit: columnOf(e.currentTarget.value) })}
          />
        </SimpleGrid>
      ) : (
        <TextInput
          label={t("statements.dialog.amount")}
          value={columnText(mapping.amount)}
          onChange={(e) => set({ amount: columnOf(e.currentTarget.value) })}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t("statements.dialog.dateOrder")}
          value={mapping.dateOrder}
          onChange={(v) => set({ dateOrder: (v ?? "dmy") as CsvMapping["dateOrder"] })}
          data={(["dmy", "mdy", "ymd"] as const).map((o) => ({
            value: o,
            label: t(`statements.dialog.${o}`),
          }))}
        />
        <Select
          label={t("statements.dialog.decimal")}
          value={mapping.decimal}
          onChange={(v) => set({ decimal: v ?? "," })}
          data={[
            { value: ",", label: t("statements.dialog.comma") },
            { value: ".", label: t("statements.dialog.point") },
          ]}
        />
        <TextInput
          label={t("statements.dialog.openingLabel")}
          value={mapping.openingBalanceLabel ?? ""}
          onChange={(e) =>
            onChange(
              e.currentTarget.value
                ? { ...mapping, openingBalanceLabel: e.currentTarget.value }
                : without(mapping, "openingBalanceLabel"),
            )
          }
        />
        <TextInput
          label={t("statements.dialog.closingLabel")}
          value={mapping.closingBalanceLabel ?? ""}
          onChange={(e) =>
            onChange(
              e.currentTarget.value
                ? { ...mapping, closingBalanceLabel: e.currentTarget.value }
                : without(mapping, "closingBalanceLabel"),
            )
          }
        />
      </SimpleGrid>
    </Stack>
  );
};

/** What an import did: lines added and already there, balance warnings with their figures, notices. */
export const ImportReportView = ({ report }: { report: ImportReport }) => {
  const { t } = useTranslation("payments");
  return (
    <Stack gap="xs" data-testid="statement-report">
      <Text fw={600}>{t("statements.dialog.reportTitle")}</Text>
      {report.added > 0 ? (
        <Text data-testid="report-added">{t("statements.dialog.added", { count: report.added })}</Text>
      ) : (
        <Text data-testid="report-added">{t("statements.dialog.nothingNew")}</Text>
      )}
      {report.alreadyImported > 0 ? (
        <Text c="dimmed" data-testid="report-already">
          {t("statements.dialog.already", { count: report.alreadyImported })}
        </Text>
      ) : null}
      {report.warnings.map((w) => (
        <Alert key={`${w.code}-${w.statement}`} color="orange" data-testid="report-warning">
          {w.message}
        </Alert>
      ))}
      {report.notices.map((n) => (
        <Alert key={`${n.code}-${n.message}`} color="blue" data-testid="report-notice">
          {n.message}
        </Alert>
      ))}
    </Stack>
  );
};

/** « Importer un relevé »: the bank, the file (dropped or chosen), the CSV mapping when needed, then the report. */
export const ImportStatementDialog = ({
  opened,
  onClose,
  bankId: initialBank,
}: {
  opened: boolean;
  onClose: () => void;
  bankId?: string;
}) => {
  const { t } = useTranslation("payments");
  const banks = useQuery(banksQuery());
  const usable = (banks.data?.items ?? []).filter((b) => b.iban && !b.closed);
  const [bankId, setBankId] = useState(initialBank ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<CsvMapping | null>(null);
  const [sample, setSample] = useState<readonly string[]>([]);
  const [report, setReport] = useState<ImportReport | null>(null);
  const send = useImportStatement();
  // The key of the import running now: its progress is asked under it.
  const [key, setKey] = useState(newIdempotencyKey);
  const chosenBank = bankId || usable[0]?.id || "";
  const reset = () => {
    setFile(null);
    setMapping(null);
    setReport(null);
    send.reset();
  };
  const submit = () => {
    if (!file || !chosenBank) return;
    const next = newIdempotencyKey();
    setKey(next);
    send.mutate(
      { bankId: chosenBank, file, key: next, ...(mapping ? { format: "csv" as const, mapping } : {}) },
      {
        onSuccess: (r) => {
          if (r.csv) {
            setMapping(r.csv.suggested ?? emptyMapping);
            setSample(r.csv.sample);
          } else setReport(r);
        },
      },
    );
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    const dropped = e.dataTransfer.files[0];
    if (dropped) {
      reset();
      setFile(dropped);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={() => {
        reset();
        onClose();
      }}
      title={t("statements.dialog.title")}
      size="lg"
    >
      {report ? (
        <Stack>
          <ImportReportView report={report} />
          <Group justify="flex-end">
            <Button variant="default" onClick={reset}>
              {t("statements.dialog.another")}
            </Button>
            {report.statementId ? (
              <Button component={Link} to={statementPath(report.statementId)} data-testid="report-open">
                {t("statements.dialog.open")}
              </Button>
            ) : (
              <Button onClick={onClose}>{t("statements.dialog.close")}</Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Stack>
          {send.isError ? <ErrorAlert error={send.error} testId="statement-import-error" /> : null}
          {send.isPending ? <UploadProgress uploadKey={key} /> : null}
          {usable.length === 0 && banks.isSuccess ? (
            <Alert color="orange">{t("statements.dialog.noBank")}</Alert>
          ) : null}
          <Select
            label={t("statements.dialog.bank")}
            value={chosenBank}
            onChange={(v) => setBankId(v ?? "")}
            data={usable.map((b) => ({ value: b.id, label: `${b.name} · ${b.iban ?? ""}` }))}
            data-testid="statement-bank"
          />
          <Paper
            withBorder
            p="md"
            onDragOver={(e: DragEvent) => e.preventDefault()}
            onDrop={drop}
            data-testid="statement-drop"
          >
            <Stack gap={4}>
              <Text size="sm">{t("statements.dialog.drop")}</Text>
              <FileInput
                aria-label={t("statements.dialog.file")}
                description={t("statements.dialog.formats")}
                value={file}
                onChange={(f) => {
                  reset();
                  setFile(f);
                }}
                clearable
                data-testid="statement-file"
              />
            </Stack>
          </Paper>
          {mapping ? <MappingForm mapping={mapping} sample={sample} onChange={setMapping} /> : null}
          <Group justify="flex-end">
            <Button
              onClick={submit}
              disabled={!file || !chosenBank}
              loading={send.isPending}
              data-testid="statement-send"
            >
              {t("statements.dialog.send")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
