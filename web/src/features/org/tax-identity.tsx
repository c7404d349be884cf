import {
  Alert,
  Button,
  DataList,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFieldMessage } from "../../components/field-message.ts";
import { CheckIcon } from "../../components/icons.tsx";
import { formatSiren } from "../../i18n/format.ts";
import { api } from "../../lib/api-client.ts";
import { ApiError } from "../../lib/http.ts";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import {
  required,
  siren as sirenRule,
  type ValidationMessage,
  validate,
  vatNumber,
} from "../../lib/validation.ts";
import {
  fittingPeriodicity,
  isVatRegime,
  type Org,
  type UpdateOrgInput,
  type VatPeriodicity,
} from "../orgs/api.ts";
import { useOrgLabels } from "../orgs/org-labels.ts";
import {
  defaultOrgSettings,
  OrgSettingsFields,
  type OrgSettingsValues,
} from "../orgs/org-settings-fields.tsx";

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

const TaxIdentityForm = ({ org, onDone }: { org: Org; onDone: (saved: boolean) => void }) => {
  const { t } = useTranslation(["app", "orgs", "common"]);
  const fieldMessage = useFieldMessage();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(org));
  const [checks, setChecks] = useState<Partial<Record<Field, ValidationMessage>>>({});
  const save = useMutation({
    mutationFn: (changes: UpdateOrgInput) => api.put("/org", { body: changes }),
    onSuccess: (saved) => {
      queryClient.setQueryData(["org"], saved);
      onDone(true);
    },
  });
  const refused = serverErrors(save.error);
  // A refused field may be above the fold (the form is long): bring the first one into view.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!save.error) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.scrollIntoView({ block: "center" });
    invalid?.focus({ preventScroll: true });
  }, [save.error]);
  const set = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    save.reset();
  };
  const label = (field: Field) => t(`orgs:fields.${field}`);
  const error = (field: Field) => fieldMessage(label(field), checks[field]) ?? refused[field];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const addressGiven = [values.line1, values.postalCode, values.city].some((part) => part.trim() !== "");
    const found: Partial<Record<Field, ValidationMessage>> = {};
    const check = (field: Field, message: ValidationMessage | null) => {
      if (message) found[field] = message;
    };
    // The SIREN's length and check key, one message saying what is wrong (as a contact's).
    check("siren", validate(values.siren, [required, sirenRule]));
    check("vatNumber", validate(values.vatNumber, [vatNumber]));
    if (addressGiven) {
      check("line1", validate(values.line1, [required]));
      check("postalCode", validate(values.postalCode, [required]));
      check("city", validate(values.city, [required]));
      check("country", validate(values.country, [required]));
    }
    setChecks(found);
    if (Object.keys(found).length > 0) return;
    const changes = changesOf(org, values);
    if (Object.keys(changes).length === 0) onDone(false);
    else save.mutate(changes);
  };

  const pending = save.isPending;
  const text = (field: "line1" | "line2" | "postalCode" | "city" | "country", extra: object = {}) => (
    <TextInput
      label={field === "line1" ? t("app:settings.identity.street") : label(field)}
      value={values[field]}
      onChange={(event) => set({ [field]: event.currentTarget.value })}
      error={error(field)}
      disabled={pending}
      data-testid={`org-${field}-input`}
      {...extra}
    />
  );
  return (
    <form onSubmit={onSubmit} noValidate ref={form} data-testid="tax-identity-form">
      <Stack gap="sm">
        <TextInput
          label={label("siren")}
          description={t("orgs:form.sirenHint")}
          value={values.siren}
          onChange={(event) => set({ siren: event.currentTarget.value })}
          error={error("siren")}
          withAsterisk
          disabled={pending}
          inputMode="numeric"
          classNames={{ input: "registre-numeric" }}
          data-testid="org-siren-input"
        />
        <OrgSettingsFields
          values={values}
          onChange={(next) =>
            set({ ...next, vatPeriodicity: fittingPeriodicity(next.vatRegime, values.vatPeriodicity) })
          }
          periodicity={{
            value: values.vatPeriodicity,
            onChange: (vatPeriodicity) => set({ vatPeriodicity }),
            error: refused.vatPeriodicity,
          }}
          disabled={pending}
          errors={{
            vatNumber: error("vatNumber"),
            fiscalYearStartMonth: refused.fiscalYearStartMonth,
            vatRegime: refused.vatRegime,
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
        {save.isError && Object.keys(refused).length === 0 ? (
          <ErrorAlert
            error={save.error}
            title={t("orgs:detail.updateErrorTitle")}
            testId="tax-identity-error"
          />
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={() => onDone(false)} disabled={pending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={pending} data-testid="tax-identity-submit">
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
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
  const { t } = useTranslation(["app", "common"]);
  const session = useSession();
  const org = useQuery(currentOrgQuery());
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const mayChange = can(session, "organization", "update");
  return (
    <Paper p="lg" component="section" aria-labelledby="tax-identity-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} id="tax-identity-title">
              {t("app:settings.identity.title")}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t("app:settings.identity.description")}
            </Text>
          </div>
          {editing || !mayChange || !org.data ? null : (
            <Button
              variant="default"
              size="sm"
              style={{ flexShrink: 0 }}
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
              data-testid="tax-identity-edit"
            >
              {t("common:actions.edit")}
            </Button>
          )}
        </Group>
        {saved ? (
          <Alert
            color="teal"
            variant="light"
            icon={<CheckIcon />}
            role="status"
            withCloseButton
            onClose={() => setSaved(false)}
            data-testid="settings-saved"
          >
            {t("app:settings.saved")}
          </Alert>
        ) : null}
        {org.isError ? <ErrorAlert error={org.error} onRetry={() => void org.refetch()} /> : null}
        {org.isPending ? <Skeleton height={200} /> : null}
        {org.data && editing ? (
          <TaxIdentityForm
            org={org.data}
            onDone={(didSave) => {
              setEditing(false);
              setSaved(didSave);
            }}
          />
        ) : null}
        {org.data && !editing ? <TaxIdentityView org={org.data} /> : null}
      </Stack>
    </Paper>
  );
};
