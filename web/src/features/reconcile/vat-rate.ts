import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format.ts";
import type { Schemas } from "../../lib/api-client.ts";
import { rateText, vatCodeRates } from "../accounting/vat-code.ts";

/** A VAT rate a bank booking (a line's entry, a rule) may state: the entry editor's rates, or exempt. */
export type BookingRate = NonNullable<Schemas["LineEntryInput"]["vatRate"]>;

export const bookingRates: readonly BookingRate[] = [...vatCodeRates, "exempt"];

export const bookingRateOf = (value: string): BookingRate | undefined =>
  bookingRates.find((rate) => rate === value);

/** A booking's rate as the entry editor writes it (« 5,5 % », « 5.5% »), exempt in words. */
export const useBookingRates = () => {
  const { t } = useTranslation("reconcile");
  const { locale } = useFormat();
  const text = (rate: BookingRate) => (rate === "exempt" ? t("reconcile.vatExempt") : rateText(rate, locale));
  return {
    text,
    /** The options of a select: « Sans TVA » (the empty value), then each rate. */
    options: [
      { value: "", label: t("rules.noVat") },
      ...bookingRates.map((rate) => ({ value: rate, label: text(rate) })),
    ],
  };
};
