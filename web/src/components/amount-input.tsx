import "./kit.css";
import { Text, TextInput, type TextInputProps } from "@mantine/core";
import type { FocusEvent } from "react";
import { useFormat } from "../i18n/format.ts";
import { amountInput, parseAmount } from "../lib/money.ts";

export type AmountInputProps = Omit<TextInputProps, "value" | "onChange"> & {
  /** The amount as typed; read into cents by `parseAmount` (never through a float). */
  value?: string;
  onChange: (value: string) => void;
  /** Shows « € » at the end of the field. */
  currency?: boolean;
};

/**
 * An amount field: typed the language's way (« 1 234,56 », « 1234,5 », « 12.50 »), shown on leaving
 * as « 1 234,56 » in French and « 1,234.56 » in English. Its value stays text: a form's schema reads
 * it into integer cents (`amountText`), so no amount is ever a float.
 */
export const AmountInput = ({
  value = "",
  onChange,
  onBlur,
  currency = false,
  className,
  ...props
}: AmountInputProps) => {
  const { locale } = useFormat();
  const leave = (event: FocusEvent<HTMLInputElement>) => {
    const parsed = parseAmount(value, locale);
    if (parsed.ok) {
      const shown = amountInput(parsed.cents, locale);
      if (shown !== value) onChange(shown);
    }
    onBlur?.(event);
  };
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      className={`kit-amount-input${className ? ` ${className}` : ""}`}
      rightSection={
        currency ? (
          <Text size="sm" c="dimmed">
            €
          </Text>
        ) : undefined
      }
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={leave}
    />
  );
};
