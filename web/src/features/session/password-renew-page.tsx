import { Alert, Button, PasswordInput, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { z } from "../../lib/zod.ts";
import { useConfirmPasswordRenewal, useRequestPasswordRenewal } from "./api.ts";
import { AuthCard, AuthForm, EmailInput, NewPasswordInput, TextLink } from "./auth-card.tsx";

/** Step 1: the e-mail address; the answer is the same whether the address is known or not. */
const RequestForm = () => {
  const { t } = useTranslation("session");
  const schema = useFormSchema("session", (t, rules) => z.object({ email: rules.email(t("fields.email")) }));
  const form = useSchemaForm(schema, { email: "" });
  const mutation = useRequestPasswordRenewal();
  if (mutation.isSuccess) return <SavedNotice testId="renew-sent">{t("renew.sent")}</SavedNotice>;
  return (
    <AuthForm
      name="renew"
      errorTestId="renew-error"
      onSubmit={form.onSubmit(({ email }) => mutation.mutate(email))}
      mutation={mutation}
      submitLabel={t("renew.submit")}
    >
      <EmailInput {...form.getInputProps("email")} data-testid="renew-email" />
    </AuthForm>
  );
};

/** Step 2, from the link of the e-mail: a new password for the token, typed twice. */
const ConfirmForm = ({ token }: { token: string }) => {
  const { t } = useTranslation("session");
  const schema = useFormSchema("session", (t, rules) =>
    z
      .object({ password: rules.password(t("fields.newPassword")), confirmation: z.string() })
      .refine((values) => values.confirmation === values.password, {
        path: ["confirmation"],
        error: t("renew.mismatch"),
        // Said with the password's own problem, not after it is fixed.
        when: () => true,
      }),
  );
  const form = useSchemaForm(schema, { password: "", confirmation: "" });
  const mutation = useConfirmPasswordRenewal();
  if (mutation.isSuccess) {
    return (
      <Stack gap="md">
        <SavedNotice testId="renew-saved">{t("renew.saved")}</SavedNotice>
        <Button component="a" href="/login" fullWidth data-testid="renew-login">
          {t("login.submit")}
        </Button>
      </Stack>
    );
  }
  return (
    <AuthForm
      name="renew-confirm"
      errorTestId="renew-error"
      onSubmit={form.onSubmit(({ password }) => mutation.mutate({ token, password }))}
      mutation={mutation}
      errorTitle={t("renew.errorTitle")}
      submitLabel={t("renew.confirmSubmit")}
    >
      <NewPasswordInput
        label={t("fields.newPassword")}
        {...form.getInputProps("password")}
        data-testid="renew-password"
      />
      <PasswordInput
        label={t("fields.confirmPassword")}
        autoComplete="new-password"
        {...form.getInputProps("confirmation")}
        withAsterisk
        data-testid="renew-confirmation"
      />
    </AuthForm>
  );
};

export const PasswordRenewPage = () => {
  const { t } = useTranslation(["session", "validation"]);
  const [params] = useSearchParams();
  const token = params.get("token");
  const withToken = token !== null;
  return (
    <AuthCard
      title={withToken ? t("session:renew.confirmTitle") : t("session:renew.title")}
      subtitle={withToken ? t("session:renew.confirmSubtitle") : t("session:renew.subtitle")}
      footer={<TextLink to="/login">{t("session:renew.backToLogin")}</TextLink>}
    >
      {withToken && token.trim() === "" ? (
        <Alert color="red" variant="light" role="alert" data-testid="renew-error">
          {t("validation:missingToken")}
        </Alert>
      ) : withToken ? (
        <ConfirmForm token={token} />
      ) : (
        <RequestForm />
      )}
    </AuthCard>
  );
};
