import { Alert, Button, DataList, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { CheckIcon } from "../../components/icons.tsx";
import { formatSiren } from "../../i18n/format.ts";
import { isVatRegime, type Org, type UpdateOrgInput, useUpdateOrg } from "./api.ts";
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
  const [name, setName] = useState(org.name);
  const [settings, setSettings] = useState<OrgSettingsValues>(() => settingsOf(org));
  const [nameError, setNameError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === "") {
      setNameError(t("orgs:form.nameRequired"));
      return;
    }
    const changes = changesOf(org, name, settings);
    if (Object.keys(changes).length === 0) {
      onDone(false);
      return;
    }
    updateOrg.mutate(changes, { onSuccess: () => onDone(true) });
  };

  const pending = updateOrg.isPending;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="org-edit-form">
      <Stack gap="sm">
        <TextInput
          label={t("orgs:fields.name")}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
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
        <OrgSettingsFields values={settings} onChange={setSettings} disabled={pending} />
        {updateOrg.isError ? (
          <ErrorAlert
            error={updateOrg.error}
            title={t("orgs:detail.updateErrorTitle")}
            testId="org-edit-error"
          />
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={() => onDone(false)} disabled={pending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={pending} data-testid="org-edit-submit">
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
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
  const { t } = useTranslation(["orgs", "common"]);
  const [editing, setEditing] = useState(initiallyEditing);
  const [saved, setSaved] = useState(false);
  return (
    <Paper p="lg" component="section" aria-labelledby="org-settings-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} id="org-settings-title">
              {editing ? t("orgs:detail.editTitle") : t("orgs:detail.settings")}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t("orgs:detail.settingsDescription")}
            </Text>
          </div>
          {editing ? null : (
            <Button
              variant="default"
              size="xs"
              style={{ flexShrink: 0 }}
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
              data-testid="org-edit-button"
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
            data-testid="org-edit-success"
          >
            {t("orgs:detail.updateSuccess")}
          </Alert>
        ) : null}
        {editing ? (
          <OrgEditForm
            org={org}
            onDone={(didSave) => {
              setEditing(false);
              setSaved(didSave);
            }}
          />
        ) : (
          <OrgSettingsView org={org} />
        )}
      </Stack>
    </Paper>
  );
};
