import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { MutationModal } from "../../components/confirm-modal.tsx";
import { EmptyRow, TableFrame } from "../../components/data-table.tsx";
import { useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { RowRemoveButton } from "../../components/row-action.tsx";
import { z } from "../../lib/zod.ts";
import { ReferenceLabel, ReferenceSelect } from "../reference/reference-select.tsx";
import { type Contact, contactQuery, contactsQuery, useRemoveRecord, useSaveRecord } from "./api.ts";
import { ContactFormCard } from "./contact-form-card.tsx";
import { ContactFormPage } from "./contact-form-page.tsx";
import { contactPartPath, type RecordPart, recordEditPath } from "./paths.ts";
import { type FieldSpec, recordSpecs } from "./record-specs.ts";
import { useCan } from "./ui.tsx";

/** The right code of each record screen (spec section 6: contacts and its sub-resources). */
export const recordRight: Readonly<Record<RecordPart, string>> = {
  address: "contacts.addresses",
  contact: "contacts.contacts",
  email: "contacts.emails",
  phone: "contacts.phones",
  iban: "contacts.ibans",
  legal: "contacts.legal",
  payment: "contacts.payments",
  note: "contacts.note",
  meta: "contacts",
};

type Labels = "fields.line1";
/** The label of a field or a column. */
const labelKey = (name: string): Labels => {
  const key =
    { kind: "addressKind", address: "email", number: "phone", contactId: "linkedContact" }[name] ?? name;
  return `fields.${key}` as Labels;
};

const useShow = () => {
  const { t } = useTranslation("contacts");
  return (
    part: RecordPart,
    field: string,
    record: Record<string, unknown>,
    show?: (r: Record<string, unknown>) => string,
  ) => {
    if (show) {
      const shown = show(record);
      if (part === "phone" && field === "phoneKind") return t(`phoneKinds.${shown}` as "phoneKinds.work");
      return shown;
    }
    const v = record[field];
    if (part === "address" && field === "kind")
      return t(`addressKinds.${String(v)}` as "addressKinds.billing");
    if (typeof v === "boolean") return v ? "✓" : "—";
    return v === null || v === undefined ? "" : String(v);
  };
};

/** The records of one part of a contact, each to change or remove, and the button to add one. */
export const RecordList = ({ contact, part }: { contact: Contact; part: RecordPart }) => {
  const { t } = useTranslation("contacts");
  const can = useCan();
  const show = useShow();
  const spec = recordSpecs[part];
  const remove = useRemoveRecord(contact.id, part);
  const [removing, setRemoving] = useState<string | null>(null);
  const rows = spec.records(contact);
  const columns = spec.columns.filter((column) => column.when?.(contact) ?? true);
  const right = recordRight[part];
  const mayAdd = can(right, "create") && !(spec.single && rows.length > 0);
  return (
    <Stack gap="sm" data-testid={`records-${part}`}>
      {mayAdd ? (
        <Group justify="flex-end">
          <Button
            component={Link}
            to={recordEditPath(contact.id, part)}
            leftSection={<PlusIcon />}
            size="xs"
            data-testid={`record-add-${part}`}
          >
            {t("detail.add")}
          </Button>
        </Group>
      ) : null}
      <TableFrame minWidth={560}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.field}>{t(labelKey(column.field))}</Table.Th>
            ))}
            <Table.Th w={150} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <EmptyRow colSpan={columns.length + 1}>{t("detail.none")}</EmptyRow>
          ) : (
            rows.map(({ id, record }) => (
              <Table.Tr key={id} data-testid="record-row">
                {columns.map((column) => (
                  <Table.Td
                    key={column.field}
                    style={{ whiteSpace: column.field === "text" ? "pre-wrap" : undefined }}
                  >
                    {column.list ? (
                      <ReferenceLabel kind={column.list} code={record[column.field] as string | null} />
                    ) : (
                      show(part, column.field, record, column.show)
                    )}
                    {part === "contact" && column.field === "linkedContact" && record.inverse ? (
                      <Text span size="xs" c="dimmed" ml={6}>
                        {t("detail.inverse")}
                      </Text>
                    ) : null}
                  </Table.Td>
                ))}
                <Table.Td>
                  {part === "contact" && record.inverse ? null : (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {can(right, "update") ? (
                        <LinkButton
                          to={recordEditPath(contact.id, part, id)}
                          variant="subtle"
                          size="compact-xs"
                        >
                          {t("detail.change")}
                        </LinkButton>
                      ) : null}
                      {can(right, "delete") ? (
                        <RowRemoveButton onClick={() => setRemoving(id)}>
                          {t("detail.remove")}
                        </RowRemoveButton>
                      ) : null}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </TableFrame>
      <MutationModal
        subject={removing}
        mutation={remove}
        variables={(id) => id}
        onClose={() => setRemoving(null)}
        title={t("detail.removeTitle")}
        confirmLabel={t("detail.remove")}
        testId="record-remove"
      >
        {() => <Text size="sm">{t("detail.removeText")}</Text>}
      </MutationModal>
    </Stack>
  );
};

/** A picker of the other kind of contact (a person's companies, a company's people). */
const ContactPicker = ({
  contact,
  ...props
}: { contact: Contact } & Omit<React.ComponentProps<typeof Select>, "data">) => {
  const [search, setSearch] = useState("");
  const others = useQuery(contactsQuery({ q: search, type: null, status: "active", page: 1 }));
  const wanted = contact.kind === "company" ? "person" : "company";
  const data = (others.data?.items ?? [])
    .filter((c) => c.kind === wanted && c.id !== contact.id)
    .map((c) => ({ value: c.id, label: c.name }));
  return <Select searchable onSearchChange={setSearch} data={data} nothingFoundMessage="—" {...props} />;
};

const initialValue = (field: FieldSpec, record: Record<string, unknown> | undefined): unknown => {
  const v = record?.[field.name];
  if (field.kind === "checkbox") return v === true;
  if (field.kind === "number") return typeof v === "number" ? v : 30;
  if (field.kind === "addressKind") return (v as string) ?? "billing";
  if (field.kind === "phoneKind") return (v as string) ?? "work";
  if (field.name === "country") return (v as string) ?? "FR";
  return v === null || v === undefined ? "" : String(v);
};

const bodyOf = (fields: readonly FieldSpec[], values: Record<string, unknown>) =>
  Object.fromEntries(
    fields.map((field) => {
      const v = values[field.name];
      if (typeof v !== "string") return [field.name, v];
      const trimmed = field.upper ? v.trim().toUpperCase() : v.trim();
      return [field.name, trimmed === "" && !field.required ? null : trimmed];
    }),
  );

/** The record's fields, the required ones checked, read into what the API takes (`bodyOf`). */
const useRecordSchema = (fields: readonly FieldSpec[]) =>
  useFormSchema(
    "contacts",
    (t, rules) =>
      z
        .record(z.string(), z.unknown())
        .superRefine((values, context) => {
          for (const f of fields) {
            const v = values[f.name];
            if (f.required && (v === "" || v === null || v === undefined))
              context.addIssue({
                code: "custom",
                path: [f.name],
                message: rules.required(t(labelKey(f.name))),
              });
          }
        })
        .transform((values) => bodyOf(fields, values)),
    [fields],
  );

const RecordForm = ({
  contact,
  part,
  recordId,
}: {
  contact: Contact;
  part: RecordPart;
  recordId: string | null;
}) => {
  const { t } = useTranslation("contacts");
  const spec = recordSpecs[part];
  const fields = useMemo(() => spec.fields.filter((field) => field.when?.(contact) ?? true), [spec, contact]);
  const record = recordId ? spec.records(contact).find((r) => r.id === recordId)?.record : undefined;
  const save = useSaveRecord(contact.id, part);
  const back = contactPartPath(contact.id, part);
  const form = useSchemaForm(
    useRecordSchema(fields),
    Object.fromEntries(fields.map((f) => [f.name, initialValue(f, record)])),
  );
  const input = (field: FieldSpec) => {
    const label: string = t(labelKey(field.name));
    const props = {
      ...form.getInputProps(field.name),
      label,
      withAsterisk: field.required,
      "data-testid": `record-${field.name}`,
    };
    switch (field.kind) {
      case "textarea":
        return <Textarea key={field.name} autosize minRows={4} {...props} />;
      case "checkbox":
        return (
          <Checkbox
            key={field.name}
            mt="lg"
            {...form.getInputProps(field.name, { type: "checkbox" })}
            label={label}
            description={field.name === "vatOnDebits" ? t("fields.vatOnDebitsHint") : undefined}
            data-testid={`record-${field.name}`}
          />
        );
      case "number":
        return <NumberInput key={field.name} min={0} max={365} allowDecimal={false} {...props} />;
      case "addressKind":
        return (
          <Select
            key={field.name}
            allowDeselect={false}
            data={(["billing", "delivery", "other"] as const).map((k) => ({
              value: k,
              label: t(`addressKinds.${k}`),
            }))}
            {...props}
          />
        );
      case "phoneKind":
        return (
          <Select
            key={field.name}
            allowDeselect={false}
            data={(["cellular", "work", "fax", "home"] as const).map((k) => ({
              value: k,
              label: t(`phoneKinds.${k}`),
            }))}
            {...props}
          />
        );
      case "contact":
        return <ContactPicker key={field.name} contact={contact} {...props} />;
      case "reference":
        return (
          <ReferenceSelect
            key={field.name}
            kind={field.list ?? "countries"}
            clearable={!field.required}
            allowDeselect={!field.required}
            {...props}
            value={(form.values[field.name] as string | null) ?? null}
            onChange={(v) => form.setFieldValue(field.name, v ?? "")}
          />
        );
      default:
        return (
          <TextInput
            key={field.name}
            disabled={part === "meta" && field.name === "key" && recordId !== null}
            {...props}
          />
        );
    }
  };
  return (
    <ContactFormCard
      name="record"
      form={form}
      save={save}
      // A meta's key is its id: a change sends the value alone.
      toBody={(body) => ({
        recordId: recordId ?? undefined,
        body: part === "meta" && recordId ? { value: body.value } : body,
      })}
      back={back}
      submitLabel={t("record.submit")}
    >
      <SimpleGrid cols={{ base: 1, sm: fields.length > 3 ? 2 : 1 }}>{fields.map(input)}</SimpleGrid>
    </ContactFormCard>
  );
};

/** `/org/contacts/{id}/{part}/edit`: adds a record, or changes the one `?record=` names. */
export const ContactRecordEditPage = ({ part }: { part: RecordPart }) => {
  const { t } = useTranslation("contacts");
  const can = useCan();
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const single = recordSpecs[part].single === true;
  const contact = useQuery(contactQuery(id));
  const existing = single && contact.data && recordSpecs[part].records(contact.data).length > 0;
  const recordId = params.get("record") ?? (existing ? "main" : null);
  return (
    <ContactFormPage
      title={t(recordId ? "record.editTitle" : "record.addTitle", { what: t(`tabs.${part}`) })}
      part={part}
      allowed={can(recordRight[part], recordId ? "update" : "create")}
    >
      {(loaded) => <RecordForm contact={loaded} part={part} recordId={recordId} />}
    </ContactFormPage>
  );
};
