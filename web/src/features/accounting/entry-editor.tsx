import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  Kbd,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFieldMessage } from "../../components/field-message.ts";
import { CheckIcon, PlusIcon } from "../../components/icons.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/i18n.ts";
import { ApiError } from "../../lib/http.ts";
import { maxLength, required, validate } from "../../lib/validation.ts";
import { PageHeader } from "../org/page-header.tsx";
import { useCan } from "./access.ts";
import {
  type Account,
  chartQuery,
  type Entry,
  type EntryInput,
  entryQuery,
  journalsQuery,
  useCreateEntry,
  useUpdateEntry,
  useValidateEntry,
} from "./api.ts";
import { type AmountError, amountInput, type Cents, parseAmount } from "./money.ts";
import { entriesPath, entryPath } from "./paths.ts";
import { accountChoices, journalLabel, NoAccess, QueryView, TrashIcon, today, useMoney } from "./ui.tsx";

/** A line as typed: amounts stay text until they are read into cents. */
export type DraftLine = {
  key: number;
  account: string | null;
  auxiliary: string | null;
  label: string;
  debit: string;
  credit: string;
};

type LineErrors = { account?: string; auxiliary?: string; debit?: string; credit?: string };

/** The field of a line that a refusal of the server (with its `line` param) is about. */
const lineFieldOf: Readonly<Record<string, keyof LineErrors>> = {
  "entry.unknownAccount": "account",
  "entry.closedAccount": "account",
  "entry.auxiliaryRequired": "auxiliary",
  "entry.unknownAuxiliary": "auxiliary",
  "entry.invalidAmount": "debit",
  "entry.bothSides": "credit",
};

let nextKey = 1;
const emptyLine = (): DraftLine => ({
  key: nextKey++,
  account: null,
  auxiliary: null,
  label: "",
  debit: "",
  credit: "",
});

const blankLine = (line: DraftLine) =>
  !line.account && !line.auxiliary && !line.label.trim() && !line.debit.trim() && !line.credit.trim();

const centsOf = (text: string, locale: Locale): Cents => {
  const parsed = parseAmount(text, locale);
  return parsed.ok ? parsed.cents : 0;
};

/** The totals of the typed lines, in exact cents; unreadable amounts count for nothing. */
export const lineTotals = (lines: readonly DraftLine[], locale: Locale) => {
  let debit = 0;
  let credit = 0;
  for (const line of lines) {
    debit += centsOf(line.debit, locale);
    credit += centsOf(line.credit, locale);
  }
  return { debit, credit, difference: debit - credit };
};

type Head = { journal: string | null; date: string; pieceRef: string; pieceDate: string; label: string };

/** The form of an entry: its head, its lines, live totals; saves a draft or saves and validates. */
const EntryEditor = ({ entry }: { entry: Entry | null }) => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const money = useMoney();
  const fieldMessage = useFieldMessage();
  const can = useCan();
  const navigate = useNavigate();
  const chart = useQuery(chartQuery());
  const journals = useQuery(journalsQuery());
  const create = useCreateEntry();
  const update = useUpdateEntry(entry?.mvt ?? "");
  const validateEntry = useValidateEntry();
  const tableRef = useRef<HTMLTableElement>(null);

  const [head, setHead] = useState<Head>(() => ({
    journal: entry?.journal ?? null,
    date: entry?.date ?? today(),
    pieceRef: entry?.pieceRef ?? "",
    pieceDate: entry?.pieceDate ?? entry?.date ?? today(),
    label: entry?.label ?? "",
  }));
  const [pieceDateFollows, setPieceDateFollows] = useState(!entry || entry.pieceDate === entry.date);
  const [lines, setLines] = useState<DraftLine[]>(() =>
    entry && entry.lines.length > 0
      ? entry.lines.map((l) => ({
          key: nextKey++,
          account: l.account,
          auxiliary: l.auxiliary,
          label: l.label ?? "",
          debit: amountInput(l.debit, locale),
          credit: amountInput(l.credit, locale),
        }))
      : [emptyLine(), emptyLine()],
  );
  const [headErrors, setHeadErrors] = useState<Partial<Record<keyof Head, string>>>({});
  const [lineErrors, setLineErrors] = useState<Record<number, LineErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const accounts = chart.data?.items ?? [];
  // Closed accounts are not offered, except those the lines already name (a draft written before the
  // closing): they show as they are, marked closed, and validation says why it refuses them.
  const namedKey = lines.flatMap((l) => [l.account ?? "", l.auxiliary ?? ""]).join(" ");
  const closedWord = t("accounts.closed").toLowerCase();
  const {
    byNumber,
    general: generalOptions,
    auxiliariesOf,
  } = useMemo(
    () => accountChoices(accounts, locale, closedWord, new Set(namedKey.split(" "))),
    [accounts, locale, namedKey, closedWord],
  );

  const totals = lineTotals(lines, locale);
  const balanced = totals.difference === 0 && totals.debit > 0;

  const setLine = (key: number, change: Partial<DraftLine>) => {
    setLines((current) => current.map((l) => (l.key === key ? { ...l, ...change } : l)));
    setLineErrors((current) => {
      if (!current[key]) return current;
      const cleared = { ...current[key] };
      for (const field of Object.keys(change)) delete cleared[field as keyof LineErrors];
      return { ...current, [key]: cleared };
    });
    setFormError(null);
  };
  const setHeadField = <K extends keyof Head>(field: K, value: Head[K]) => {
    setHead((current) => ({
      ...current,
      [field]: value,
      ...(field === "date" && pieceDateFollows ? { pieceDate: value as string } : {}),
    }));
    if (field === "pieceDate") setPieceDateFollows(false);
    setHeadErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusLine = (index: number, field = "account") =>
    requestAnimationFrame(() =>
      tableRef.current
        ?.querySelector<HTMLInputElement>(`[data-line="${index}"][data-field="${field}"]`)
        ?.focus(),
    );
  const addLine = () => {
    setLines((current) => [...current, emptyLine()]);
    focusLine(lines.length);
  };
  const removeLine = (key: number) =>
    setLines((current) => (current.length > 1 ? current.filter((l) => l.key !== key) : current));

  const amountMessage = (error: AmountError) => t(`editor.amountErrors.${error}`);
  /** On leaving an amount: shown the French way (« 1 234,56 »), or its problem. */
  const normaliseAmount = (line: DraftLine, side: "debit" | "credit") => {
    const parsed = parseAmount(line[side], locale);
    if (!parsed.ok) {
      setLineErrors((current) => ({
        ...current,
        [line.key]: { ...current[line.key], [side]: amountMessage(parsed.error) },
      }));
      return;
    }
    setLine(line.key, { [side]: amountInput(parsed.cents, locale) });
  };
  /** « = » in an amount: the difference that balances the entry, put on this line. */
  const balanceOn = (line: DraftLine) => {
    const others = lineTotals(
      lines.filter((l) => l.key !== line.key),
      locale,
    );
    const needed = others.credit - others.debit;
    if (needed === 0) return;
    setLine(
      line.key,
      needed > 0
        ? { debit: amountInput(needed, locale), credit: "" }
        : { debit: "", credit: amountInput(-needed, locale) },
    );
  };
  const amountKeys = (event: KeyboardEvent<HTMLInputElement>, line: DraftLine, index: number) => {
    const side = event.currentTarget.dataset.field === "credit" ? "credit" : "debit";
    if (event.key === "=") {
      event.preventDefault();
      balanceOn(line);
    } else if (event.key === "Enter") {
      event.preventDefault();
      normaliseAmount(line, side);
      if (index === lines.length - 1) addLine();
      else focusLine(index + 1);
    }
  };

  /** Checks the form; with `forValidation`, also what validation will demand. Answers the input or null. */
  const check = (forValidation: boolean): EntryInput | null => {
    const names = {
      journal: t("entries.journal"),
      date: t("entries.date"),
      pieceRef: t("entries.pieceRef"),
      pieceDate: t("entries.pieceDate"),
      label: t("entries.label"),
    };
    const nextHead: Partial<Record<keyof Head, string>> = {
      journal: fieldMessage(names.journal, validate(head.journal ?? "", [required])),
      date: fieldMessage(names.date, validate(head.date, [required])),
      pieceRef: fieldMessage(names.pieceRef, validate(head.pieceRef, [required, maxLength(60)])),
      pieceDate: fieldMessage(names.pieceDate, validate(head.pieceDate, [required])),
      label: fieldMessage(names.label, validate(head.label, [required, maxLength(200)])),
    };
    const kept = lines.filter((l) => !blankLine(l));
    const nextLines: Record<number, LineErrors> = {};
    const output: EntryInput["lines"] = [];
    for (const line of kept) {
      const errors: LineErrors = {};
      const debit = parseAmount(line.debit, locale);
      const credit = parseAmount(line.credit, locale);
      if (!debit.ok) errors.debit = amountMessage(debit.error);
      if (!credit.ok) errors.credit = amountMessage(credit.error);
      if (!line.account) errors.account = fieldMessage(t("entries.account"), { key: "required" });
      const account = line.account ? byNumber.get(line.account) : undefined;
      if (debit.ok && credit.ok) {
        if (debit.cents > 0 && credit.cents > 0) errors.credit = t("editor.bothSides");
        else if (debit.cents === 0 && credit.cents === 0 && forValidation)
          errors.debit = t("editor.noAmount");
      }
      if (forValidation && account?.collective && !line.auxiliary)
        errors.auxiliary = t("editor.auxiliaryRequired");
      if (Object.keys(errors).length > 0) nextLines[line.key] = errors;
      else
        output.push({
          account: line.account ?? "",
          auxiliary: account?.collective ? line.auxiliary : null,
          label: line.label.trim() || null,
          debit: debit.ok ? debit.cents : 0,
          credit: credit.ok ? credit.cents : 0,
        });
    }
    setHeadErrors(nextHead);
    setLineErrors(nextLines);
    let problem: string | null = null;
    if (kept.length === 0) problem = t("editor.noLines");
    else if (forValidation && kept.length < 2) problem = t("editor.tooFewLines");
    else if (forValidation && totals.difference !== 0)
      problem = t("editor.unbalanced", { difference: money.format(Math.abs(totals.difference)) });
    setFormError(problem);
    if (problem || Object.values(nextHead).some(Boolean) || Object.keys(nextLines).length > 0) return null;
    return {
      journal: head.journal ?? "",
      date: head.date,
      pieceRef: head.pieceRef.trim(),
      pieceDate: head.pieceDate,
      label: head.label.trim(),
      lines: output,
    };
  };

  const saving = create.isPending || update.isPending || validateEntry.isPending;
  /** A refusal about one line (its number among the lines sent) is shown on that line too. */
  const pointAtLine = (error: Error, sent: readonly DraftLine[]) => {
    const problem = error instanceof ApiError ? error.problem : null;
    const n = problem?.params?.line;
    const line = typeof n === "number" ? sent[n - 1] : undefined;
    const field = problem ? lineFieldOf[problem.code] : undefined;
    if (!problem || !line || !field) return;
    // A closed auxiliary account is named by the server as the account it refuses.
    const onAuxiliary =
      field === "account" && line.auxiliary !== null && line.auxiliary === problem.params?.account;
    setLineErrors((current) => ({
      ...current,
      [line.key]: { ...current[line.key], [onAuxiliary ? "auxiliary" : field]: problem.detail },
    }));
  };
  const save = (andValidate: boolean) => {
    const input = check(andValidate);
    if (!input) return;
    const sent = lines.filter((l) => !blankLine(l));
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
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save(false);
  };
  const failure = create.error ?? update.error ?? validateEntry.error;

  const journalOptions = (journals.data?.items ?? []).map((j) => ({
    value: j.code,
    label: `${j.code} · ${journalLabel(j, locale)}`,
  }));

  return (
    <form onSubmit={submit} noValidate data-testid="entry-form">
      <Stack gap="md">
        <Paper p="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <Select
                label={t("entries.journal")}
                data={journalOptions}
                value={head.journal}
                onChange={(value) => setHeadField("journal", value)}
                searchable
                selectFirstOptionOnChange
                withAsterisk
                error={headErrors.journal}
                data-autofocus
                data-testid="entry-journal"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <TextInput
                type="date"
                label={t("entries.date")}
                value={head.date}
                onChange={(event) => setHeadField("date", event.currentTarget.value)}
                withAsterisk
                error={headErrors.date}
                data-testid="entry-date"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <TextInput
                label={t("entries.pieceRef")}
                value={head.pieceRef}
                onChange={(event) => setHeadField("pieceRef", event.currentTarget.value)}
                withAsterisk
                maxLength={60}
                error={headErrors.pieceRef}
                data-testid="entry-piece-ref"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <TextInput
                type="date"
                label={t("entries.pieceDate")}
                value={head.pieceDate}
                onChange={(event) => setHeadField("pieceDate", event.currentTarget.value)}
                withAsterisk
                error={headErrors.pieceDate}
                data-testid="entry-piece-date"
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label={t("entries.label")}
                value={head.label}
                onChange={(event) => setHeadField("label", event.currentTarget.value)}
                withAsterisk
                maxLength={200}
                error={headErrors.label}
                data-testid="entry-label"
              />
            </Grid.Col>
          </Grid>
        </Paper>

        <Paper p={0} style={{ overflow: "visible" }}>
          <Table.ScrollContainer minWidth={900} type="native">
            <Table
              ref={tableRef}
              className="registre-table acc-table acc-editor"
              aria-label={t("entries.lines")}
              data-testid="entry-editor-lines"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={32} className="acc-num">
                    {t("entries.lineNumber")}
                  </Table.Th>
                  <Table.Th w={300}>{t("entries.account")}</Table.Th>
                  <Table.Th w={170}>{t("entries.auxiliary")}</Table.Th>
                  <Table.Th>{t("entries.lineLabel")}</Table.Th>
                  <Table.Th w={112} className="acc-num">
                    {t("common.debit")}
                  </Table.Th>
                  <Table.Th w={112} className="acc-num">
                    {t("common.credit")}
                  </Table.Th>
                  <Table.Th w={40} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, index) => {
                  const account: Account | undefined = line.account ? byNumber.get(line.account) : undefined;
                  const errors = lineErrors[line.key] ?? {};
                  const auxOptions = line.account ? (auxiliariesOf.get(line.account) ?? []) : [];
                  const n = index + 1;
                  return (
                    <Table.Tr key={line.key} data-testid="editor-line">
                      <Table.Td className="acc-editor-line-number acc-num">{n}</Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={t("editor.lineAccount", { n })}
                          placeholder={t("editor.accountPlaceholder")}
                          data={generalOptions}
                          value={line.account}
                          onChange={(value) => setLine(line.key, { account: value, auxiliary: null })}
                          searchable
                          selectFirstOptionOnChange
                          limit={50}
                          nothingFoundMessage={t("editor.noAccount")}
                          error={errors.account}
                          size="sm"
                          data-line={index}
                          data-field="account"
                          data-testid="line-account"
                          title={account ? `${account.number} · ${account.label}` : undefined}
                          comboboxProps={{ width: 380, position: "bottom-start" }}
                        />
                      </Table.Td>
                      <Table.Td>
                        {account?.collective ? (
                          <Select
                            aria-label={t("editor.lineAuxiliary", { n })}
                            placeholder={t("editor.auxiliaryPlaceholder")}
                            data={auxOptions}
                            value={line.auxiliary}
                            onChange={(value) => setLine(line.key, { auxiliary: value })}
                            searchable
                            selectFirstOptionOnChange
                            limit={50}
                            nothingFoundMessage={t("editor.noAuxiliary")}
                            error={errors.auxiliary}
                            size="sm"
                            data-line={index}
                            data-field="auxiliary"
                            data-testid="line-auxiliary"
                            comboboxProps={{ width: 320, position: "bottom-start" }}
                          />
                        ) : (
                          <Text size="sm" c="dimmed" pt={8} pl={4} aria-hidden>
                            —
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t("editor.lineLabel", { n })}
                          placeholder={head.label || t("editor.labelPlaceholder")}
                          value={line.label}
                          onChange={(event) => setLine(line.key, { label: event.currentTarget.value })}
                          maxLength={200}
                          size="sm"
                          data-line={index}
                          data-field="label"
                          data-testid="line-label"
                        />
                      </Table.Td>
                      {(["debit", "credit"] as const).map((side) => (
                        <Table.Td key={side}>
                          <TextInput
                            aria-label={t(side === "debit" ? "editor.lineDebit" : "editor.lineCredit", { n })}
                            className="acc-amount-input"
                            inputMode="decimal"
                            autoComplete="off"
                            value={line[side]}
                            onChange={(event) => {
                              const value = event.currentTarget.value;
                              const other = side === "debit" ? "credit" : "debit";
                              // One side per line: typing an amount empties the other side.
                              setLine(line.key, {
                                [side]: value,
                                ...(value.trim() && line[other].trim() ? { [other]: "" } : {}),
                              });
                            }}
                            onBlur={() => normaliseAmount(line, side)}
                            onKeyDown={(event) => amountKeys(event, line, index)}
                            error={errors[side]}
                            size="sm"
                            data-line={index}
                            data-field={side}
                            data-testid={`line-${side}`}
                          />
                        </Table.Td>
                      ))}
                      <Table.Td>
                        <Tooltip label={t("editor.removeLine", { n })} withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            mt={4}
                            onClick={() => removeLine(line.key)}
                            disabled={lines.length <= 1}
                            aria-label={t("editor.removeLine", { n })}
                          >
                            <TrashIcon />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Group justify="space-between" wrap="nowrap">
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        leftSection={<PlusIcon size={14} />}
                        onClick={addLine}
                        data-testid="editor-add-line"
                      >
                        {t("editor.addLine")}
                      </Button>
                      <Text span size="sm" fw={700}>
                        {t("common.totals")}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td className="acc-num" data-testid="editor-total-debit">
                    {money.format(totals.debit)}
                  </Table.Td>
                  <Table.Td className="acc-num" data-testid="editor-total-credit">
                    {money.format(totals.credit)}
                  </Table.Td>
                  <Table.Td />
                </Table.Tr>
                <Table.Tr>
                  <Table.Td colSpan={4} ta="right">
                    {t("editor.difference")}
                  </Table.Td>
                  <Table.Td
                    colSpan={2}
                    className="acc-num"
                    data-testid="editor-difference"
                    data-balanced={balanced || undefined}
                  >
                    {balanced ? (
                      <Group gap={6} justify="flex-end" c="teal.8" wrap="nowrap">
                        <CheckIcon size={16} />
                        {t("editor.balanced")}
                      </Group>
                    ) : (
                      <Text
                        span
                        fw={700}
                        c={totals.difference === 0 ? "dimmed" : "red.8"}
                        className="registre-numeric"
                      >
                        {money.format(Math.abs(totals.difference))}
                        {totals.difference !== 0
                          ? ` ${totals.difference > 0 ? t("editor.moreDebit") : t("editor.moreCredit")}`
                          : ""}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <Text size="xs" c="dimmed">
          {t("editor.keyboardHint1")} <Kbd size="xs">=</Kbd> {t("editor.keyboardHint2")}{" "}
          <Kbd size="xs">{t("editor.enterKey")}</Kbd> {t("editor.keyboardHint3")}
        </Text>

        {formError ? (
          <Alert color="red" variant="light" role="alert" data-testid="entry-form-error">
            {formError}
          </Alert>
        ) : null}
        {failure ? <ErrorAlert error={failure} testId="entry-save-error" /> : null}
        {chart.isError ? <ErrorAlert error={chart.error} onRetry={() => void chart.refetch()} /> : null}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={entry ? entryPath(entry.mvt) : entriesPath}>
            {t("common:actions.cancel")}
          </Button>
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

/** `/org/accounting/entries/create`: a new entry. */
export const EntryCreatePage = () => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  return (
    <Stack gap="md">
      <PageHeader
        title={t("editor.newTitle")}
        description={t("editor.newDescription")}
        crumbs={[{ to: entriesPath, label: t("entries.title") }]}
      />
      {can("entries", "create") ? <EntryEditor entry={null} /> : <NoAccess />}
    </Stack>
  );
};

/** `/org/accounting/entries/{mvt}/edit`: a draft changed; a validated entry cannot be. */
export const EntryEditPage = () => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const mvt = useParams().mvt ?? "";
  const entry = useQuery({ ...entryQuery(mvt), enabled: can("entries", "update") });
  return (
    <Stack gap="md">
      <PageHeader
        title={t("editor.editTitle")}
        crumbs={[
          { to: entriesPath, label: t("entries.title") },
          { to: entryPath(mvt), label: entry.data?.number ?? entry.data?.label ?? t("entries.titleDraft") },
        ]}
      />
      {can("entries", "update") ? (
        <QueryView query={entry} testId="entry-error">
          {(data) =>
            data.status === "validated" ? (
              <Alert color="blue" variant="light" data-testid="entry-locked">
                {t("entries.immutable")} <Link to={entryPath(mvt)}>{t("editor.backToEntry")}</Link>
              </Alert>
            ) : (
              <EntryEditor key={data.mvt} entry={data} />
            )
          }
        </QueryView>
      ) : (
        <NoAccess />
      )}
    </Stack>
  );
};
