import { Alert, SegmentedControl, Select, Switch, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { ResourceFormPage, useFormSchema, useRules, useSchemaForm } from "../../components/form.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { useFormat } from "../../i18n/format.ts";
import { z } from "../../lib/zod.ts";
import { useCan } from "./access.ts";
import {
  type Account,
  type AccountCreate,
  type AccountKind,
  type AccountUpdate,
  accountQuery,
  chartQuery,
  useCreateAccount,
  useUpdateAccount,
} from "./api.ts";
import { BooksEditPage } from "./books-page.tsx";
import { accountPath, accountsPath } from "./paths.ts";
import { accountLabel } from "./ui.tsx";

/** General accounts: three PCG digits (class 1 to 8), then digits or capitals (core/src/accounting/chart.ts). */
export const generalNumber = /^[1-8]\d{2}[0-9A-Z]{0,17}$/;
/** Auxiliary accounts: a code such as "CALPHA" or "F0001". */
export const auxiliaryNumber = /^[0-9A-Z][0-9A-Z_.-]{0,16}$/;

/** The schema of a new account: a general one, or an auxiliary one under a collective account. */
const useCreateSchema = () =>
  useFormSchema("accounting", (t, rules) =>
    z
      .object({
        kind: z.enum(["general", "auxiliary"]),
        number: z
          .string()
          .trim()
          .toUpperCase()
          .min(1, { error: rules.required(t("accounts.number")) }),
        label: rules.text(t("accounts.labelFr"), 200),
        labelEn: rules.text(t("accounts.labelEn"), 200, { optional: true }),
        lettrable: z.boolean(),
        collective: z.boolean(),
        control: z.string().nullable(),
      })
      .superRefine((account, context) => {
        const pattern = account.kind === "general" ? generalNumber : auxiliaryNumber;
        if (account.number && !pattern.test(account.number))
          context.addIssue({
            code: "custom",
            path: ["number"],
            message: t(
              account.kind === "general" ? "accounts.numberInvalid" : "accounts.auxiliaryNumberInvalid",
            ),
          });
        if (account.kind === "auxiliary" && !account.control)
          context.addIssue({
            code: "custom",
            path: ["control"],
            message: rules.required(t("accounts.control")),
          });
      })
      .transform(
        (account): AccountCreate =>
          account.kind === "general"
            ? {
                number: account.number,
                label: account.label,
                labelEn: account.labelEn,
                lettrable: account.lettrable,
                collective: account.collective,
              }
            : { number: account.number, label: account.label, control: account.control ?? "" },
      ),
  );

/** `/org/accounting/accounts/create`: a general account, or an auxiliary account under a collective one. */
export const AccountCreatePage = () => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const can = useCan();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const chart = useQuery({ ...chartQuery(), enabled: can("accounts", "read") });
  const create = useCreateAccount();
  const form = useSchemaForm(useCreateSchema(), {
    kind: (params.get("kind") === "auxiliary" ? "auxiliary" : "general") as AccountKind,
    number: "",
    label: "",
    labelEn: "",
    lettrable: false,
    collective: false,
    control: params.get("control"),
  });
  const kind = form.values.kind;
  const collectives = (chart.data?.items ?? []).filter((a) => a.collective && !a.closed);
  return (
    <ResourceFormPage
      title={t("accounts.createTitle")}
      description={t("accounts.createDescription")}
      crumbs={[{ to: accountsPath, label: t("accounts.title") }]}
      allowed={can("accounts", "create")}
    >
      <MutationFormCard
        testId="account-create-form"
        onSubmit={form.onSubmit((input) =>
          create.mutate(input, { onSuccess: (account) => void navigate(accountPath(account.number)) }),
        )}
        mutation={create}
        errorTestId="account-create-error"
        cancel={accountsPath}
        submitLabel={t("accounts.create")}
        submitTestId="account-create-submit"
      >
        <SegmentedControl
          aria-label={t("accounts.kind")}
          data={[
            { value: "general", label: t("accounts.kindSingle.general") },
            { value: "auxiliary", label: t("accounts.kindSingle.auxiliary") },
          ]}
          value={kind}
          onChange={(value) => {
            form.setFieldValue("kind", value as AccountKind);
            form.clearErrors();
          }}
        />
        {kind === "auxiliary" ? (
          <Select
            label={t("accounts.control")}
            description={t("accounts.controlHint")}
            data={collectives.map((a) => ({
              value: a.number,
              label: `${a.number} · ${accountLabel(a, locale)}`,
            }))}
            {...form.getInputProps("control")}
            searchable
            withAsterisk
            nothingFoundMessage={t("accounts.empty")}
            data-testid="account-control"
          />
        ) : null}
        <TextInput
          label={t("accounts.number")}
          description={kind === "general" ? t("accounts.numberHint") : t("accounts.auxiliaryNumberHint")}
          {...form.getInputProps("number")}
          onChange={(event) => form.setFieldValue("number", event.currentTarget.value.toUpperCase())}
          withAsterisk
          autoComplete="off"
          spellCheck={false}
          classNames={{ input: "acc-code" }}
          data-autofocus
          data-testid="account-number"
        />
        <TextInput
          label={t("accounts.labelFr")}
          {...form.getInputProps("label")}
          withAsterisk
          data-testid="account-label"
        />
        {kind === "general" ? (
          <>
            <TextInput label={t("accounts.labelEn")} {...form.getInputProps("labelEn")} />
            <Switch
              label={t("accounts.collective")}
              description={t("accounts.collectiveHint")}
              {...form.getInputProps("collective", { type: "checkbox" })}
            />
            <Switch
              label={t("accounts.lettrable")}
              description={t("accounts.lettrableHint")}
              {...form.getInputProps("lettrable", { type: "checkbox" })}
            />
          </>
        ) : null}
        {chart.isError ? <Alert color="orange">{t("accounts.chartUnavailable")}</Alert> : null}
      </MutationFormCard>
    </ResourceFormPage>
  );
};

/** The labels, lettering and closing of an account (its number and kind are fixed). */
const AccountEditForm = ({ account }: { account: Account }) => {
  const { t } = useTranslation(["accounting", "common"]);
  const rules = useRules();
  const navigate = useNavigate();
  const update = useUpdateAccount(account.number);
  const schema = useMemo(
    () =>
      z.object({
        label: rules.text(t("accounts.labelFr"), 200),
        labelEn: rules.text(t("accounts.labelEn"), 200, { optional: true }),
        lettrable: z.boolean(),
        closed: z.boolean(),
      }) satisfies z.ZodType<AccountUpdate>,
    [t, rules],
  );
  const form = useSchemaForm(schema, {
    label: account.label,
    labelEn: account.labelEn,
    lettrable: account.lettrable,
    closed: account.closed,
  });
  return (
    <MutationFormCard
      testId="account-edit-form"
      onSubmit={form.onSubmit((input) =>
        update.mutate(input, { onSuccess: () => void navigate(accountPath(account.number)) }),
      )}
      mutation={update}
      errorTestId="account-save-error"
      cancel={accountPath(account.number)}
      submitLabel={t("common:actions.save")}
      submitTestId="account-save"
    >
      <TextInput label={t("accounts.number")} value={account.number} readOnly disabled />
      <TextInput
        label={t("accounts.labelFr")}
        {...form.getInputProps("label")}
        withAsterisk
        data-autofocus
        data-testid="account-label"
      />
      <TextInput label={t("accounts.labelEn")} {...form.getInputProps("labelEn")} />
      <Switch
        label={t("accounts.lettrable")}
        description={t("accounts.lettrableHint")}
        {...form.getInputProps("lettrable", { type: "checkbox" })}
      />
      <Switch
        label={t("accounts.closeAccount")}
        description={t("accounts.closeHint")}
        {...form.getInputProps("closed", { type: "checkbox" })}
        data-testid="account-closed"
      />
    </MutationFormCard>
  );
};

/** `/org/accounting/accounts/{id}/edit`: the labels, lettering and closing of an account. */
export const AccountEditPage = () => {
  const { t } = useTranslation("accounting");
  const number = useParams().id ?? "";
  return (
    <BooksEditPage
      right="accounts"
      query={accountQuery(number)}
      title={t("accounts.editTitle", { number })}
      crumbs={() => [
        { to: accountsPath, label: t("accounts.title") },
        { to: accountPath(number), label: number },
      ]}
      testId="account-error"
    >
      {(data) => <AccountEditForm account={data} />}
    </BooksEditPage>
  );
};
