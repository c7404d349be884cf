import { Alert, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFieldMessage } from "../../components/field-message.ts";
import { CheckIcon } from "../../components/icons.tsx";
import { email, password, required, type ValidationMessage, validate } from "../../lib/validation.ts";
import { useConfirmPasswordRenewal, useRequestPasswordRenewal } from "./api.ts";
import { AuthCard, TextLink } from "./auth-card.tsx";

/** Step 1: the e-mail address; the answer is the same whether the address is known or not. */
const RequestForm = () => {
  const { t } = useTranslation("session");
  const fieldMessage = useFieldMessage();
  const [address, setAddress] = useState("");
  const [error, setError] = useState<ValidationMessage | null>(null);
  const mutation = useRequestPasswordRenewal();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = validate(address, [required, email]);
    setError(message);
    if (!message) mutation.mutate(address.trim());
  };
  if (mutation.isSuccess) {
    return (
      <Alert color="teal" variant="light" icon={<CheckIcon />} role="status" data-testid="renew-sent">
        {t("renew.sent")}
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate data-testid="renew-request-form">
      <Stack gap="md">
        <TextInput
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          value={address}
          onChange={(event) => {
            setAddress(event.currentTarget.value);
            setError(null);
          }}
          error={fieldMessage(t("fields.email"), error)}
          withAsterisk
          data-testid="renew-email"
        />
        {mutation.isError ? <ErrorAlert error={mutation.error} testId="renew-error" /> : null}
        <Button type="submit" loading={mutation.isPending} fullWidth data-testid="renew-submit">
          {t("renew.submit")}
        </Button>
      </Stack>
    </form>
  );
};

/** Step 2, from the link of the e-mail: a new password for the token. */
const ConfirmForm = ({ token }: { token: string }) => {
  const { t } = useTranslation(["session", "validation"]);
  const fieldMessage = useFieldMessage();
  const [values, setValues] = useState({ password: "", confirmation: "" });
  const [errors, setErrors] = useState<{ password?: ValidationMessage | null; confirmation?: string }>({});
  const mutation = useConfirmPasswordRenewal();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const passwordError = validate(values.password, [required, password]);
    const confirmation = values.confirmation !== values.password ? t("session:renew.mismatch") : undefined;
    setErrors({ password: passwordError, confirmation });
    if (!passwordError && !confirmation) mutation.mutate({ token, password: values.password });
  };
  if (mutation.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<CheckIcon />} role="status" data-testid="renew-saved">
          {t("session:renew.saved")}
        </Alert>
        <Button component="a" href="/login" fullWidth data-testid="renew-login">
          {t("session:login.submit")}
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate data-testid="renew-confirm-form">
      <Stack gap="md">
        <PasswordInput
          label={t("session:fields.newPassword")}
          description={t("session:register.passwordHint")}
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => {
            setValues({ ...values, password: event.currentTarget.value });
            setErrors({ ...errors, password: null });
          }}
          error={fieldMessage(t("session:fields.newPassword"), errors.password)}
          withAsterisk
          data-testid="renew-password"
        />
        <PasswordInput
          label={t("session:fields.confirmPassword")}
          autoComplete="new-password"
          value={values.confirmation}
          onChange={(event) => {
            setValues({ ...values, confirmation: event.currentTarget.value });
            setErrors({ ...errors, confirmation: undefined });
          }}
          error={errors.confirmation}
          withAsterisk
          data-testid="renew-confirmation"
        />
        {mutation.isError ? (
          <ErrorAlert error={mutation.error} title={t("session:renew.errorTitle")} testId="renew-error" />
        ) : null}
        <Button type="submit" loading={mutation.isPending} fullWidth data-testid="renew-confirm-submit">
          {t("session:renew.confirmSubmit")}
        </Button>
      </Stack>
    </form>
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
