import { useTranslation } from "react-i18next";
import { type Formatters, formatSiren, useFormat } from "../../../i18n/format.ts";
import frOrgs from "../../../i18n/locales/fr/orgs.json";
import { isVatRegime } from "./api.ts";
import { eventTypeLabel } from "./event-types.ts";

type FieldKey = keyof typeof frOrgs.fields;

const isFieldKey = (key: string): key is FieldKey => Object.hasOwn(frOrgs.fields, key);

export type OrgLabels = {
  format: Formatters;
  vatRegime: (regime: string) => string;
  field: (key: string) => string;
  eventType: (type: string) => string;
  /** Formats a value of the organisation (an event summary entry, a setting) for display. */
  value: (key: string, value: unknown) => string;
};

/** Localised labels and value formatting for organisations. */
export const useOrgLabels = (): OrgLabels => {
  const { t } = useTranslation(["orgs", "common", "app"]);
  const format = useFormat();
  const vatRegime = (regime: string) => (isVatRegime(regime) ? t(`orgs:vatRegimes.${regime}`) : regime);
  const empty = t("common:values.empty");
  const value = (key: string, raw: unknown): string => {
    if (raw === null || raw === undefined || raw === "") return empty;
    if (typeof raw === "boolean") return raw ? t("common:values.yes") : t("common:values.no");
    if (key === "vatRegime" && typeof raw === "string") return vatRegime(raw);
    if (key === "vatPeriodicity" && (raw === "monthly" || raw === "quarterly" || raw === "yearly"))
      return t(`orgs:vatPeriodicities.${raw}`);
    if (key === "fiscalYearStartMonth" && typeof raw === "number") return format.month(raw);
    if (key === "siren" && typeof raw === "string") return formatSiren(raw);
    if (key === "profile" && (raw === "owner" || raw === "accountant")) return t(`app:users.profiles.${raw}`);
    if ((key === "createdAt" || key === "updatedAt") && typeof raw === "string") return format.dateTime(raw);
    if (key === "address" && typeof raw === "object" && !Array.isArray(raw)) {
      const a = raw as Record<string, unknown>;
      const part = (name: string) => (typeof a[name] === "string" ? (a[name] as string) : "");
      return [part("line1"), part("line2"), `${part("postalCode")} ${part("city")}`.trim(), part("country")]
        .filter(Boolean)
        .join(", ");
    }
    if (typeof raw === "string") return raw;
    if (typeof raw === "number") return format.number(raw);
    // A chart of accounts or an entry's lines: how many, not hundreds of rows of JSON.
    if (Array.isArray(raw)) return t("common:values.items", { count: raw.length });
    return JSON.stringify(raw);
  };
  return {
    format,
    vatRegime,
    field: (key) => (isFieldKey(key) ? t(`orgs:fields.${key}`) : key),
    eventType: (type) => eventTypeLabel(type, (key) => t(key)),
    value,
  };
};
