import { Button, Divider, Paper, TextInput } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormCard, useSchemaForm } from "../../../components/form.tsx";
import { SavedNotice } from "../../../components/saved-notice.tsx";
import { SectionTitle } from "../../../components/section-title.tsx";
import { sirenProblem } from "../../../lib/validation.ts";
import { z } from "../../../lib/zod.ts";
import { type CreateOrgInput, type Org, useCreateOrg, vatRegimes } from "./api.ts";
import { defaultOrgSettings, OrgSettingsFields } from "./org-settings-fields.tsx";

/** Removes the spaces users type to group the digits: « 732 829 320 » → « 732829320 ». */
export const normaliseSiren = (input: string): string => input.replace(/[\s.\-\u00a0\u202f]/g, "");

const useCreateSchema = () => {
  const { t } = useTranslation(["orgs", "validation"]);
  return useMemo(
    () =>
      z
        .object({
          name: z
            .string()
            .trim()
            .min(1, { error: t("form.nameRequired") }),
          siren: z
            .string()
            .transform(normaliseSiren)
            .superRefine((digits, context) => {
              // Its length and check key, one message saying what is wrong (as a contact's SIREN).
              const problem = digits === "" ? null : sirenProblem(digits);
              if (digits === "") context.addIssue({ code: "custom", message: t("form.sirenRequired") });
              else if (problem)
                context.addIssue({
                  code: "custom",
                  message: t(`validation:${problem.key}`, { count: problem.count ?? 0 }),
                });
            }),
          vatNumber: z.string(),
          fiscalYearStartMonth: z.number(),
          vatRegime: z.enum(vatRegimes),
          vatOnDebits: z.boolean(),
        })
        .transform(
          (org): CreateOrgInput => ({
            ...org,
            vatNumber: org.vatNumber.trim() === "" ? null : org.vatNumber.replace(/\s/g, "").toUpperCase(),
          }),
        ),
    [t],
  );
};

export const OrgCreateForm = () => {
  const { t } = useTranslation("orgs");
  const createOrg = useCreateOrg();
  const [created, setCreated] = useState<Org | null>(null);
  const form = useSchemaForm(useCreateSchema(), { name: "", siren: "", ...defaultOrgSettings });
  const pending = createOrg.isPending;
  return (
    <Paper p="lg" component="section" aria-labelledby="org-create-title">
      <FormCard
        bare
        testId="org-create-form"
        onSubmit={form.onSubmit((input) => {
          setCreated(null);
          createOrg.mutate(input, {
            onSuccess: (org) => {
              setCreated(org);
              form.reset();
            },
          });
        })}
        error={createOrg.isError ? createOrg.error : null}
        errorTitle={t("create.errorTitle")}
        errorTestId="org-form-error"
        actions={
          <Button type="submit" loading={pending} fullWidth data-testid="org-create-submit">
            {t("create.submit")}
          </Button>
        }
      >
        <div>
          <SectionTitle title={t("create.title")} hint={t("create.description")} id="org-create-title" />
        </div>
        <TextInput
          name="name"
          label={t("fields.name")}
          placeholder={t("form.namePlaceholder")}
          {...form.getInputProps("name")}
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
          {...form.getInputProps("siren")}
          withAsterisk
          disabled={pending}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          classNames={{ input: "registre-numeric" }}
          data-testid="org-siren-input"
        />
        <Divider label={t("form.fiscalSettings")} labelPosition="left" />
        <OrgSettingsFields
          values={form.values}
          onChange={(settings) => form.setValues(settings)}
          disabled={pending}
        />
        {created ? (
          <SavedNotice onClose={() => setCreated(null)} testId="org-form-success">
            {t("create.success", { name: created.name })}
          </SavedNotice>
        ) : null}
      </FormCard>
    </Paper>
  );
};
