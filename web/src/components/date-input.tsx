import "@mantine/dates/styles.css";
import "dayjs/locale/fr";
import { DateInput, type DateInputProps } from "@mantine/dates";
import { useTranslation } from "react-i18next";
import { useFormat } from "../i18n/format.ts";
import { parseDay } from "../lib/day.ts";

/** How a day shows in a field, in both interface languages (French, and British English): 31/12/2026. */
export const dayFormat = "DD/MM/YYYY";

export type DateFieldProps = Omit<
  DateInputProps,
  "value" | "defaultValue" | "onChange" | "valueFormat" | "locale" | "dateParser" | "minDate" | "maxDate"
> & {
  /** The day as the API has it, "YYYY-MM-DD"; "" for none. */
  value?: string;
  onChange: (value: string) => void;
  /** The first and last days that may be chosen, "YYYY-MM-DD". */
  min?: string;
  max?: string;
};

/**
 * A day field in the interface language: typed or picked in a calendar (months and weekdays of the
 * language, weeks from Monday), shown « 31/12/2026 », exchanged with the API as "2026-12-31".
 */
export const DateField = ({ value, onChange, min, max, clearable, ...props }: DateFieldProps) => {
  const { t } = useTranslation("common");
  const { locale } = useFormat();
  return (
    <DateInput
      placeholder={t("date.placeholder")}
      {...props}
      value={value ? value : null}
      onChange={(day) => onChange(day ?? "")}
      valueFormat={dayFormat}
      dateParser={parseDay}
      locale={locale}
      firstDayOfWeek={1}
      minDate={min}
      maxDate={max}
      clearable={clearable}
      allowDeselect={false}
      popoverProps={{ withinPortal: true, ...props.popoverProps }}
    />
  );
};
