import { DataList, SimpleGrid, Skeleton, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { EditableSection } from "../../components/editable-section.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { FormActions, FormCard, useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { formatSiren } from "../../i18n/format.ts";
import { api } from "../../lib/api-client.ts";
import { ApiError } from "../../lib/http.ts";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { z } from "../../lib/zod.ts";
import {
  fittingPeriodicity,
  isVatRegime,
  type Org,
  type UpdateOrgInput,
  type VatPeriodicity,
  vatPeriodicities,
  vatRegimes,
} from "../platform/orgs/api.ts";
import { useOrgLabels } from "../platform/orgs/org-labels.ts";
import {
  defaultOrgSettings,
  OrgSettingsFields,
  type OrgSettingsValues,
} from "../platform/orgs/org-settings-fields.tsx";

/** The organisation of the session, as `/org/settings` and its sub-screens share it. */
export const currentOrgQuery = () => ({
  queryKey: ["org"] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get("/org", { signal }),
});

type Values = OrgSettingsValues & {
  vatPeriodicity: VatPeriodicity;
  siren: string;
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  country: string;
};
type Field = keyof Values;

const valuesOf = (org: Org): Values => ({
  siren: formatSiren(org.siren),
  vatNumber: org.vatNumber ?? "",
  fiscalYearStartMonth: org.fiscalYearStartMonth,
  vatRegime: isVatRegime(org.vatRegime) ? org.vatRegime : defaultOrgSettings.vatRegime,
  vatOnDebits: org.vatOnDebits,
  vatPeriodicity: org.vatPeriodicity,
  line1: org.address?.line1 ?? "",
  line2: org.address?.line2 ?? "",
  postalCode: org.address?.postalCode ?? "",
  city: org.address?.city ?? "",
  country: org.address?.country ?? "FR",
});

const compactText = (value: string) => value.replace(/\s/g, "").toUpperCase();

/** What the form changes: PUT /org only carries the fields that differ from the organisation. */
const changesOf = (org: Org, v: Values): UpdateOrgInput => {
  const changes: UpdateOrgInput = {};
  const siren = compactText(v.siren);
  if (siren !== org.siren) changes.siren = siren;
  const vat = v.vatNumber.trim() === "" ? null : compactText(v.vatNumber);
  if (vat !== org.vatNumber) changes.vatNumber = vat;
  const blankAddress = [v.line1, v.line2, v.postalCode, v.city].every((part) => part.trim() === "");
  const address = blankAddress
    ? null
    : {
        line1: v.line1.trim(),
        ...(v.line2.trim() !== "" && { line2: v.line2.trim() }),
        postalCode: v.postalCode.trim(),
        city: v.city.trim(),
        country: v.country.trim().toUpperCase(),
      };
  if (JSON.stringify(address) !== JSON.stringify(org.address ?? null)) changes.address = address;
  if (v.fiscalYearStartMonth !== org.fiscalYearStartMonth)
    changes.fiscalYearStartMonth = v.fiscalYearStartMonth;
  if (v.vatRegime !== org.vatRegime) changes.vatRegime = v.vatRegime;
  if (v.vatOnDebits !== org.vatOnDebits) changes.vatOnDebits = v.vatOnDebits;
  if (v.vatPeriodicity !== org.vatPeriodicity) changes.vatPeriodicity = v.vatPeriodicity;
  return changes;
};

/** The server names the field it refused (`address.line1`): its message goes under that field. */
const serverErrors = (error: unknown): Partial<Record<Field, string>> => {
  if (!(error instanceof ApiError) || !error.problem?.errors) return {};
  const out: Partial<Record<Field, string>> = {};
  for (const entry of error.problem.errors) {
    const field = entry.field.replace(/^address\./, "") as Field;
    out[field] ??= error.problem.errors.length === 1 ? error.problem.detail : entry.message;
  }
  return out;
};

const addressParts = ["line1", "postalCode", "city", "country"] as const;

/** The SIREN (its length and key said once, as a contact's), the VAT number, an address whole or none. */
const useIdentitySchema = () =>
  useFormSchema("orgs", (t, rules) =>
    z
      .object({
        siren: rules.siren(t("fields.siren")),
        vatNumber: rules.vatNumber(t("fields.vatNumber")),
        fiscalYearStartMonth: z.number(),
        vatRegime: z.enum(vatRegimes),
        vatOnDebits: z.boolean(),
        vatPeriodicity: z.enum(vatPeriodicities),
        line1: z.string(),
        line2: z.string(),
        postalCode: z.string(),
        city: z.string(),
        country: z.string(),
      })
      .superRefine((values, context) => {
        const given = [values.line1, values.postalCode, values.city].some((part) => part.trim() !== "");
        if (!given) return;
        for (const part of addressParts)
          if (values[part].trim() === "")
            context.addIssue({
              code: "custom",
              path: [part],
              message: rules.required(t(`fields.${part}`)),
            });
      }),
  );

const TaxIdentityForm = ({ org, onDone }: { org: Org; onDone: (saved: boolean) => void }) => {
  const { t } = useTranslation(["app", "orgs", "common"]);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (changes: UpdateOrgInput) => api.put("/org", { body: changes }),
    onSuccess: (saved) => {
      queryClient.setQueryData(currentOrgQuery().queryKey, saved);
      onDone(true);
    },
    onError: (error) => form.setErrors(serverErrors(error)),
  });
  const form = useSchemaForm(useIdentitySchema(), valuesOf(org), { onValuesChange: () => save.reset() });
  // A refused field may be above the fold (the form is long): bring the first one into view.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!save.error) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.scrollIntoView({ block: "center" });
    invalid?.focus({ preventScroll: true });
  }, [save.error]);
  const pending = save.isPending;
  const label = (field: Field) => t(`orgs:fields.${field}`);
  const text = (field: "line1" | "line2" | "postalCode" | "city" | "country", extra: object = {}) => (
    <TextInput
      label={field === "line1" ? t("app:settings.identity.street") : label(field)}
      {...form.getInputProps(field)}
      disabled={pending}
      data-testid={`org-${field}-input`}
      {...extra}
    />
  );
  const refusedElsewhere = save.isError && Object.keys(serverErrors(save.error)).length === 0;
  return (
    <FormCard
      bare
      formRef={formRef}
      testId="tax-identity-form"
      onSubmit={form.onSubmit((values) => {
        const changes = changesOf(org, values);
        if (Object.keys(changes).length === 0) onDone(false);
        else save.mutate(changes);
      })}
      error={refusedElsewhere ? save.error : null}
      errorTitle={t("orgs:detail.updateErrorTitle")}
      errorTestId="tax-identity-error"
      actions={
        <FormActions
          cancel={() => onDone(false)}
          submitLabel={t("common:actions.save")}
          pending={pending}
          submitTestId="tax-identity-submit"
        />
      }
    >
      <TextInput
        label={label("siren")}
        description={t("orgs:form.sirenHint")}
        {...form.getInputProps("siren")}
        withAsterisk
        disabled={pending}
        inputMode="numeric"
        classNames={{ input: "registre-numeric" }}
        data-testid="org-siren-input"
      />
      <OrgSettingsFields
        values={form.values}
        onChange={(next) =>
          form.setValues({
            ...next,
            vatPeriodicity: fittingPeriodicity(next.vatRegime, form.values.vatPeriodicity),
          })
        }
        periodicity={{
          value: form.values.vatPeriodicity,
          onChange: (vatPeriodicity) => form.setFieldValue("vatPeriodicity", vatPeriodicity),
          error: form.errors.vatPeriodicity as string | undefined,
        }}
        disabled={pending}
        errors={{
          vatNumber: form.errors.vatNumber as string | undefined,
          fiscalYearStartMonth: form.errors.fiscalYearStartMonth as string | undefined,
          vatRegime: form.errors.vatRegime as string | undefined,
        }}
      />
      <Text size="sm" fw={600} mt="xs">
        {t("orgs:fields.address")}
      </Text>
      {text("line1", { autoComplete: "address-line1" })}
      {text("line2", { autoComplete: "address-line2" })}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {text("postalCode", { autoComplete: "postal-code" })}
        {text("city", { autoComplete: "address-level2" })}
        {text("country", {
          autoComplete: "country",
          maxLength: 2,
          description: t("app:settings.identity.countryHint"),
        })}
      </SimpleGrid>
    </FormCard>
  );
};

const lastMonthOfYear = (startMonth: number): number => ((startMonth + 10) % 12) + 1;

const TaxIdentityView = ({ org }: { org: Org }) => {
  const { t } = useTranslation(["orgs", "common"]);
  const labels = useOrgLabels();
  const address = org.address
    ? [
        org.address.line1,
        org.address.line2,
        `${org.address.postalCode} ${org.address.city}`,
        org.address.country,
      ]
        .filter(Boolean)
        .join(", ")
    : null;
  const items: readonly [label: string, value: string, testId: string, numeric?: boolean][] = [
    [t("fields.siren"), formatSiren(org.siren), "siren", true],
    [t("fields.vatNumber"), labels.value("vatNumber", org.vatNumber), "vatNumber", true],
    [t("fields.address"), labels.value("address", address), "address"],
    [t("fields.vatRegime"), labels.vatRegime(org.vatRegime), "vatRegime"],
    [t("fields.vatPeriodicity"), labels.value("vatPeriodicity", org.vatPeriodicity), "vatPeriodicity"],
    [t("fields.vatOnDebits"), labels.value("vatOnDebits", org.vatOnDebits), "vatOnDebits"],
    [
      t("fields.fiscalYear"),
      t("detail.fiscalYearRange", {
        from: labels.format.month(org.fiscalYearStartMonth),
        to: labels.format.monthInline(lastMonthOfYear(org.fiscalYearStartMonth)),
      }),
      "fiscalYear",
    ],
  ];
  return (
    <DataList labelWidth={230} withDivider gap="sm" data-testid="tax-identity">
      {items.map(([label, value, testId, numeric]) => (
        <DataList.Item key={testId}>
          <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
          <DataList.ItemValue
            className={numeric ? "registre-numeric" : undefined}
            style={{ overflowWrap: "anywhere" }}
            data-testid={`tax-identity-${testId}`}
          >
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
};

/**
 * `/org/settings`: the organisation's tax identity (SIREN, VAT number, address, VAT regime, its
 * return's periodicity and the débits option, fiscal-year start), read by every member, changed by whoever holds the right to
 * update the organisation (its owners).
 */
export const TaxIdentityCard = () => {
  const { t } = useTranslation("app");
  const session = useSession();
  const org = useQuery(currentOrgQuery());
  return (
    <EditableSection
      id="tax-identity-title"
      title={t("settings.identity.title")}
      description={t("settings.identity.description")}
      mayEdit={can(session, "organization", "update") && org.data !== undefined}
      editTestId="tax-identity-edit"
      savedText={t("settings.saved")}
      savedTestId="settings-saved"
    >
      {({ editing, done }) => (
        <>
          {org.isError ? <ErrorAlert error={org.error} onRetry={() => void org.refetch()} /> : null}
          {org.isPending ? <Skeleton height={200} /> : null}
          {org.data && editing ? <TaxIdentityForm org={org.data} onDone={done} /> : null}
          {org.data && !editing ? <TaxIdentityView org={org.data} /> : null}
        </>
      )}
    </EditableSection>
  );
};
