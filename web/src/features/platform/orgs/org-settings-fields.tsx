import { Select, Stack, Switch, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { periodicitiesOf, type VatPeriodicity, type VatRegime, vatRegimes } from "./api.ts";
import { useOrgLabels } from "./org-labels.ts";

export type OrgSettingsValues = {
  vatNumber: string;
  fiscalYearStartMonth: number;
  vatRegime: VatRegime;
  vatOnDebits: boolean;
};

export const defaultOrgSettings: OrgSettingsValues = {
  vatNumber: "",
  fiscalYearStartMonth: 1,
  vatRegime: "reel_normal",
  vatOnDebits: false,
};

const months = Array.from({ length: 12 }, (_, index) => index + 1);

export type OrgSettingsFieldsProps = {
  values: OrgSettingsValues;
  onChange: (values: OrgSettingsValues) => void;
  disabled?: boolean;
  /** Messages to show under the fields, e.g. the server's refusal of a VAT number. */
  errors?: Partial<Record<keyof OrgSettingsValues, string>>;
  /** The VAT periodicity, where the form offers it (the tax identity), under the regime it must fit. */
  periodicity?: { value: VatPeriodicity; onChange: (value: VatPeriodicity) => void; error?: string };
};

/** The tax settings of an organisation, shared by the creation and the edit forms. */
export const OrgSettingsFields = ({
  values,
  onChange,
  disabled,
  errors = {},
  periodicity,
}: OrgSettingsFieldsProps) => {
  const { t } = useTranslation("orgs");
  const labels = useOrgLabels();
  const set = <K extends keyof OrgSettingsValues>(key: K, value: OrgSettingsValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <Stack gap="sm">
      <TextInput
        label={t("fields.vatNumber")}
        description={t("form.vatNumberHint")}
        placeholder={t("form.vatNumberPlaceholder")}
        value={values.vatNumber}
        onChange={(event) => set("vatNumber", event.currentTarget.value)}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        error={errors.vatNumber}
        classNames={{ input: "registre-numeric" }}
        data-testid="org-vat-number-input"
      />
      <Select<number>
        label={t("fields.fiscalYearStartMonth")}
        data={months.map((month) => ({ value: month, label: labels.format.month(month) }))}
        value={values.fiscalYearStartMonth}
        onChange={(month) => {
          if (month !== null) set("fiscalYearStartMonth", month);
        }}
        allowDeselect={false}
        disabled={disabled}
        error={errors.fiscalYearStartMonth}
      />
      <Select<VatRegime>
        label={t("fields.vatRegime")}
        data={vatRegimes.map((regime) => ({ value: regime, label: labels.vatRegime(regime) }))}
        value={values.vatRegime}
        onChange={(regime) => {
          if (regime !== null) set("vatRegime", regime);
        }}
        allowDeselect={false}
        disabled={disabled}
        error={errors.vatRegime}
      />
      {periodicity && values.vatRegime !== "franchise" ? (
        <Select<VatPeriodicity>
          label={t("fields.vatPeriodicity")}
          description={t("form.vatPeriodicityHint")}
          data={periodicitiesOf(values.vatRegime).map((p) => ({
            value: p,
            label: t(`vatPeriodicities.${p}`),
          }))}
          value={periodicity.value}
          onChange={(next) => {
            if (next !== null) periodicity.onChange(next);
          }}
          allowDeselect={false}
          disabled={disabled}
          error={periodicity.error}
          data-testid="org-vat-periodicity-input"
        />
      ) : null}
      <Switch
        label={t("fields.vatOnDebits")}
        description={t("form.vatOnDebitsHint")}
        checked={values.vatOnDebits}
        onChange={(event) => set("vatOnDebits", event.currentTarget.checked)}
        disabled={disabled}
      />
    </Stack>
  );
};
