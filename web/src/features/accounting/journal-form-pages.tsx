import { Select, Switch, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ResourceFormPage, useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { useFormat } from "../../i18n/format.ts";
import { z } from "../../lib/zod.ts";
import { useCan } from "./access.ts";
import {
  chartQuery,
  type Journal,
  type JournalCreate,
  type JournalKind,
  journalKinds,
  journalQuery,
  useCreateJournal,
  useUpdateJournal,
} from "./api.ts";
import { BooksEditPage } from "./books-page.tsx";
import { journalPath, journalsPath } from "./paths.ts";
import { accountLabel } from "./ui.tsx";

const journalCode = /^[A-Z0-9]{1,6}$/;
const treasuryKinds: readonly JournalKind[] = ["bank", "cash"];

/** A journal's fields: its code and kind only when it is new (they are fixed once created). */
const useJournalSchema = (isNew: boolean) =>
  useFormSchema(
    "accounting",
    (t, rules) =>
      z
        .object({
          code: z.string().trim().toUpperCase(),
          kind: z.enum(journalKinds),
          label: rules.text(t("journals.labelFr"), 100),
          labelEn: rules.text(t("journals.labelEn"), 100, { optional: true }),
          vat: z.boolean(),
          account: z.string().nullable(),
        })
        .superRefine((journal, context) => {
          if (isNew && !journal.code)
            context.addIssue({ code: "custom", path: ["code"], message: rules.required(t("journals.code")) });
          else if (isNew && !journalCode.test(journal.code))
            context.addIssue({ code: "custom", path: ["code"], message: t("journals.codeInvalid") });
          if (treasuryKinds.includes(journal.kind) && !journal.account)
            context.addIssue({
              code: "custom",
              path: ["account"],
              message: rules.required(t("journals.account")),
            });
        })
        .transform(
          (journal): JournalCreate => ({
            code: journal.code,
            kind: journal.kind,
            label: journal.label,
            labelEn: journal.labelEn,
            vat: journal.vat,
            account: treasuryKinds.includes(journal.kind) ? journal.account : null,
          }),
        ),
    [isNew],
  );

/** The fields of a journal, to create one or change one. */
const JournalForm = ({ journal }: { journal: Journal | null }) => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const navigate = useNavigate();
  const chart = useQuery(chartQuery());
  const create = useCreateJournal();
  const update = useUpdateJournal(journal?.code ?? "");
  const save = journal ? update : create;
  const form = useSchemaForm(useJournalSchema(journal === null), {
    code: journal?.code ?? "",
    kind: journal?.kind ?? ("misc" as JournalKind),
    label: journal?.label ?? "",
    labelEn: journal?.labelEn ?? "",
    vat: journal?.vat ?? false,
    account: journal?.account ?? null,
  });
  const treasury = treasuryKinds.includes(form.values.kind);
  const treasuryAccounts = (chart.data?.items ?? []).filter(
    (a) => a.kind === "general" && a.class === 5 && !a.closed,
  );
  const submit = form.onSubmit(({ code, kind, ...change }) => {
    const done = (saved: Journal) => void navigate(journalPath(saved.code));
    if (journal) update.mutate(change, { onSuccess: done });
    else create.mutate({ code, kind, ...change }, { onSuccess: done });
  });
  return (
    <MutationFormCard
      testId="journal-form"
      onSubmit={submit}
      mutation={save}
      errorTestId="journal-save-error"
      cancel={journal ? journalPath(journal.code) : journalsPath}
      submitLabel={journal ? t("common:actions.save") : t("journals.create")}
      submitTestId="journal-save"
    >
      <TextInput
        label={t("journals.code")}
        description={journal ? undefined : t("journals.codeHint")}
        {...form.getInputProps("code")}
        onChange={(event) => form.setFieldValue("code", event.currentTarget.value.toUpperCase())}
        disabled={journal !== null}
        withAsterisk={journal === null}
        maxLength={6}
        autoComplete="off"
        classNames={{ input: "acc-code" }}
        data-autofocus={journal === null ? true : undefined}
        data-testid="journal-code"
      />
      <Select
        label={t("journals.kind")}
        data={journalKinds.map((value) => ({ value, label: t(`journals.kinds.${value}`) }))}
        {...form.getInputProps("kind")}
        allowDeselect={false}
        disabled={journal !== null}
        withAsterisk={journal === null}
      />
      <TextInput
        label={t("journals.labelFr")}
        {...form.getInputProps("label")}
        withAsterisk
        data-autofocus={journal !== null ? true : undefined}
        data-testid="journal-label"
      />
      <TextInput label={t("journals.labelEn")} {...form.getInputProps("labelEn")} />
      {treasury ? (
        <Select
          label={t("journals.account")}
          description={t("journals.accountHint")}
          data={treasuryAccounts.map((a) => ({
            value: a.number,
            label: `${a.number} · ${accountLabel(a, locale)}`,
          }))}
          {...form.getInputProps("account")}
          searchable
          withAsterisk
        />
      ) : null}
      <Switch
        label={t("journals.vatJournal")}
        description={t("journals.vatHint")}
        {...form.getInputProps("vat", { type: "checkbox" })}
      />
    </MutationFormCard>
  );
};

/** `/org/accounting/journals/{id}/edit`. */
export const JournalEditPage = () => {
  const { t } = useTranslation("accounting");
  const code = useParams().id ?? "";
  return (
    <BooksEditPage
      right="journals"
      query={journalQuery(code)}
      title={t("journals.editTitle", { code })}
      crumbs={() => [
        { to: journalsPath, label: t("journals.title") },
        { to: journalPath(code), label: code },
      ]}
      testId="journal-error"
    >
      {(data) => <JournalForm journal={data} />}
    </BooksEditPage>
  );
};

/** `/org/accounting/journals/create`. */
export const JournalCreatePage = () => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  return (
    <ResourceFormPage
      title={t("journals.createTitle")}
      crumbs={[{ to: journalsPath, label: t("journals.title") }]}
      allowed={can("journals", "create")}
    >
      <JournalForm journal={null} />
    </ResourceFormPage>
  );
};
