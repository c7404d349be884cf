import { DataList, TextInput } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { EditableSection } from "../../../components/editable-section.tsx";
import { FormActions, FormCard, useSchemaForm } from "../../../components/form.tsx";
import { formatSiren } from "../../../i18n/format.ts";
import { z } from "../../../lib/zod.ts";
import { isVatRegime, type Org, type UpdateOrgInput, useUpdateOrg, vatRegimes } from "./api.ts";
import { useOrgLabels } from "./org-labels.ts";
import { defaultOrgSettings, OrgSettingsFields, type OrgSettingsValues } from "./org-settings-fields.tsx";

const settingsOf = (org: Org): OrgSettingsValues => ({
  vatNumber: org.vatNumber ?? "",
  fiscalYearStartMonth: org.fiscalYearStartMonth,
  vatRegime: isVatRegime(org.vatRegime) ? org.vatRegime : defaultOrgSettings.vatRegime,
  vatOnDebits: org.vatOnDebits,
});

/** The fields that differ from the organisation as loaded: PUT only sends what changed. */
const changesOf = (org: Org, name: string, settings: OrgSettingsValues): UpdateOrgInput => {
  const changes: UpdateOrgInput = {};
  const trimmedName = name.trim();
  if (trimmedName !== org.name) changes.name = trimmedName;
  const vatNumber =
    settings.vatNumber.trim() === "" ? null : settings.vatNumber.replace(/\s/g, "").toUpperCase();
  if (vatNumber !== org.vatNumber) changes.vatNumber = vatNumber;
  if (settings.fiscalYearStartMonth !== org.fiscalYearStartMonth) {
    changes.fiscalYearStartMonth = settings.fiscalYearStartMonth;
  }
  if (settings.vatRegime !== org.vatRegime) changes.vatRegime = settings.vatRegime;
  if (settings.vatOnDebits !== org.vatOnDebits) changes.vatOnDebits = settings.vatOnDebits;
  return changes;
};

const OrgEditForm = ({ org, onDone }: { org: Org; onDone: (saved: boolean) => void }) => {
  const { t } = useTranslation(["orgs", "common"]);
  const updateOrg = useUpdateOrg(org.id);
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, { error: t("orgs:form.nameRequired") }),
        vatNumber: z.string(),
        fiscalYearStartMonth: z.number(),
        vatRegime: z.enum(vatRegimes),
        vatOnDebits: z.boolean(),
      }),
    [t],
  );
  const form = useSchemaForm(schema, { name: org.name, ...settingsOf(org) });
  const pending = updateOrg.isPending;
  return (
    <FormCard
      bare
      testId="org-edit-form"
      onSubmit={form.onSubmit(({ name, ...settings }) => {
        const changes = changesOf(org, name, settings);
        if (Object.keys(changes).length === 0) onDone(false);
        else updateOrg.mutate(changes, { onSuccess: () => onDone(true) });
      })}
      error={updateOrg.isError ? updateOrg.error : null}
      errorTitle={t("orgs:detail.updateErrorTitle")}
      errorTestId="org-edit-error"
      actions={
        <FormActions
          cancel={() => onDone(false)}
          submitLabel={t("common:actions.save")}
          pending={pending}
          submitTestId="org-edit-submit"
        />
      }
    >
      <TextInput
        label={t("orgs:fields.name")}
        {...form.getInputProps("name")}
        withAsterisk
        disabled={pending}
        autoComplete="organization"
        data-testid="org-edit-name-input"
      />
      <TextInput
        label={t("orgs:fields.siren")}
        value={formatSiren(org.siren)}
        readOnly
        disabled
        classNames={{ input: "registre-numeric" }}
      />
      <OrgSettingsFields
        values={form.values}
        onChange={(settings) => form.setValues(settings)}
        disabled={pending}
      />
    </FormCard>
  );
};

const lastMonthOfYear = (startMonth: number): number => ((startMonth + 10) % 12) + 1;

const OrgSettingsView = ({ org }: { org: Org }) => {
  const { t } = useTranslation("orgs");
  const labels = useOrgLabels();
  const items: readonly [label: string, value: string, numeric?: boolean][] = [
    [t("fields.name"), org.name],
    [t("fields.siren"), formatSiren(org.siren), true],
    [t("fields.vatNumber"), labels.value("vatNumber", org.vatNumber), true],
    [
      t("fields.fiscalYear"),
      t("detail.fiscalYearRange", {
        from: labels.format.month(org.fiscalYearStartMonth),
        to: labels.format.monthInline(lastMonthOfYear(org.fiscalYearStartMonth)),
      }),
    ],
    [t("fields.vatRegime"), labels.vatRegime(org.vatRegime)],
    [t("fields.vatOnDebits"), labels.value("vatOnDebits", org.vatOnDebits)],
  ];
  return (
    <DataList labelWidth={170} withDivider gap="sm" data-testid="org-settings">
      {items.map(([label, value, numeric]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
          <DataList.ItemValue
            className={numeric ? "registre-numeric" : undefined}
            style={{ overflowWrap: "anywhere", minWidth: 0 }}
          >
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
};

export const OrgSettingsCard = ({
  org,
  initiallyEditing = false,
}: {
  org: Org;
  initiallyEditing?: boolean;
}) => {
  const { t } = useTranslation("orgs");
  return (
    <EditableSection
      id="org-settings-title"
      title={t("detail.settings")}
      editingTitle={t("detail.editTitle")}
      description={t("detail.settingsDescription")}
      initiallyEditing={initiallyEditing}
      editTestId="org-edit-button"
      editSize="xs"
      savedText={t("detail.updateSuccess")}
      savedTestId="org-edit-success"
    >
      {({ editing, done }) =>
        editing ? <OrgEditForm org={org} onDone={done} /> : <OrgSettingsView org={org} />
      }
    </EditableSection>
  );
};
