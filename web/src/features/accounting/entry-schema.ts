import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type FieldRules, useRules } from "../../components/form.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/i18n.ts";
import { type AmountError, type Cents, formatCents, parseAmount } from "../../lib/money.ts";
import { z } from "../../lib/zod.ts";
import type { Account, EntryInput } from "./api.ts";
import { type DraftVatCode, isVatAccount, vatCodeInput } from "./vat-code.ts";

/** A line as typed: amounts stay text until they are read into cents. */
export type DraftLine = {
  key: number;
  account: string | null;
  auxiliary: string | null;
  label: string;
  debit: string;
  credit: string;
  /** Its VAT code, offered on the accounts that take one (vat-code.ts). */
  vat: DraftVatCode | null;
};

/** An entry as typed in its form. */
export type EntryValues = {
  journal: string | null;
  date: string;
  pieceRef: string;
  pieceDate: string;
  label: string;
  lines: DraftLine[];
};

let nextKey = 1;
export const emptyLine = (): DraftLine => ({
  key: nextKey++,
  account: null,
  auxiliary: null,
  label: "",
  debit: "",
  credit: "",
  vat: null,
});
export const lineKey = (): number => nextKey++;

/** A line left empty: not sent, not checked. */
export const blankLine = (line: DraftLine): boolean =>
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

/** The form's problem that is about the lines as a whole (none, too few, unbalanced) lands here. */
export const linesProblemPath = "lines";

/**
 * The rules of an entry, as a schema: `draft` for saving a draft (the head complete, each line
 * readable), `validation` for saving and validating (two lines at least, balanced, amounts on every
 * line, the auxiliary of a collective account). Blank lines are left out. The output is the API's input.
 */
export const entrySchemas = (
  byNumber: ReadonlyMap<string, Account>,
  locale: Locale,
  t: (key: string, values?: Record<string, string | number>) => string,
  rules: FieldRules,
) => {
  const amountMessage = (error: AmountError) => t(`editor.amountErrors.${error}`);
  const make = (forValidation: boolean) =>
    z
      .object({
        journal: rules.choice(t("entries.journal")),
        date: rules.day(t("entries.date")),
        pieceRef: rules.text(t("entries.pieceRef"), 60),
        pieceDate: rules.day(t("entries.pieceDate")),
        label: rules.text(t("entries.label"), 200),
        lines: z.array(
          z.object({
            key: z.number(),
            account: z.string().nullable(),
            auxiliary: z.string().nullable(),
            label: z.string(),
            debit: z.string(),
            credit: z.string(),
            // Typed through the popover's choices: read as it is.
            vat: z.custom<DraftVatCode | null>(),
          }),
        ),
      })
      .superRefine(
        (entry, context) => {
          const issue = (path: (string | number)[], message: string) =>
            context.addIssue({ code: "custom", path, message });
          let kept = 0;
          entry.lines.forEach((line, index) => {
            if (blankLine(line)) return;
            kept++;
            const debit = parseAmount(line.debit, locale);
            const credit = parseAmount(line.credit, locale);
            if (!debit.ok) issue(["lines", index, "debit"], amountMessage(debit.error));
            if (!credit.ok) issue(["lines", index, "credit"], amountMessage(credit.error));
            if (!line.account) issue(["lines", index, "account"], rules.required(t("entries.account")));
            if (debit.ok && credit.ok) {
              if (debit.cents > 0 && credit.cents > 0)
                issue(["lines", index, "credit"], t("editor.bothSides"));
              else if (debit.cents === 0 && credit.cents === 0 && forValidation)
                issue(["lines", index, "debit"], t("editor.noAmount"));
            }
            if (line.vat?.base.trim() && isVatAccount(line.account ?? "")) {
              const base = parseAmount(line.vat.base, locale);
              if (!base.ok) issue(["lines", index, "vat"], amountMessage(base.error));
            }
            const account = line.account ? byNumber.get(line.account) : undefined;
            if (forValidation && account?.collective && !line.auxiliary)
              issue(["lines", index, "auxiliary"], t("editor.auxiliaryRequired"));
          });
          const totals = lineTotals(entry.lines, locale);
          if (kept === 0) issue([linesProblemPath], t("editor.noLines"));
          else if (forValidation && kept < 2) issue([linesProblemPath], t("editor.tooFewLines"));
          else if (forValidation && totals.difference !== 0)
            issue(
              [linesProblemPath],
              t("editor.unbalanced", { difference: formatCents(Math.abs(totals.difference), locale) }),
            );
          // The lines are checked even when the head has problems: every problem shows at once.
        },
        { when: () => true },
      )
      .transform(
        (entry): EntryInput => ({
          journal: entry.journal,
          date: entry.date,
          pieceRef: entry.pieceRef,
          pieceDate: entry.pieceDate,
          label: entry.label,
          lines: entry.lines
            .filter((line) => !blankLine(line))
            .map((line) => {
              const collective = line.account ? byNumber.get(line.account)?.collective : false;
              const vat = vatCodeInput(line.vat, line.account, locale);
              return {
                account: line.account ?? "",
                auxiliary: collective ? line.auxiliary : null,
                label: line.label.trim() || null,
                debit: centsOf(line.debit, locale),
                credit: centsOf(line.credit, locale),
                ...(vat && { vat }),
              };
            }),
        }),
      );
  return { draft: make(false), validation: make(true) };
};

/** The entry's schemas in the interface language. */
export const useEntrySchemas = (byNumber: ReadonlyMap<string, Account>) => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const rules = useRules();
  return useMemo(
    () => entrySchemas(byNumber, locale, (key, values) => t(key as "editor.noLines", values), rules),
    [byNumber, locale, t, rules],
  );
};
