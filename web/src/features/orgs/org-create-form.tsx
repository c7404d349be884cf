import { Alert, Button, Divider, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { CheckIcon } from "../../components/icons.tsx";
import { sirenProblem } from "../../lib/validation.ts";
import { type CreateOrgInput, type Org, useCreateOrg } from "./api.ts";
import { defaultOrgSettings, OrgSettingsFields, type OrgSettingsValues } from "./org-settings-fields.tsx";

/** Removes the spaces users type to group the digits: « 732 829 320 » → « 732829320 ». */
export const normaliseSiren = (input: string): string => input.replace(/[\s.\-\u00a0\u202f]/g, "");

type FieldErrors = { name?: string; siren?: string };

export const OrgCreateForm = () => {
  const { t } = useTranslation(["orgs", "validation"]);
  const createOrg = useCreateOrg();
  const [name, setName] = useState("");
  const [siren, setSiren] = useState("");
  const [settings, setSettings] = useState<OrgSettingsValues>(defaultOrgSettings);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<Org | null>(null);

  const validate = (): FieldErrors => {
    const next: FieldErrors = {};
    if (name.trim() === "") next.name = t("form.nameRequired");
    const digits = normaliseSiren(siren);
    const problem = digits === "" ? null : sirenProblem(digits);
    if (digits === "") next.siren = t("form.sirenRequired");
    // Its length and check key, one message saying what is wrong (as a contact's SIREN).
    else if (problem) next.siren = t(`validation:${problem.key}`, { count: problem.count ?? 0 });
    return next;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCreated(null);
    const fieldErrors = validate();
    setErrors(fieldErrors);
    if (fieldErrors.name || fieldErrors.siren) return;
    const input: CreateOrgInput = {
      name: name.trim(),
      siren: normaliseSiren(siren),
      vatNumber:
        settings.vatNumber.trim() === "" ? null : settings.vatNumber.replace(/\s/g, "").toUpperCase(),
      fiscalYearStartMonth: settings.fiscalYearStartMonth,
      vatRegime: settings.vatRegime,
      vatOnDebits: settings.vatOnDebits,
    };
    createOrg.mutate(input, {
      onSuccess: (org) => {
        setCreated(org);
        setName("");
        setSiren("");
        setSettings(defaultOrgSettings);
      },
    });
  };

  const pending = createOrg.isPending;
  return (
    <Paper p="lg" component="section" aria-labelledby="org-create-title">
      <form onSubmit={onSubmit} noValidate data-testid="org-create-form">
        <Stack gap="md">
          <div>
            <Title order={2} id="org-create-title">
              {t("create.title")}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t("create.description")}
            </Text>
          </div>
          <TextInput
            name="name"
            label={t("fields.name")}
            placeholder={t("form.namePlaceholder")}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              if (errors.name) setErrors({ ...errors, name: undefined });
            }}
            error={errors.name}
            withAsterisk
            disabled={pending}
            autoComplete="organization"
            data-testid="org-name-input"
          />
          <TextInput
            name="siren"
            label={t("fields.siren")}
            description={t("form.sirenHint")}
            placeholder={t("form.sirenPlaceholder")}
            value={siren}
            onChange={(event) => {
              setSiren(event.currentTarget.value);
              if (errors.siren) setErrors({ ...errors, siren: undefined });
            }}
            error={errors.siren}
            withAsterisk
            disabled={pending}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            classNames={{ input: "registre-numeric" }}
            data-testid="org-siren-input"
          />
          <Divider label={t("form.fiscalSettings")} labelPosition="left" />
          <OrgSettingsFields values={settings} onChange={setSettings} disabled={pending} />
          {createOrg.isError ? (
            <ErrorAlert error={createOrg.error} title={t("create.errorTitle")} testId="org-form-error" />
          ) : null}
          {created ? (
            <Alert
              color="teal"
              variant="light"
              icon={<CheckIcon />}
              role="status"
              withCloseButton
              onClose={() => setCreated(null)}
              data-testid="org-form-success"
            >
              {t("create.success", { name: created.name })}
            </Alert>
          ) : null}
          <Button type="submit" loading={pending} fullWidth data-testid="org-create-submit">
            {t("create.submit")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
};
