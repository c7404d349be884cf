import { ActionIcon, Button, Group, Select, Table, Text, TextInput, Tooltip } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { type KeyboardEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../components/amount-input.tsx";
import { TableFrame } from "../../components/data-table.tsx";
import { CheckIcon, PlusIcon } from "../../components/icons.tsx";
import { useFormat } from "../../i18n/format.ts";
import { amountInput, parseAmount } from "../../lib/money.ts";
import { AccountSelect } from "./account-select.tsx";
import { type DraftLine, type EntryValues, emptyLine, linesProblemPath, lineTotals } from "./entry-schema.ts";
import { type accountChoices, DebitCreditTh, TrashIcon, useMoney } from "./ui.tsx";
import { vatCodeAccepted } from "./vat-code.ts";
import { VatCodeButton } from "./vat-code-popover.tsx";

/**
 * The lines of an entry being typed: account, auxiliary for a collective account, label, VAT code
 * (on the accounts that take one), debit or credit; live totals and difference. « = » in an amount puts the difference that balances the
 * entry; Enter goes to the next line, or adds one after the last.
 */
export const EntryLinesEditor = ({
  form,
  choices,
}: {
  form: UseFormReturnType<EntryValues>;
  choices: ReturnType<typeof accountChoices>;
}) => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const money = useMoney();
  const tableRef = useRef<HTMLTableElement>(null);
  const lines = form.values.lines;
  const totals = lineTotals(lines, locale);
  const balanced = totals.difference === 0 && totals.debit > 0;

  const setLine = (index: number, change: Partial<DraftLine>) => {
    for (const [field, value] of Object.entries(change))
      form.setFieldValue(`lines.${index}.${field as keyof DraftLine}`, value);
    form.clearFieldError(linesProblemPath);
  };
  const focusLine = (index: number, field = "account") =>
    requestAnimationFrame(() =>
      tableRef.current
        ?.querySelector<HTMLInputElement>(`[data-line="${index}"][data-field="${field}"]`)
        ?.focus(),
    );
  const addLine = () => {
    form.insertListItem("lines", emptyLine());
    focusLine(lines.length);
  };
  const removeLine = (index: number) => {
    if (lines.length > 1) form.removeListItem("lines", index);
  };

  /** On leaving an amount: its problem, if it cannot be read (the field shows it « 1 234,56 » otherwise). */
  const checkAmount = (index: number, side: "debit" | "credit") => {
    const parsed = parseAmount(form.getValues().lines[index]?.[side] ?? "", locale);
    if (!parsed.ok) form.setFieldError(`lines.${index}.${side}`, t(`editor.amountErrors.${parsed.error}`));
  };
  /** « = » in an amount: the difference that balances the entry, put on this line. */
  const balanceOn = (index: number) => {
    const others = lineTotals(
      lines.filter((_, i) => i !== index),
      locale,
    );
    const needed = others.credit - others.debit;
    if (needed === 0) return;
    setLine(
      index,
      needed > 0
        ? { debit: amountInput(needed, locale), credit: "" }
        : { debit: "", credit: amountInput(-needed, locale) },
    );
  };
  const amountKeys = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key === "=") {
      event.preventDefault();
      balanceOn(index);
    } else if (event.key === "Enter") {
      event.preventDefault();
      event.currentTarget.blur();
      if (index === lines.length - 1) addLine();
      else focusLine(index + 1);
    }
  };

  return (
    <TableFrame
      tableRef={tableRef}
      className="acc-table acc-editor"
      caption={t("entries.lines")}
      testId="entry-editor-lines"
      minWidth={980}
      highlight={false}
      stickyHeader={false}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={32} className="acc-num">
            {t("entries.lineNumber")}
          </Table.Th>
          <Table.Th w={300}>{t("entries.account")}</Table.Th>
          <Table.Th w={170}>{t("entries.auxiliary")}</Table.Th>
          <Table.Th>{t("entries.lineLabel")}</Table.Th>
          <Table.Th w={84}>{t("editor.vatCode.column")}</Table.Th>
          <DebitCreditTh w={112} />
          <Table.Th w={40} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line, index) => {
          const account = line.account ? choices.byNumber.get(line.account) : undefined;
          const auxOptions = line.account ? (choices.auxiliariesOf.get(line.account) ?? []) : [];
          const n = index + 1;
          const path = `lines.${index}` as const;
          return (
            <Table.Tr key={line.key} data-testid="editor-line">
              <Table.Td className="acc-editor-line-number acc-num">{n}</Table.Td>
              <Table.Td>
                <AccountSelect
                  aria-label={t("editor.lineAccount", { n })}
                  placeholder={t("editor.accountPlaceholder")}
                  data={choices.general}
                  value={line.account}
                  onChange={(value) =>
                    setLine(index, {
                      account: value,
                      auxiliary: null,
                      ...(!vatCodeAccepted(value) && { vat: null }),
                    })
                  }
                  error={form.errors[`${path}.account`]}
                  size="sm"
                  data-line={index}
                  data-field="account"
                  data-testid="line-account"
                  title={account ? `${account.number} · ${account.label}` : undefined}
                />
              </Table.Td>
              <Table.Td>
                {account?.collective ? (
                  <Select
                    aria-label={t("editor.lineAuxiliary", { n })}
                    placeholder={t("editor.auxiliaryPlaceholder")}
                    data={auxOptions}
                    value={line.auxiliary}
                    onChange={(value) => setLine(index, { auxiliary: value })}
                    searchable
                    selectFirstOptionOnChange
                    limit={50}
                    nothingFoundMessage={t("editor.noAuxiliary")}
                    error={form.errors[`${path}.auxiliary`]}
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
                  placeholder={form.values.label || t("editor.labelPlaceholder")}
                  value={line.label}
                  onChange={(event) => setLine(index, { label: event.currentTarget.value })}
                  maxLength={200}
                  size="sm"
                  data-line={index}
                  data-field="label"
                  data-testid="line-label"
                />
              </Table.Td>
              <Table.Td>
                <VatCodeButton
                  n={n}
                  account={line.account}
                  value={line.vat}
                  error={form.errors[`${path}.vat`] as string | undefined}
                  onChange={(vat) => {
                    setLine(index, { vat });
                    form.clearFieldError(`${path}.vat`);
                  }}
                />
              </Table.Td>
              {(["debit", "credit"] as const).map((side) => (
                <Table.Td key={side}>
                  <AmountInput
                    aria-label={t(side === "debit" ? "editor.lineDebit" : "editor.lineCredit", { n })}
                    value={line[side]}
                    onChange={(value) => {
                      const other = side === "debit" ? "credit" : "debit";
                      // One side per line: typing an amount empties the other side.
                      setLine(index, {
                        [side]: value,
                        ...(value.trim() && line[other].trim() ? { [other]: "" } : {}),
                      });
                    }}
                    onBlur={() => checkAmount(index, side)}
                    onKeyDown={(event) => amountKeys(event, index)}
                    error={form.errors[`${path}.${side}`]}
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
                    onClick={() => removeLine(index)}
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
          <Table.Td colSpan={5}>
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
          <Table.Td colSpan={5} ta="right">
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
    </TableFrame>
  );
};
