import { Button, Checkbox, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFieldMessage } from "../../components/field-message.ts";
import {
  email,
  maxLength,
  password,
  required,
  type ValidationMessage,
  validateAll,
} from "../../lib/validation.ts";
import { type Registration, register } from "./api.ts";
import { AuthCard, TextLink } from "./auth-card.tsx";
import { afterLoginPath, safeNext, withNext } from "./guards.ts";

type Field = "name" | "email" | "password";

export const RegisterPage = () => {
  const { t } = useTranslation("session");
  const navigate = useNavigate();
  const fieldMessage = useFieldMessage();
  const [params] = useSearchParams();
  const nextPath = safeNext(params.get("next"));
  const [values, setValues] = useState<Record<Field, string>>({
    name: "",
    email: params.get("email") ?? "",
    password: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, ValidationMessage>>>({});
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const mutation = useMutation({ mutationFn: (input: Registration) => register(input) });

  const set = (field: Field, value: string) => {
    setValues({ ...values, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = validateAll(values, {
      name: [required, maxLength(120)],
      email: [required, email],
      password: [required, password],
    });
    setErrors(next);
    setTermsError(!terms);
    if (Object.keys(next).length > 0 || !terms) return;
    mutation.mutate(
      { name: values.name.trim(), email: values.email.trim(), password: values.password },
      {
        onSuccess: (outcome) => {
          if (outcome !== "failed") void navigate(afterLoginPath(outcome, nextPath));
        },
      },
    );
  };

  return (
    <AuthCard
      title={t("register.title")}
      subtitle={t("register.subtitle")}
      footer={
        <>
          {t("register.haveAccount")}{" "}
          <TextLink to={withNext("/login", nextPath)}>{t("register.loginLink")}</TextLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate data-testid="register-form">
        <Stack gap="md">
          <TextInput
            label={t("fields.name")}
            autoComplete="name"
            value={values.name}
            onChange={(event) => set("name", event.currentTarget.value)}
            error={fieldMessage(t("fields.name"), errors.name)}
            withAsterisk
            data-testid="register-name"
          />
          <TextInput
            label={t("fields.email")}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => set("email", event.currentTarget.value)}
            error={fieldMessage(t("fields.email"), errors.email)}
            withAsterisk
            data-testid="register-email"
          />
          <PasswordInput
            label={t("fields.password")}
            description={t("register.passwordHint")}
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => set("password", event.currentTarget.value)}
            error={fieldMessage(t("fields.password"), errors.password)}
            withAsterisk
            data-testid="register-password"
          />
          <Checkbox
            label={t("register.terms")}
            checked={terms}
            onChange={(event) => {
              setTerms(event.currentTarget.checked);
              setTermsError(false);
            }}
            error={termsError ? t("register.termsRequired") : undefined}
            data-testid="register-terms"
          />
          {mutation.isError ? (
            <ErrorAlert error={mutation.error} title={t("register.errorTitle")} testId="register-error" />
          ) : null}
          <Button type="submit" loading={mutation.isPending} fullWidth data-testid="register-submit">
            {t("register.submit")}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
};
