import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { liveTotals } from "@registre/core/documents";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { DateField } from "../../components/date-input.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { FormActions, ResourceFormPage, useSchemaForm } from "../../components/form.tsx";
import { useFormat } from "../../i18n/format.ts";
import { today } from "../../lib/day.ts";
import { z } from "../../lib/zod.ts";
import { type Doc, type DocTemplate, docQuery, docTemplateQuery, useCreateDoc, useUpdateDoc } from "./api.ts";
import { type ContactChoice, ContactPicker } from "./contact-picker.tsx";
import {
  blankLine,
  type EditorLine,
  editorLine,
  lineInput,
  lineProblems,
  pricedValues,
} from "./editor-lines.ts";
import { type LineErrors, LinesEditor } from "./lines-editor.tsx";
import { type Direction, type DocKind, directions, docKinds, rightOf, segmentOf } from "./model.ts";
import { docLineEditPath, docPath, listPath, newDocId } from "./paths.ts";
import { TotalsCard } from "./totals-card.tsx";
import { useCanDocs, useDocCrumbs, useDocName } from "./ui.tsx";

/** The header fields each kind shows (the others stay empty). */
const headerFieldsOf = (kind: DocKind, direction: Direction) => ({
  expiryDate: kind === "quote",
  deadline: kind === "quote" || kind === "order",
  deliveryDate: kind === "invoice" || kind === "creditNote" || kind === "delivery",
  dueDate: kind === "invoice",
  customerReference: direction === "sales" && kind !== "quote",
  supplier: direction === "purchases" && (kind === "invoice" || kind === "creditNote"),
});

const day = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/);
const text = (max: number) => z.string().trim().max(max);
const useHeaderSchema = () => {
  const { t } = useTranslation("docs");
  return useMemo(
    () =>
      z.object({
        issueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: t("editor.issueDateRequired") }),
        deliveryDate: day,
        expiryDate: day,
        dueDate: day,
        deadline: day,
        supplierDate: day,
        reference: text(60),
        label: text(200),
        customerReference: text(60),
        supplierNumber: text(60),
        notes: text(4000),
      }),
    [t],
  );
};
type HeaderValues = z.input<ReturnType<typeof useHeaderSchema>>;

/** How long a new quote is valid by default: a month from its date (it can be changed). */
const QUOTE_VALIDITY_DAYS = 30;

const daysAfter = (iso: string, days: number): string => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const headerOf = (doc: Doc | null, template: DocTemplate | null, kind: DocKind): HeaderValues => {
  const h = doc?.header ?? {};
  const v = (key: string) => h[key] ?? "";
  const issueDate = doc?.issueDate ?? template?.issueDate ?? today();
  return {
    issueDate,
    deliveryDate: v("deliveryDate"),
    // A new quote says how long it holds (issue 23): a month, unless typed otherwise.
    expiryDate: doc || kind !== "quote" ? v("expiryDate") : daysAfter(issueDate, QUOTE_VALIDITY_DAYS),
    // Left blank on a new document: validation computes it from the contact's own payment terms.
    dueDate: v("dueDate"),
    deadline: v("deadline"),
    supplierDate: v("supplierDate"),
    reference: doc?.reference ?? "",
    label: doc?.label ?? "",
    customerReference: v("customerReference"),
    supplierNumber: v("supplierNumber"),
    notes: doc ? v("notes") : (template?.notes ?? ""),
  };
};

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** The editor of a draft: its contact and addresses, dates, lines typed from the keyboard, live totals per rate. */
const DocEditor = ({
  doc,
  template,
  kind,
  direction,
  initialContact,
}: {
  doc: Doc | null;
  template: DocTemplate | null;
  kind: DocKind;
  direction: Direction;
  initialContact: string | null;
}) => {
  const { t } = useTranslation(["docs", "common"]);
  const { locale } = useFormat();
  const navigate = useNavigate();
  const create = useCreateDoc();
  const update = useUpdateDoc(doc?.id ?? "");
  const save = doc ? update : create;
  const form = useSchemaForm(useHeaderSchema(), headerOf(doc, template, kind));
  // A draft made from another document (a quote's order or invoice): its notes, offered, not copied.
  const origin = useQuery({
    ...docQuery(doc?.origin?.docId ?? ""),
    enabled: doc?.origin?.relation === "transform",
  });
  const originNotes = origin.data?.header.notes ?? null;
  const [lines, setLines] = useState<EditorLine[]>(() =>
    doc ? doc.lines.map((l) => editorLine(l, locale)) : [blankLine("free")],
  );
  const [contact, setContact] = useState<ContactChoice>({
    contactId: doc?.contactId ?? initialContact,
    billingAddressId: null,
    deliveryAddressId: null,
  });
  const [contactTouched, setContactTouched] = useState(doc === null);
  const [lineErrors, setLineErrors] = useState<LineErrors>({});
  const [contactError, setContactError] = useState<string | undefined>();
  const fields = headerFieldsOf(kind, direction);
  const totals = liveTotals(
    lines.filter((l) => l.kind === "item" || l.kind === "free").map((l) => pricedValues(l, locale)),
  );

  const submit = form.onSubmit((header) => {
    // A line left untouched (no designation, no price) is no line.
    const blank = (l: EditorLine | undefined) => l?.kind === "free" && !l.label.trim() && !l.unitPrice.trim();
    const problems = lineProblems(lines, locale).filter((p) => !blank(lines[p.index]));
    setLineErrors(Object.fromEntries(problems.map((p) => [`lines.${p.index}.${p.field}`, p.key])));
    if (!contact.contactId) {
      setContactError(t("editor.contactRequired"));
      return;
    }
    setContactError(undefined);
    if (problems.length) return;
    const body = {
      issueDate: header.issueDate,
      deliveryDate: fields.deliveryDate ? orNull(header.deliveryDate) : null,
      expiryDate: fields.expiryDate ? orNull(header.expiryDate) : null,
      dueDate: fields.dueDate ? orNull(header.dueDate) : null,
      deadline: fields.deadline ? orNull(header.deadline) : null,
      reference: orNull(header.reference),
      label: orNull(header.label),
      customerReference: fields.customerReference ? orNull(header.customerReference) : null,
      supplierNumber: fields.supplier ? orNull(header.supplierNumber) : null,
      supplierDate: fields.supplier ? orNull(header.supplierDate) : null,
      notes: orNull(header.notes),
      ...(contactTouched && contact),
      lines: lines.filter((line) => !blank(line)).map((line) => lineInput(line, locale)),
    };
    const done = (saved: Doc) => void navigate(docPath(saved.id));
    if (doc) update.mutate(body, { onSuccess: done });
    else create.mutate({ ...body, kind, direction }, { onSuccess: done });
  });

  const dateField = (key: keyof HeaderValues, label: string, hint?: string) => (
    <DateField
      label={label}
      description={hint}
      clearable
      {...form.getInputProps(key)}
      data-testid={`doc-${key}`}
    />
  );
  return (
    <form onSubmit={submit} noValidate data-testid="doc-editor">
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper p="md" h="100%">
              <ContactPicker
                direction={direction}
                value={contact}
                snapshot={
                  doc
                    ? {
                        contactId: doc.contactId,
                        billing: doc.contact?.billingAddress ?? null,
                        delivery: doc.contact?.deliveryAddress ?? null,
                      }
                    : undefined
                }
                error={contactError}
                onChange={(next) => {
                  setContact(next);
                  setContactTouched(true);
                  setContactError(undefined);
                }}
              />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper p="md" h="100%">
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                <DateField
                  label={t("fields.issueDate")}
                  withAsterisk
                  {...form.getInputProps("issueDate")}
                  data-testid="doc-issueDate"
                />
                {fields.expiryDate ? dateField("expiryDate", t("fields.expiryDate")) : null}
                {fields.deadline ? dateField("deadline", t("fields.deadline")) : null}
                {fields.deliveryDate ? dateField("deliveryDate", t("fields.deliveryDate")) : null}
                {fields.dueDate ? dateField("dueDate", t("fields.dueDate")) : null}
                {fields.supplier ? (
                  <TextInput label={t("fields.supplierNumber")} {...form.getInputProps("supplierNumber")} />
                ) : null}
                {fields.supplier ? dateField("supplierDate", t("fields.supplierDate")) : null}
                <TextInput
                  label={t("fields.reference")}
                  {...form.getInputProps("reference")}
                  maxLength={60}
                />
                {fields.customerReference ? (
                  <TextInput
                    label={t("fields.customerReference")}
                    {...form.getInputProps("customerReference")}
                    maxLength={60}
                  />
                ) : null}
              </SimpleGrid>
              <TextInput
                mt="sm"
                label={t("fields.label")}
                {...form.getInputProps("label")}
                maxLength={200}
                data-testid="doc-label"
              />
              {fields.dueDate ? (
                <Text size="xs" c="dimmed" mt={4}>
                  {t("editor.termsHint")}
                </Text>
              ) : null}
            </Paper>
          </Grid.Col>
        </Grid>
        <Title order={2} size="h4">
          {t("lines.title")}
        </Title>
        <LinesEditor
          lines={lines}
          onChange={setLines}
          direction={direction}
          errors={lineErrors}
          onDetails={doc ? (line) => line.id && void navigate(docLineEditPath(doc.id, line.id)) : undefined}
        />
        <Group align="flex-start" justify="space-between" gap="md" wrap="wrap">
          <Stack gap={4} style={{ flex: "1 1 360px" }}>
            <Textarea label={t("fields.notes")} autosize minRows={3} {...form.getInputProps("notes")} />
            {originNotes && !form.values.notes?.trim() ? (
              <Button
                variant="subtle"
                size="compact-sm"
                style={{ alignSelf: "flex-start" }}
                onClick={() => form.setFieldValue("notes", originNotes)}
                data-testid="doc-origin-notes"
              >
                {/* « Reprendre les notes du devis DE… », the kind in the sentence's own words. */}
                {t(`editor.originNotes.${origin.data?.kind ?? "quote"}`, {
                  number: origin.data?.number ?? t("draft"),
                })}
              </Button>
            ) : null}
          </Stack>
          <TotalsCard totals={totals} testId="editor-totals" />
        </Group>
        {save.isError ? <ErrorAlert error={save.error} testId="doc-save-error" /> : null}
        <FormActions
          cancel={doc ? docPath(doc.id) : listPath(direction, segmentOf(kind))}
          submitLabel={doc ? t("editor.save") : t("editor.create")}
          pending={save.isPending}
          submitTestId="doc-save"
        />
      </Stack>
    </form>
  );
};

const pick = <T extends string>(value: string | null, list: readonly T[], fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/** `/org/docs/{id}/edit`, and `/org/docs/new/edit?direction=…&kind=…` for a new draft. */
export const DocEditPage = () => {
  const { t } = useTranslation(["docs"]);
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const can = useCanDocs();
  const name = useDocName();
  const docCrumbs = useDocCrumbs();
  const isNew = id === newDocId;
  const doc = useQuery({ ...docQuery(id), enabled: !isNew });
  const direction = isNew
    ? pick(params.get("direction"), directions, "sales")
    : (doc.data?.direction ?? "sales");
  const kind = isNew ? pick(params.get("kind"), docKinds, "invoice") : (doc.data?.kind ?? "invoice");
  const template = useQuery({ ...docTemplateQuery(direction, kind), enabled: isNew });
  const allowed = can(rightOf(direction, kind), isNew ? "create" : "update");
  const crumbs = [docCrumbs.toList(direction, kind)];
  if (isNew)
    return (
      <ResourceFormPage
        title={t(`newKind.${kind}`)}
        description={t(`directions.${direction}`)}
        crumbs={crumbs}
        allowed={allowed}
        record={template}
        recordTestId="doc-template-error"
      >
        {(loaded) => (
          <DocEditor
            key={`${direction}-${kind}`}
            doc={null}
            template={loaded}
            kind={kind}
            direction={direction}
            initialContact={params.get("contact")}
          />
        )}
      </ResourceFormPage>
    );
  return (
    <ResourceFormPage
      title={doc.data ? t("editor.editTitle", { name: name(doc.data) }) : t("title")}
      description={doc.data?.contactName ?? undefined}
      crumbs={doc.data ? [...crumbs, { to: docPath(id), label: name(doc.data) }] : crumbs}
      allowed={allowed}
      record={doc}
      recordTestId="doc-load-error"
    >
      {(loaded) =>
        loaded.status === "draft" ? (
          <DocEditor
            key={loaded.id}
            doc={loaded}
            template={null}
            kind={loaded.kind}
            direction={loaded.direction}
            initialContact={null}
          />
        ) : (
          <Alert color="orange" data-testid="doc-not-draft">
            {t("editor.notDraft")}{" "}
            <Anchor component={Link} to={docPath(loaded.id)} size="sm">
              {name(loaded)}
            </Anchor>
          </Alert>
        )
      }
    </ResourceFormPage>
  );
};
