/** `/org/contacts/{id}/job` and `/job/edit`: a person's job (the platform's jobs list) and the companies they belong to. */
import { Anchor, Card, Group, Stack, Table, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { EmptyRow, TableFrame } from "../../components/data-table.tsx";
import { FieldLabel } from "../../components/field-label.tsx";
import { FormActions, FormCard, useSchemaForm } from "../../components/form.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { apiRequest } from "../../lib/http.ts";
import { z } from "../../lib/zod.ts";
import { ReferenceLabel, ReferenceSelect } from "../reference/reference-select.tsx";
import { type Contact, contactKeys, useUpdateContact } from "./api.ts";
import { ContactFormPage } from "./contact-form-page.tsx";
import { contactPartPath, contactPath } from "./paths.ts";
import { fieldErrorsOf } from "./server-errors.ts";
import { useCan } from "./ui.tsx";

type Link_ = Contact["links"][number];

/** The contacts a contact belongs to or gathers: a person's companies, a company's people (links both ways). */
const memberships = (contact: Contact): Link_[] => contact.links.filter((l) => l.kind !== contact.kind);

export const contactJobEditPath = (id: string) => `${contactPartPath(id, "job")}/edit`;

/** The job tab of a contact: its own job (a person's) and its job in each company (or, for a company, its people's). */
export const JobPanel = ({ contact }: { contact: Contact }) => {
  const { t } = useTranslation("contacts");
  const can = useCan();
  const person = contact.kind === "person";
  const rows = memberships(contact);
  return (
    <Stack gap="sm" data-testid="contact-job">
      <Group justify="space-between" align="flex-start">
        {person ? (
          <Card withBorder padding="sm">
            <FieldLabel>{t("fields.job")}</FieldLabel>
            <Text size="sm" data-testid="contact-job-own">
              {contact.job ? <ReferenceLabel kind="jobs" code={contact.job} /> : "—"}
            </Text>
          </Card>
        ) : (
          <Text size="sm" c="dimmed">
            {t("job.companyHint")}
          </Text>
        )}
        {can("contacts", "update") ? (
          <LinkButton to={contactJobEditPath(contact.id)} size="xs" data-testid="contact-job-edit">
            {t("detail.edit")}
          </LinkButton>
        ) : null}
      </Group>
      <TableFrame minWidth={480}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(person ? "job.company" : "job.person")}</Table.Th>
            <Table.Th>{t("fields.job")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <EmptyRow colSpan={2}>{t(person ? "job.noCompany" : "job.noPerson")}</EmptyRow>
          ) : (
            rows.map((link) => (
              <Table.Tr key={link.id} data-testid="contact-job-row">
                <Table.Td>
                  <Anchor component={Link} to={contactPath(link.contactId)} size="sm">
                    {link.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{link.job ? <ReferenceLabel kind="jobs" code={link.job} /> : "—"}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </TableFrame>
    </Stack>
  );
};

/** A link's job changed where the link is recorded (on this contact, or on the other one for an inverse link). */
const useSaveLinkJob = (contact: Contact) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: { link: Link_; job: string | null }[]) => {
      for (const { link, job } of changes) {
        const owner = link.inverse ? link.contactId : contact.id;
        const other = link.inverse ? contact.id : link.contactId;
        await apiRequest<unknown>(
          `/contacts/${encodeURIComponent(owner)}/contacts/${encodeURIComponent(link.id)}`,
          { method: "PUT", body: { contactId: other, job } },
        );
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: contactKeys.all }),
  });
};

/** A job from the jobs list (or none), the person's own and one per company. */
const jobSchema = z.object({ job: z.string(), links: z.record(z.string(), z.string()) });

const JobForm = ({ contact }: { contact: Contact }) => {
  const { t } = useTranslation("contacts");
  const navigate = useNavigate();
  const person = contact.kind === "person";
  const rows = memberships(contact);
  const update = useUpdateContact(contact.id);
  const links = useSaveLinkJob(contact);
  const form = useSchemaForm(jobSchema, {
    job: contact.job ?? "",
    links: Object.fromEntries(rows.map((l) => [l.id, l.job ?? ""])) as Record<string, string>,
  });
  const back = contactPartPath(contact.id, "job");
  const error = update.error ?? links.error;
  return (
    <FormCard
      testId="contact-job-form"
      onSubmit={form.onSubmit(async (v) => {
        try {
          if (person && (v.job || null) !== (contact.job ?? null))
            await update.mutateAsync({ job: v.job || null });
        } catch (e) {
          form.setErrors(fieldErrorsOf(e, (path) => path));
          return;
        }
        try {
          const changed = rows
            .filter((l) => (v.links[l.id] || null) !== (l.job ?? null))
            .map((link) => ({ link, job: v.links[link.id] || null }));
          if (changed.length > 0) await links.mutateAsync(changed);
          void navigate(back);
        } catch {
          // The refusal is shown above the form (a link's job names no field of this form).
        }
      })}
      error={error}
      errorTestId="contact-job-error"
      actions={
        <FormActions
          cancel={back}
          submitLabel={t("edit.submit")}
          pending={update.isPending || links.isPending}
          submitTestId="contact-job-submit"
        />
      }
    >
      {person ? (
        <ReferenceSelect
          kind="jobs"
          label={t("fields.job")}
          clearable
          data-testid="contact-job-select"
          {...form.getInputProps("job")}
          onChange={(value) => form.setFieldValue("job", value ?? "")}
        />
      ) : null}
      {rows.map((link) => (
        <ReferenceSelect
          key={link.id}
          kind="jobs"
          label={t(person ? "job.jobIn" : "job.jobOf", { name: link.name })}
          clearable
          data-testid="contact-job-link"
          value={form.values.links[link.id] ?? ""}
          onChange={(value) => form.setFieldValue(`links.${link.id}`, value ?? "")}
        />
      ))}
      {!person && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("job.noPerson")}
        </Text>
      ) : null}
    </FormCard>
  );
};

/** `/org/contacts/{id}/job/edit`: the person's job from the jobs list, and their job in each of their companies. */
export const ContactJobEditPage = () => {
  const { t } = useTranslation("contacts");
  const can = useCan();
  return (
    <ContactFormPage title={t("job.editTitle")} part="job" allowed={can("contacts", "update")}>
      {(loaded) => <JobForm contact={loaded} />}
    </ContactFormPage>
  );
};
