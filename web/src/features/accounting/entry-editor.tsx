import { Alert, Button, Grid, Group, Kbd, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DateField } from "../../components/date-input.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { checkWith } from "../../components/form.tsx";
import { CheckIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { useFormat } from "../../i18n/format.ts";
import { ApiError } from "../../lib/http.ts";
import { amountInput } from "../../lib/money.ts";
import { useCan } from "./access.ts";
import {
  chartQuery,
  type Entry,
  type EntryInput,
  journalsQuery,
  useCreateEntry,
  useUpdateEntry,
  useValidateEntry,
} from "./api.ts";
import { EntryLinesEditor } from "./entry-lines-editor.tsx";
import {
  blankLine,
  type DraftLine,
  type EntryValues,
  emptyLine,
  lineKey,
  linesProblemPath,
  useEntrySchemas,
} from "./entry-schema.ts";
import { JournalSelect } from "./journal-select.tsx";
import { entriesPath, entryPath } from "./paths.ts";
import { accountChoices, today } from "./ui.tsx";
import { draftVatCode, vatCodeProblemLine } from "./vat-code.ts";

/** The field of a line that a refusal of the server (with its `line` param) is about. */
const lineFieldOf: Readonly<Record<string, "account" | "auxiliary" | "debit" | "credit" | "vat">> = {
  "entry.vatCodeAccount": "vat",
  "entry.invalidVatCode": "vat",
  "entry.unknownAccount": "account",
  "entry.closedAccount": "account",
  "entry.auxiliaryRequired": "auxiliary",
  "entry.unknownAuxiliary": "auxiliary",
  "entry.invalidAmount": "debit",
  "entry.bothSides": "credit",
};

/** The form of an entry: its head, its lines, live totals; saves a draft or saves and validates. */
export const EntryEditor = ({ entry }: { entry: Entry | null }) => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const can = useCan();
  const navigate = useNavigate();
  const chart = useQuery(chartQuery());
  const _journals = useQuery(journalsQuery());
  const create = useCreateEntry();
  const update = useUpdateEntry(entry?.mvt ?? "");
  const validateEntry = useValidateEntry();
  const [pieceDateFollows, setPieceDateFollows] = useState(!entry || entry.pieceDate === entry.date);

  const form = useForm<EntryValues>({
    mode: "controlled",
    initialValues: {
      journal: entry?.journal ?? null,
      date: entry?.date ?? today(),
      pieceRef: entry?.pieceRef ?? "",
      pieceDate: entry?.pieceDate ?? entry?.date ?? today(),
      label: entry?.label ?? "",
      lines:
        entry && entry.lines.length > 0
          ? entry.lines.map(
              (l): DraftLine => ({
                key: lineKey(),
                account: l.account,
                auxiliary: l.auxiliary,
                label: l.label ?? "",
                debit: amountInput(l.debit, locale),
                credit: amountInput(l.credit, locale),
                vat: draftVatCode(l.vat, locale),
              }),
            )
          : [emptyLine(), emptyLine()],
    },
  });
  const lines = form.values.lines;

  // Closed accounts are not offered, except those the lines already name (a draft written before it was
  // closed): they show as they are, marked closed, and validation says why it refuses them.
  const accounts = chart.data?.items ?? [];
  const namedKey = lines.flatMap((l) => [l.account ?? "", l.auxiliary ?? ""]).join(" ");
  const closedWord = t("accounts.closed").toLowerCase();
  const choices = useMemo(
    () => accountChoices(accounts, locale, closedWord, new Set(namedKey.split(" "))),
    [accounts, locale, namedKey, closedWord],
  );
  const schemas = useEntrySchemas(choices.byNumber);

  const saving = create.isPending || update.isPending || validateEntry.isPending;
  /** A refusal about one line (its number among the lines sent) is shown on that line too. */
  const pointAtLine = (error: Error, sent: readonly number[]) => {
    const problem = error instanceof ApiError ? error.problem : null;
    const n = problem ? (vatCodeProblemLine(problem) ?? problem.params?.line) : undefined;
    const index = typeof n === "number" ? sent[n - 1] : undefined;
    const field = problem ? lineFieldOf[problem.code] : undefined;
    if (!problem || index === undefined || !field) return;
    const line = lines[index];
    // A closed auxiliary account is named by the server as the account it refuses.
    const onAuxiliary =
      field === "account" && line?.auxiliary !== null && line?.auxiliary === problem.params?.account;
    form.setFieldError(`lines.${index}.${onAuxiliary ? "auxiliary" : field}`, problem.detail);
  };
  const save = (andValidate: boolean) => {
    const input: EntryInput | null = checkWith(form, andValidate ? schemas.validation : schemas.draft);
    if (!input) return;
    const sent = lines.flatMap((line, index) => (blankLine(line) ? [] : [index]));
    const onError = (error: Error) => pointAtLine(error, sent);
    if (!entry) {
      create.mutate(
        { ...input, validate: andValidate },
        { onSuccess: (saved) => void navigate(entryPath(saved.mvt)), onError },
      );
      return;
    }
    update.mutate(input, {
      onSuccess: (saved) => {
        if (!andValidate) void navigate(entryPath(saved.mvt));
        else
          validateEntry.mutate(saved.mvt, {
            onSuccess: () => void navigate(entryPath(saved.mvt)),
            onError,
          });
      },
      onError,
    });
  };
  const failure = create.error ?? update.error ?? validateEntry.error;
  const problem = form.errors[linesProblemPath];

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save(false);
      }}
      noValidate
      data-testid="entry-form"
    >
      <Stack gap="md">
        <Paper p="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <JournalSelect
                label={t("entries.journal")}
                {...form.getInputProps("journal")}
                withAsterisk
                data-autofocus
                data-testid="entry-journal"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <DateField
                label={t("entries.date")}
                {...form.getInputProps("date")}
                onChange={(date) => {
                  form.setFieldValue("date", date);
                  if (pieceDateFollows) form.setFieldValue("pieceDate", date);
                }}
                withAsterisk
                data-testid="entry-date"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <TextInput
                label={t("entries.pieceRef")}
                {...form.getInputProps("pieceRef")}
                withAsterisk
                maxLength={60}
                data-testid="entry-piece-ref"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <DateField
                label={t("entries.pieceDate")}
                {...form.getInputProps("pieceDate")}
                onChange={(date) => {
                  form.setFieldValue("pieceDate", date);
                  setPieceDateFollows(false);
                }}
                withAsterisk
                data-testid="entry-piece-date"
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label={t("entries.label")}
                {...form.getInputProps("label")}
                withAsterisk
                maxLength={200}
                data-testid="entry-label"
              />
            </Grid.Col>
          </Grid>
        </Paper>

        <EntryLinesEditor form={form} choices={choices} />
        <Text size="xs" c="dimmed">
          {t("editor.keyboardHint1")} <Kbd size="xs">=</Kbd> {t("editor.keyboardHint2")}{" "}
          <Kbd size="xs">{t("editor.enterKey")}</Kbd> {t("editor.keyboardHint3")}
        </Text>

        {problem ? (
          <Alert color="red" variant="light" role="alert" data-testid="entry-form-error">
            {problem}
          </Alert>
        ) : null}
        {failure ? <ErrorAlert error={failure} testId="entry-save-error" /> : null}
        {chart.isError ? <ErrorAlert error={chart.error} onRetry={() => void chart.refetch()} /> : null}

        <Group justify="flex-end" gap="sm">
          <LinkButton variant="default" to={entry ? entryPath(entry.mvt) : entriesPath}>
            {t("common:actions.cancel")}
          </LinkButton>
          <Button type="submit" variant="default" loading={saving} data-testid="entry-save-draft">
            {t("editor.saveDraft")}
          </Button>
          {can("entries.validate", "update") ? (
            <Button
              leftSection={<CheckIcon />}
              loading={saving}
              onClick={() => save(true)}
              data-testid="entry-save-validate"
            >
              {t("editor.saveAndValidate")}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
};
