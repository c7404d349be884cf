import { Alert, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFieldMessage } from "../../components/field-message.ts";
import { AlertIcon } from "../../components/icons.tsx";
import { email, required, type ValidationMessage, validateAll } from "../../lib/validation.ts";
import { type Credentials, login } from "./api.ts";
import { AuthCard, TextLink } from "./auth-card.tsx";
import { afterLoginPath, safeNext, withNext } from "./guards.ts";

type Field = "email" | "password";

export const LoginPage = () => {
  const { t } = useTranslation("session");
  const navigate = useNavigate();
  const fieldMessage = useFieldMessage();
  const [params] = useSearchParams();
  const nextPath = safeNext(params.get("next"));
  const [values, setValues] = useState<Record<Field, string>>({
    email: params.get("email") ?? "",
    password: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, ValidationMessage>>>({});
  const [failed, setFailed] = useState(false);
  const mutation = useMutation({ mutationFn: (credentials: Credentials) => login(credentials) });

  const set = (field: Field, value: string) => {
    setValues({ ...values, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailed(false);
    const next = validateAll(values, { email: [required, email], password: [required] });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    mutation.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (outcome) => {
          if (outcome === "failed") setFailed(true);
          else void navigate(afterLoginPath(outcome, nextPath));
        },
      },
    );
  };

  return (
    <AuthCard
      title={t("login.title")}
      subtitle={t("login.subtitle")}
      footer={
        <>
          {t("login.noAccount")}{" "}
          <TextLink to={withNext("/register", nextPath)}>{t("login.registerLink")}</TextLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate data-testid="login-form">
        <Stack gap="md">
          <TextInput
            label={t("fields.email")}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => set("email", event.currentTarget.value)}
            error={fieldMessage(t("fields.email"), errors.email)}
            withAsterisk
            data-testid="login-email"
          />
          <PasswordInput
            label={t("fields.password")}
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => set("password", event.currentTarget.value)}
            error={fieldMessage(t("fields.password"), errors.password)}
            withAsterisk
            data-testid="login-password"
          />
          <Group justify="flex-end" mt={-6}>
            <TextLink to="/public/password/renew">{t("login.forgotten")}</TextLink>
          </Group>
          {mutation.isError ? (
            <ErrorAlert error={mutation.error} title={t("login.errorTitle")} testId="login-error" />
          ) : null}
          {failed ? (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-testid="login-error">
              {t("login.failed")}
            </Alert>
          ) : null}
          <Button type="submit" loading={mutation.isPending} fullWidth data-testid="login-submit">
            {t("login.submit")}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
};
