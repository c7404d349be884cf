/**
 * Amounts and dates inside a message, in the reader's language (issue 23): a sentence never shows raw
 * cents (« 71460 centimes ») nor an ISO date (« le 2019-05-15 »). The params themselves stay as raised
 * (cents, ISO dates: a client reads them in problem+json); only the sentence formats them.
 *
 * Dates are told by their shape: any parameter that is exactly an ISO day reads « 15 mai 2019 » /
 * « 15 May 2019 », a month or a quarter (a VAT period's key) « mars 2025 », « 1er trimestre 2026 ». Amounts cannot be told by their shape (a line number is an integer too): each code
 * names its amounts and their unit here, and the catalogue's walk (`messages.test.ts`) fails on a
 * template that writes a currency or « centimes » beside a parameter instead.
 */

/** How an amount parameter is raised: integer cents, a decimal of euros ("714.60", "1173,00"), whole euros. */
type AmountUnit = "cents" | "euros" | "wholeEuros";

export const AMOUNT_PARAMS: Readonly<Record<string, Readonly<Record<string, AmountUnit>>>> = {
  "payment.allocationExceedsDue": { due: "cents" },
  "payment.overAllocated": { allocated: "cents", amount: "cents" },
  "payment.creditNotesNeedRefund": { allocated: "cents" },
  "payment.refundNotAllocated": { amount: "cents", allocated: "cents" },
  "payment.remainderExceeded": { used: "cents", remainder: "cents" },
  "entry.amountTooLarge": { max: "euros" },
  "entry.totalTooLarge": { max: "euros" },
  "entry.unbalanced": { debit: "euros", credit: "euros", difference: "euros" },
  "lettering.unbalanced": { debit: "euros", credit: "euros", difference: "euros" },
  "einvoice.totalsMismatch": { expected: "euros", actual: "euros" },
  "einvoice.totalsNotReproduced": { expected: "euros", actual: "euros" },
  "statementLine.amountDiffers": { line: "euros", target: "euros" },
  "vat.basesDisagree": { difference: "wholeEuros" },
  "vat.refundBelowThreshold": { minimum: "wholeEuros" },
  "vat.refundAboveCredit": { credit: "wholeEuros" },
  "vat.creditWithCents": { balance: "euros" },
  "vat.instalmentReferenceKnown": { reference: "wholeEuros" },
  "vat.instalmentBelowThreshold": { reference: "wholeEuros", threshold: "wholeEuros" },
  "platformInvoice.creditTooHigh": { max: "cents" },
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const tag = (locale: "fr" | "en") => (locale === "fr" ? "fr-FR" : "en-GB");

const moneyFormats = new Map<string, Intl.NumberFormat>();
const moneyFormat = (locale: "fr" | "en", whole: boolean): Intl.NumberFormat => {
  const key = `${locale}|${whole}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag(locale), {
      style: "currency",
      currency: "EUR",
      ...(whole && { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
    });
    moneyFormats.set(key, format);
  }
  return format;
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (locale: "fr" | "en"): Intl.DateTimeFormat => {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(tag(locale), { dateStyle: "long", timeZone: "UTC" });
    dateFormats.set(locale, format);
  }
  return format;
};

/** An amount in `unit` as the reader writes money; `undefined` when it is not a number of that unit. */
export const moneyText = (value: string, unit: AmountUnit, locale: "fr" | "en"): string | undefined => {
  const text = value.trim().replace(",", ".");
  if (unit === "cents" ? !/^-?\d+$/.test(text) : !/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  // Cents as an integer, exact: never through a float's division.
  const cents = unit === "cents" ? BigInt(text) : BigInt(Math.round(Number(text) * 100));
  const euros = Number(cents / 100n) + Number(cents % 100n) / 100;
  return moneyFormat(locale, unit === "wholeEuros" && cents % 100n === 0n).format(euros);
};

/** The day an ISO date names; `undefined` when it is not one (2026-02-30 is no day: left as sent). */
const dayOf = (value: string): Date | undefined => {
  const m = ISO_DAY.exec(value);
  if (!m) return undefined;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return day.toISOString().slice(0, 10) === value ? day : undefined;
};

/** An ISO day as the reader writes a date in a sentence; `undefined` for anything else. */
export const dateText = (value: string, locale: "fr" | "en"): string | undefined => {
  const day = dayOf(value);
  return day && dateFormat(locale).format(day);
};

const shortDates = new Map<string, Intl.DateTimeFormat>();

/** An ISO day as a list shows it (« 15/05/2019 »); anything else as it is. */
export const shortDateText = (value: string, locale: "fr" | "en"): string => {
  const day = dayOf(value);
  if (!day) return value;
  let format = shortDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(tag(locale), {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      timeZone: "UTC",
    });
    shortDates.set(locale, format);
  }
  return format.format(day);
};

/** Cents as the reader writes money (« −1 173,00 € » / « −€1,173.00 »). */
export const centsAsMoney = (cents: number, locale: "fr" | "en"): string =>
  moneyText(String(cents), "cents", locale) ?? String(cents);

const ISO_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;
const monthFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A VAT period's key as the reader names it: a month (« 2025-03 ») reads « mars 2025 » / « March 2025 »,
 * a quarter (« 2026-Q1 ») « 1er trimestre 2026 » / « Q1 2026 »; anything else `undefined`.
 */
export const periodText = (value: string, locale: "fr" | "en"): string | undefined => {
  const month = ISO_MONTH.exec(value);
  if (month) {
    let format = monthFormats.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(tag(locale), { month: "long", year: "numeric", timeZone: "UTC" });
      monthFormats.set(locale, format);
    }
    return format.format(new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1)));
  }
  const quarter = QUARTER.exec(value);
  if (!quarter) return undefined;
  return locale === "fr"
    ? `${quarter[2] === "1" ? "1er" : `${quarter[2]}e`} trimestre ${quarter[1]}`
    : `Q${quarter[2]} ${quarter[1]}`;
};

/** A parameter of `code` formatted for the sentence, or `undefined` to leave it as it is. */
export const formattedParam = (
  code: string,
  key: string,
  value: string,
  locale: "fr" | "en",
): string | undefined => {
  const unit = AMOUNT_PARAMS[code]?.[key];
  return unit ? moneyText(value, unit, locale) : (dateText(value, locale) ?? periodText(value, locale));
};
