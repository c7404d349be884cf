import { Alert, Select, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { type VatRate, vatRates } from "@registre/core/documents";
import { type ComponentProps, type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ResourceFormPage } from "../../components/form.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useReference } from "../reference/api.ts";
import { type Doc, type UpdateDocInput, useUpdateDoc } from "./api.ts";
import { type ContactChoice, ContactPicker } from "./contact-picker.tsx";
import { type EditorLine, editorLine, type LineNature, lineInput, lineProblems } from "./editor-lines.ts";
import { rightOf } from "./model.ts";
import { docPath } from "./paths.ts";
import { useRoutedDoc, useVatLabel } from "./ui.tsx";

/** The frame of a draft's part page: its header, crumbs, the right to change it, the document loaded. */
const PartPage = ({ title, children }: { title: string; children: (doc: Doc) => React.ReactNode }) => {
  const { t } = useTranslation("docs");
  const { can, name, crumbs, doc } = useRoutedDoc();
  const data = doc.data;
  return (
    <ResourceFormPage
      title={title}
      description={data ? name(data) : undefined}
      crumbs={crumbs.toDoc(data)}
      allowed={!data || can(rightOf(data.direction, data.kind), "update")}
      record={doc}
      recordTestId="doc-error"
    >
      {(loaded) =>
        loaded.status !== "draft" ? <Alert color="orange">{t("editor.notDraft")}</Alert> : children(loaded)
      }
    </ResourceFormPage>
  );
};

/** A part of a draft changed: the document updated with it, then shown again. */
const useSavePart = (doc: Doc) => {
  const navigate = useNavigate();
  const update = useUpdateDoc(doc.id);
  const save = (input: UpdateDocInput) =>
    update.mutate(input, { onSuccess: () => void navigate(docPath(doc.id)) });
  return { update, save };
};

/** A part's form: saved by `useSavePart`'s update, or cancelled back to the document. */
const PartForm = ({
  doc,
  update,
  ...card
}: { doc: Doc; update: ReturnType<typeof useUpdateDoc> } & Omit<
  ComponentProps<typeof MutationFormCard>,
  "mutation" | "cancel" | "submitLabel"
>) => {
  const { t } = useTranslation("common");
  return (
    <MutationFormCard {...card} mutation={update} cancel={docPath(doc.id)} submitLabel={t("actions.save")} />
  );
};

const ContactForm = ({ doc }: { doc: Doc }) => {
  const { t } = useTranslation(["docs", "common"]);
  const { update, save } = useSavePart(doc);
  const [choice, setChoice] = useState<ContactChoice>({
    contactId: doc.contactId,
    billingAddressId: null,
    deliveryAddressId: null,
  });
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice.contactId) return setError(t("editor.contactRequired"));
    save(choice);
  };
  return (
    <PartForm doc={doc} update={update} onSubmit={submit} testId="doc-contact-form">
      <ContactPicker
        direction={doc.direction}
        value={choice}
        snapshot={{
          contactId: doc.contactId,
          billing: doc.contact?.billingAddress ?? null,
          delivery: doc.contact?.deliveryAddress ?? null,
        }}
        error={error}
        onChange={(next) => {
          setChoice(next);
          setError(undefined);
        }}
      />
    </PartForm>
  );
};

/** `/org/docs/{id}/contact/edit`: a draft's contact and which of its addresses it prints. */
export const DocContactEditPage = () => {
  const { t } = useTranslation("docs");
  return <PartPage title={t("detail.changeContact")}>{(doc) => <ContactForm doc={doc} />}</PartPage>;
};

const LineForm = ({ doc, lineId }: { doc: Doc; lineId: string }) => {
  const { t } = useTranslation(["docs", "common"]);
  const { locale } = useFormat();
  const vatLabel = useVatLabel();
  const units = useReference("units");
  const { update, save } = useSavePart(doc);
  const saved = doc.lines.find((l) => l.id === lineId);
  const [line, setLine] = useState<EditorLine | null>(saved ? editorLine(saved, locale) : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!line) return <Alert color="orange">{t("detail.notFound")}</Alert>;
  const set = (patch: Partial<EditorLine>, detached = false) =>
    setLine({ ...line, ...patch, ...(detached && { itemVatRate: null }) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = lineProblems([line], locale);
    setErrors(Object.fromEntries(problems.map((p) => [p.field, t(p.key as "lines.invalidNumber")])));
    if (problems.length) return;
    const lines = doc.lines.map((l) =>
      l.id === lineId ? lineInput(line, locale) : lineInput(editorLine(l, locale), locale),
    );
    save({ lines });
  };
  const priced = line.kind === "item" || line.kind === "free";
  /** A figure of the line, typed as the reader writes numbers. */
  const figure = (col: "quantity" | "unitPrice" | "discount") => (
    <TextInput
      label={t(`lines.${col}`)}
      value={line[col]}
      error={errors[col]}
      inputMode="decimal"
      onChange={(e) => set({ [col]: e.currentTarget.value })}
    />
  );
  return (
    <PartForm doc={doc} update={update} onSubmit={submit} testId="doc-line-form" width={820}>
      {line.kind === "comment" ? (
        <Textarea
          label={t("lines.commentLine")}
          value={line.text}
          autosize
          minRows={3}
          onChange={(e) => set({ text: e.currentTarget.value })}
        />
      ) : (
        <TextInput
          label={line.kind === "title" ? t("lines.titleLine") : t("lines.item")}
          value={line.label}
          error={errors.label}
          withAsterisk
          onChange={(e) => set({ label: e.currentTarget.value })}
          data-testid="line-form-label"
        />
      )}
      {priced ? (
        <>
          <Textarea
            label={t("lines.description")}
            value={line.description}
            autosize
            minRows={2}
            onChange={(e) => set({ description: e.currentTarget.value }, true)}
          />
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {figure("quantity")}
            <Select
              label={t("lines.unit")}
              data={units.options}
              value={line.unit}
              searchable
              allowDeselect={false}
              onChange={(unit) => unit && set({ unit }, true)}
            />
            {figure("unitPrice")}
            {figure("discount")}
            <Select
              label={t("lines.vatRate")}
              data={vatRates.map((rate) => ({ value: rate, label: vatLabel(rate) }))}
              value={line.vatRate}
              allowDeselect={false}
              onChange={(rate) => rate && set({ vatRate: rate as VatRate })}
            />
            <TextInput
              label={t("lines.account")}
              value={line.account}
              ff="monospace"
              maxLength={20}
              onChange={(e) => set({ account: e.currentTarget.value }, true)}
            />
            <Select
              label={t("lines.nature")}
              data={(["goods", "services"] as const).map((n) => ({
                value: n,
                label: t(`lines.natures.${n}`),
              }))}
              value={line.nature}
              clearable
              onChange={(nature) => set({ nature: nature as LineNature | null }, true)}
            />
          </SimpleGrid>
          {line.vatRate === "exempt" ? (
            <TextInput
              label={t("lines.exemption")}
              value={line.vatExemption}
              error={errors.vatExemption}
              withAsterisk
              onChange={(e) => set({ vatExemption: e.currentTarget.value })}
            />
          ) : null}
        </>
      ) : null}
    </PartForm>
  );
};

/** `/org/docs/{id}/line/edit?line=L1`: one line of a draft in full (description, account, nature…). */
export const DocLineEditPage = () => {
  const { t } = useTranslation("docs");
  const [params] = useSearchParams();
  const lineId = params.get("line") ?? "";
  return (
    <PartPage title={t("detail.editLine")}>
      {(doc) => <LineForm key={lineId} doc={doc} lineId={lineId} />}
    </PartPage>
  );
};
