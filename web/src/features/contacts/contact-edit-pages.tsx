import { Chip, Group, Input, Radio, Stack, TagsInput, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ResourceFormPage, useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { z } from "../../lib/zod.ts";
import { ReferenceSelect } from "../reference/reference-select.tsx";
import {
  type Contact,
  type ContactType,
  type ContactUpdate,
  contactSettingsQuery,
  contactTypes,
  useUpdateContact,
  useUpdateContactSettings,
} from "./api.ts";
import { ContactFormCard } from "./contact-form-card.tsx";
import { ContactFormPage } from "./contact-form-page.tsx";
import { contactPath, contactsPath } from "./paths.ts";
import { useCan } from "./ui.tsx";

/** The contact's name (a company's, or a person's last name, required), types, job, website, criteria. */
const useEditSchema = (company: boolean) =>
  useFormSchema(
    ["contacts", "validation"],
    (t, rules) =>
      z
        .object({
          name: z.string(),
          firstName: z.string(),
          lastName: z.string(),
          types: z.array(z.enum(contactTypes)),
          job: z.string(),
          website: z.string(),
          criteria: z.array(z.string()),
        })
        .superRefine((v, context) => {
          if (company && !v.name.trim())
            context.addIssue({ code: "custom", path: ["name"], message: t("validation:companyName") });
          if (!company && !v.lastName.trim())
            context.addIssue({
              code: "custom",
              path: ["lastName"],
              message: rules.required(t("fields.lastName")),
            });
        })
        .transform(
          (v): ContactUpdate => ({
            ...(company
              ? { name: v.name.trim() }
              : { firstName: v.firstName.trim() || null, lastName: v.lastName.trim() }),
            types: v.types,
            job: v.job.trim() || null,
            website: v.website.trim() || null,
            criteria: v.criteria,
          }),
        ),
    [company],
  );

const EditForm = ({ contact }: { contact: Contact }) => {
  const { t } = useTranslation("contacts");
  const update = useUpdateContact(contact.id);
  const company = contact.kind === "company";
  const form = useSchemaForm(useEditSchema(company), {
    name: contact.companyName ?? "",
    firstName: contact.firstName ?? "",
    lastName: contact.lastName ?? "",
    types: [...contact.types],
    job: contact.job ?? "",
    website: contact.website ?? "",
    criteria: [...contact.criteria],
  });
  const back = contactPath(contact.id);
  return (
    <ContactFormCard
      name="contact-edit"
      form={form}
      save={update}
      toBody={(change) => change}
      fieldOf={(path) => path}
      back={back}
      submitLabel={t("edit.submit")}
    >
      {company ? (
        <TextInput label={t("fields.name")} withAsterisk {...form.getInputProps("name")} />
      ) : (
        <Group grow>
          <TextInput label={t("fields.firstName")} {...form.getInputProps("firstName")} />
          <TextInput label={t("fields.lastName")} withAsterisk {...form.getInputProps("lastName")} />
        </Group>
      )}
      <div>
        <Input.Label required mb={6}>
          {t("fields.types")}
        </Input.Label>
        <Chip.Group
          multiple
          value={form.values.types}
          onChange={(value) => form.setFieldValue("types", value as ContactType[])}
        >
          <Group gap={6}>
            {contactTypes.map((type) => (
              <Chip key={type} value={type} size="xs">
                {t(`types.${type}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      {company ? null : (
        <ReferenceSelect
          kind="jobs"
          label={t("fields.job")}
          clearable
          data-testid="contact-job"
          {...form.getInputProps("job")}
          onChange={(v) => form.setFieldValue("job", v ?? "")}
        />
      )}
      <TextInput label={t("fields.website")} {...form.getInputProps("website")} />
      <TagsInput
        label={t("fields.criteria")}
        description={t("fields.criteriaHint")}
        {...form.getInputProps("criteria")}
      />
    </ContactFormCard>
  );
};

/** `/org/contacts/{id}/edit`: name, types (a new customer or supplier type opens its account), job, website, criteria. */
export const ContactEditPage = () => {
  const { t } = useTranslation("contacts");
  const can = useCan();
  return (
    <ContactFormPage title={t("edit.title")} allowed={can("contacts", "update")}>
      {(loaded) => <EditForm contact={loaded} />}
    </ContactFormPage>
  );
};

const codeModes = ["name", "counter"] as const;

const SettingsForm = ({ mode }: { mode: (typeof codeModes)[number] }) => {
  const { t } = useTranslation("contacts");
  const save = useUpdateContactSettings();
  const form = useSchemaForm(z.object({ auxiliaryCodeMode: z.enum(codeModes) }), { auxiliaryCodeMode: mode });
  return (
    <MutationFormCard
      mutation={save}
      cancel={contactsPath}
      submitLabel={t("edit.submit")}
      onSubmit={form.onSubmit((settings) => save.mutate(settings))}
    >
      <Radio.Group label={t("settings.codeMode")} {...form.getInputProps("auxiliaryCodeMode")}>
        <Stack gap="xs" mt="xs">
          {codeModes.map((value) => (
            <Radio key={value} value={value} label={t(`settings.modes.${value}`)} />
          ))}
        </Stack>
      </Radio.Group>
      {save.isSuccess ? (
        <SavedNotice testId="contact-settings-saved">{t("settings.saved")}</SavedNotice>
      ) : null}
    </MutationFormCard>
  );
};

/** `/org/contacts/settings`: how the auxiliary account codes of customers and suppliers are made. */
export const ContactSettingsPage = () => {
  const { t } = useTranslation("contacts");
  const can = useCan();
  const settings = useQuery(contactSettingsQuery());
  return (
    <ResourceFormPage
      title={t("settings.title")}
      description={t("settings.description")}
      crumbs={[{ to: contactsPath, label: t("title") }]}
      allowed={can("contacts", "read")}
      record={settings}
    >
      {(loaded) => <SettingsForm mode={loaded.auxiliaryCodeMode} />}
    </ResourceFormPage>
  );
};
