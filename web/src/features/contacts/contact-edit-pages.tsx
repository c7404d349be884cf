import { Chip, Group, Input, Radio, Stack, TagsInput, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { FormActions, FormCard, ResourceFormPage, useRules } from "../../components/form.tsx";
import { ReferenceSelect } from "../reference/reference-select.tsx";
import {
  type Contact,
  type ContactType,
  contactQuery,
  contactSettingsQuery,
  contactTypes,
  useUpdateContact,
  useUpdateContactSettings,
} from "./api.ts";
import { contactPath, contactsPath } from "./paths.ts";
import { fieldErrorsOf } from "./server-errors.ts";
import { useCan } from "./ui.tsx";

const EditForm = ({ contact }: { contact: Contact }) => {
  const { t } = useTranslation(["contacts", "validation"]);
  const rules = useRules();
  const navigate = useNavigate();
  const update = useUpdateContact(contact.id);
  const company = contact.kind === "company";
  const form = useForm({
    mode: "controlled",
    initialValues: {
      name: contact.companyName ?? "",
      firstName: contact.firstName ?? "",
      lastName: contact.lastName ?? "",
      types: [...contact.types] as string[],
      job: contact.job ?? "",
      website: contact.website ?? "",
      criteria: [...contact.criteria],
    },
    validate: {
      name: (v) => (company && !v.trim() ? t("validation:companyName") : null),
      lastName: (v) => (!company && !v.trim() ? rules.required(t("fields.lastName")) : null),
    },
  });
  const back = contactPath(contact.id);
  return (
    <FormCard
      testId="contact-edit-form"
      onSubmit={form.onSubmit((v) =>
        update.mutate(
          {
            ...(company
              ? { name: v.name.trim() }
              : { firstName: v.firstName.trim() || null, lastName: v.lastName.trim() }),
            types: v.types as ContactType[],
            job: v.job.trim() || null,
            website: v.website.trim() || null,
            criteria: v.criteria,
          },
          {
            onSuccess: () => void navigate(back),
            onError: (error) => form.setErrors(fieldErrorsOf(error, (path) => path)),
          },
        ),
      )}
      error={update.isError ? update.error : null}
      errorTestId="contact-edit-error"
      actions={
        <FormActions
          cancel={back}
          submitLabel={t("edit.submit")}
          pending={update.isPending}
          submitTestId="contact-edit-submit"
        />
      }
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
          onChange={(value) => form.setFieldValue("types", value)}
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
    </FormCard>
  );
};

/** `/org/contacts/{id}/edit`: name, types (a new customer or supplier type opens its account), job, website, criteria. */
export const ContactEditPage = () => {
  const { t } = useTranslation("contacts");
  const can = useCan();
  const { id = "" } = useParams();
  const contact = useQuery(contactQuery(id));
  return (
    <ResourceFormPage
      title={t("edit.title")}
      description={contact.data?.name}
      crumbs={[
        { to: contactsPath, label: t("title") },
        ...(contact.data ? [{ to: contactPath(id), label: contact.data.name }] : []),
      ]}
      allowed={can("contacts", "update")}
      record={contact}
    >
      {(loaded) => <EditForm contact={loaded} />}
    </ResourceFormPage>
  );
};

/** `/org/contacts/settings`: how the auxiliary account codes of customers and suppliers are made. */
export const ContactSettingsPage = () => {
  const { t } = useTranslation("contacts");
  const can = useCan();
  const settings = useQuery(contactSettingsQuery());
  const save = useUpdateContactSettings();
  return (
    <ResourceFormPage
      title={t("settings.title")}
      description={t("settings.description")}
      crumbs={[{ to: contactsPath, label: t("title") }]}
      allowed={can("contacts", "read")}
      record={settings}
    >
      {(loaded) => (
        <FormCard
          onSubmit={(event) => {
            event.preventDefault();
            const mode = new FormData(event.currentTarget).get("mode");
            save.mutate({ auxiliaryCodeMode: mode === "counter" ? "counter" : "name" });
          }}
          error={save.isError ? save.error : null}
          actions={
            <FormActions cancel={contactsPath} submitLabel={t("edit.submit")} pending={save.isPending} />
          }
        >
          <Radio.Group name="mode" label={t("settings.codeMode")} defaultValue={loaded.auxiliaryCodeMode}>
            <Stack gap="xs" mt="xs">
              <Radio value="name" label={t("settings.modes.name")} />
              <Radio value="counter" label={t("settings.modes.counter")} />
            </Stack>
          </Radio.Group>
          {save.isSuccess ? (
            <Text size="sm" c="teal">
              {t("settings.saved")}
            </Text>
          ) : null}
        </FormCard>
      )}
    </ResourceFormPage>
  );
};
