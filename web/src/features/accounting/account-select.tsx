import { Select, type SelectProps, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format.ts";
import { useCan } from "./access.ts";
import { chartQuery } from "./accounts-api.ts";
import { type AccountChoice, accountChoices } from "./ui.tsx";

/**
 * The account picker of the entry editor: « 606100 · Achats non stockés… », searched by number or words,
 * the first match taken on Enter. Its list is never wider than the screen.
 */
export const AccountSelect = ({ comboboxProps, ...props }: SelectProps & { data: AccountChoice[] }) => {
  const { t } = useTranslation("accounting");
  return (
    <Select
      searchable
      selectFirstOptionOnChange
      limit={50}
      nothingFoundMessage={t("editor.noAccount")}
      {...props}
      comboboxProps={{ width: "min(460px, calc(100vw - 32px))", position: "bottom-start", ...comboboxProps }}
    />
  );
};

/** Which general accounts a picker offers (all when absent). */
export type AccountFilter = (account: { collective: boolean }) => boolean;

/**
 * An account chosen from the chart's open general accounts like in the entry editor (`only` keeps some
 * of them); typed by its number when the user may not read the chart or it cannot be loaded (the API
 * checks it either way).
 */
export const ChartAccountField = ({
  label,
  value,
  onChange,
  only,
  testId,
  withAsterisk,
  error,
}: {
  label: string;
  value: string;
  onChange: (account: string) => void;
  only?: AccountFilter;
  testId?: string;
  withAsterisk?: boolean;
  /** The form's message for the field. */
  error?: ReactNode;
}) => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const can = useCan();
  const readable = can("accounts", "read");
  const chart = useQuery({ ...chartQuery(), enabled: readable });
  const closedWord = t("accounts.closed").toLowerCase();
  const accounts = useMemo(() => {
    if (!chart.data) return [];
    const choices = accountChoices(chart.data.items, locale, closedWord);
    if (!only) return choices.general;
    return choices.general.filter((choice) => {
      const account = choices.byNumber.get(choice.value);
      return account !== undefined && only(account);
    });
  }, [chart.data, locale, closedWord, only]);
  if (!readable || chart.isError)
    return (
      <TextInput
        label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        className="acc-code"
        withAsterisk={withAsterisk}
        error={error}
        data-testid={testId}
      />
    );
  // A saved account the chart no longer offers (closed since) still shows, as its number.
  const data =
    value && !accounts.some((a) => a.value === value) ? [{ value, label: value }, ...accounts] : accounts;
  return (
    <AccountSelect
      label={label}
      placeholder={t("editor.accountPlaceholder")}
      data={data}
      value={value || null}
      onChange={(account) => onChange(account ?? "")}
      withAsterisk={withAsterisk}
      error={error}
      disabled={chart.isPending}
      data-testid={testId}
    />
  );
};
