import {
  Chip,
  Group,
  Input,
  List,
  SegmentedControl,
  SimpleGrid,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { FormActions, FormCard, ResourceFormPage, useRules, useSchemaForm } from "../../components/form.tsx";
import { isEmail, isIban, isPhone, isVatNumber, sirenProblem, siretProblem } from "../../lib/validation.ts";
import { z } from "../../lib/zod.ts";
import { ReferenceSelect } from "../reference/reference-select.tsx";
import { type ContactCreate, type ContactType, contactTypes, useCreateContact } from "./api.ts";
import { contactPath, contactsPath } from "./paths.ts";
import { type DuplicateMatch, duplicatesOf, fieldErrorsOf } from "./server-errors.ts";
import { useCan } from "./ui.tsx";

/** Where the server's refusal of a creation lands on the form. */
const createField = (path: string): string | null => {
  const [head, , leaf] = path.split(".");
  if (head === "addresses") return leaf ?? null;
  if (head === "emails") return "email";
  if (head === "phones") return "phone";
  if (head === "ibans") return leaf === "bic" ? "bic" : "iban";
  if (head === "legal") return path.split(".")[1] ?? null;
  if (head === "name" || head === "firstName" || head === "lastName") return head;
  return null;
};

const blankToNull = (value: string) => (value.trim() ? value.trim() : null);

const useCreateSchema = () => {
  const { t } = useTranslation(["contacts", "validation"]);
  const rules = useRules();
  return useMemo(
    () =>
      z
        .object({
          kind: z.enum(["company", "person"]),
          name: z.string(),
          firstName: z.string(),
          lastName: z.string(),
          types: z.array(z.string()).min(1, { error: t("create.typesRequired") }),
          email: z.string().refine((v) => !v.trim() || isEmail(v), { error: t("validation:invalidEmail") }),
          phone: z.string().refine((v) => !v.trim() || isPhone(v), { error: t("validation:invalidPhone") }),
          line1: rules.text(t("fields.line1"), 200, { optional: true }),
          line2: rules.text(t("fields.line2"), 200, { optional: true }),
          postalCode: z.string().trim(),
          city: z.string().trim(),
          country: z.string().trim().toUpperCase(),
          iban: z.string().refine((v) => !v.trim() || isIban(v), { error: t("validation:invalidIban") }),
          bic: z.string().trim(),
          siren: z.string().trim(),
          siret: z.string().trim(),
          vatNumber: z
            .string()
            .refine((v) => !v.trim() || isVatNumber(v), { error: t("validation:invalidVat") }),
        })
        .superRefine((v, context) => {
          // SIREN and SIRET checked here like the IBAN: one message, saying what is wrong (issue 23).
          const siren = v.siren.trim() ? sirenProblem(v.siren) : null;
          if (siren)
            context.addIssue({
              code: "custom",
              path: ["siren"],
              message: t(`validation:${siren.key}`, siren),
            });
          const siret = v.siret.trim() ? siretProblem(v.siret, v.siren) : null;
          if (siret)
            context.addIssue({
              code: "custom",
              path: ["siret"],
              message: t(`validation:${siret.key}`, siret),
            });
          if (v.kind === "company" && !v.name.trim())
            context.addIssue({ code: "custom", path: ["name"], message: t("validation:companyName") });
          if (v.kind === "person" && !v.lastName.trim())
            context.addIssue({
              code: "custom",
              path: ["lastName"],
              message: rules.required(t("fields.lastName")),
            });
          // An address is all or nothing: a line, a postal code and a city.
          if (v.line1 || v.postalCode || v.city)
            for (const field of ["line1", "postalCode", "city"] as const)
              if (!v[field])
                context.addIssue({
                  code: "custom",
                  path: [field],
                  message: rules.required(t(`fields.${field}`)),
                });
        })
        .transform((v): ContactCreate => {
          const legal = {
            siren: blankToNull(v.siren),
            siret: blankToNull(v.siret),
            vatNumber: blankToNull(v.vatNumber),
          };
          return {
            kind: v.kind,
            ...(v.kind === "company"
              ? { name: v.name.trim() }
              : { firstName: blankToNull(v.firstName), lastName: v.lastName.trim() }),
            types: v.types as ContactType[],
            ...(v.line1 && {
              addresses: [
                {
                  kind: "billing",
                  line1: v.line1,
                  line2: blankToNull(v.line2),
                  postalCode: v.postalCode,
                  city: v.city,
                  country: v.country || "FR",
                },
              ],
            }),
            ...(v.email.trim() && { emails: [{ address: v.email.trim() }] }),
            ...(v.phone.trim() && { phones: [{ kind: "work", number: v.phone.trim() }] }),
            ...(v.iban.trim() && { ibans: [{ iban: v.iban.trim(), bic: blankToNull(v.bic) }] }),
            ...((legal.siren || legal.siret || legal.vatNumber) && { legal }),
          };
        }),
    [t, rules],
  );
};

/** `/org/contacts/create`: a person or a company, its types, and its first address, e-mail, phone, IBAN and legal identity. */
export const ContactCreatePage = () => {
  const { t } = useTranslation("contacts");
  const can = useCan();
  const navigate = useNavigate();
  const create = useCreateContact();
  const [pending, setPending] = useState<{ input: ContactCreate; matches: DuplicateMatch[] } | null>(null);
  const form = useSchemaForm(useCreateSchema(), {
    kind: "company" as "company" | "person",
    name: "",
    firstName: "",
    lastName: "",
    types: ["customer"] as string[],
    email: "",
    phone: "",
    line1: "",
    line2: "",
    postalCode: "",
    city: "",
    country: "FR",
    iban: "",
    bic: "",
    siren: "",
    siret: "",
    vatNumber: "",
  });
  const submit = (input: ContactCreate) =>
    create.mutate(input, {
      onSuccess: (contact) => void navigate(contactPath(contact.id)),
      onError: (error) => {
        const matches = duplicatesOf(error);
        if (matches) {
          setPending({ input, matches });
          create.reset();
          return;
        }
        form.setErrors(fieldErrorsOf(error, createField));
      },
    });
  const company = form.values.kind === "company";
  const section = (title: string) => (
    <Title order={4} size="h5" mt="xs">
      {title}
    </Title>
  );
  return (
    <ResourceFormPage
      title={t("create.title")}
      description={t("create.description")}
      crumbs={[{ to: contactsPath, label: t("title") }]}
      allowed={can("contacts", "create")}
    >
      <FormCard
        width={760}
        testId="contact-create-form"
        onSubmit={form.onSubmit(submit)}
        error={create.isError && !duplicatesOf(create.error) ? create.error : null}
        errorTestId="contact-create-error"
        actions={
          <FormActions
            cancel={contactsPath}
            submitLabel={t("create.submit")}
            pending={create.isPending}
            submitTestId="contact-create-submit"
          />
        }
      >
        {section(t("create.identity"))}
        <SegmentedControl
          aria-label={t("fields.kind")}
          data={[
            { value: "company", label: t("kinds.company") },
            { value: "person", label: t("kinds.person") },
          ]}
          value={form.values.kind}
          onChange={(value) => form.setFieldValue("kind", value as "company" | "person")}
          data-testid="contact-kind"
          w="fit-content"
        />
        {company ? (
          <TextInput
            label={t("fields.name")}
            withAsterisk
            data-testid="contact-name"
            {...form.getInputProps("name")}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("fields.firstName")}
              data-testid="contact-first-name"
              {...form.getInputProps("firstName")}
            />
            <TextInput
              label={t("fields.lastName")}
              withAsterisk
              data-testid="contact-last-name"
              {...form.getInputProps("lastName")}
            />
          </SimpleGrid>
        )}
        <div>
          <Input.Label required mb={6} display="block">
            {t("fields.types")}
          </Input.Label>
          <Chip.Group
            multiple
            value={form.values.types}
            onChange={(value) => form.setFieldValue("types", value)}
          >
            <Group gap={6} data-testid="contact-types">
              {contactTypes.map((type) => (
                <Chip key={type} value={type} size="xs" data-type={type}>
                  {t(`types.${type}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {form.errors.types ? (
            <Text size="xs" c="red" mt={4}>
              {form.errors.types}
            </Text>
          ) : null}
        </div>
        {section(t("create.address"))}
        <TextInput label={t("fields.line1")} data-testid="contact-line1" {...form.getInputProps("line1")} />
        <TextInput label={t("fields.line2")} {...form.getInputProps("line2")} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t("fields.postalCode")}
            data-testid="contact-postal-code"
            {...form.getInputProps("postalCode")}
          />
          <TextInput label={t("fields.city")} data-testid="contact-city" {...form.getInputProps("city")} />
          <ReferenceSelect
            kind="countries"
            label={t("fields.country")}
            allowDeselect={false}
            data-testid="contact-country"
            {...form.getInputProps("country")}
          />
        </SimpleGrid>
        {section(t("create.reach"))}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("fields.email")}
            type="email"
            data-testid="contact-email"
            {...form.getInputProps("email")}
          />
          <TextInput
            label={t("fields.phone")}
            type="tel"
            data-testid="contact-phone"
            {...form.getInputProps("phone")}
          />
        </SimpleGrid>
        {section(t("create.bank"))}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t("fields.iban")}
            data-testid="contact-iban"
            style={{ gridColumn: "span 2" }}
            {...form.getInputProps("iban")}
          />
          <TextInput label={t("fields.bic")} data-testid="contact-bic" {...form.getInputProps("bic")} />
        </SimpleGrid>
        {section(t("create.legal"))}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t("fields.siren")} data-testid="contact-siren" {...form.getInputProps("siren")} />
          <TextInput label={t("fields.siret")} data-testid="contact-siret" {...form.getInputProps("siret")} />
          <TextInput
            label={t("fields.vatNumber")}
            data-testid="contact-vat"
            {...form.getInputProps("vatNumber")}
          />
        </SimpleGrid>
      </FormCard>
      <ConfirmModal
        opened={pending !== null}
        title={t("duplicates.title")}
        confirmLabel={t("duplicates.confirm")}
        color="orange"
        pending={create.isPending}
        error={create.isError ? create.error : null}
        onClose={() => setPending(null)}
        onConfirm={() => pending && submit({ ...pending.input, acknowledgeDuplicates: true })}
        testId="contact-duplicates"
      >
        <Text size="sm">{t("duplicates.intro")}</Text>
        <List size="sm" spacing={4}>
          {(pending?.matches ?? []).map((match) => (
            <List.Item key={match.id}>
              <Link to={contactPath(match.id)} target="_blank">
                {match.name}
              </Link>{" "}
              <Text span size="xs" c="dimmed">
                (
                {match.reasons
                  .map((reason) => t(`duplicates.reasons.${reason}` as "duplicates.reasons.name"))
                  .join(", ")}
                )
              </Text>
            </List.Item>
          ))}
        </List>
      </ConfirmModal>
    </ResourceFormPage>
  );
};
