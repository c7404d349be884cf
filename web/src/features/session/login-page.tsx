import { Alert, Group, PasswordInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { useRules, useSchemaForm } from "../../components/form.tsx";
import { AlertIcon } from "../../components/icons.tsx";
import { z } from "../../lib/zod.ts";
import { type Credentials, login } from "./api.ts";
import { AuthCard, AuthForm, EmailInput, TextLink } from "./auth-card.tsx";
import { afterLoginPath, safeNext, withNext } from "./guards.ts";

const useLoginSchema = () => {
  const { t } = useTranslation("session");
  const rules = useRules();
  return useMemo(
    () =>
      z.object({
        email: rules.email(t("fields.email")),
        password: rules.secret(t("fields.password")),
      }) satisfies z.ZodType<Credentials>,
    [t, rules],
  );
};

export const LoginPage = () => {
  const { t } = useTranslation("session");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const nextPath = safeNext(params.get("next"));
  const [failed, setFailed] = useState(false);
  const mutation = useMutation({ mutationFn: (credentials: Credentials) => login(credentials) });
  const form = useSchemaForm(useLoginSchema(), { email: params.get("email") ?? "", password: "" });
  const submit = form.onSubmit((credentials) => {
    setFailed(false);
    mutation.mutate(credentials, {
      onSuccess: (outcome) => {
        if (outcome === "failed") setFailed(true);
        else void navigate(afterLoginPath(outcome, nextPath));
      },
    });
  });
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
      <AuthForm
        name="login"
        onSubmit={submit}
        mutation={mutation}
        errorTitle={t("login.errorTitle")}
        submitLabel={t("login.submit")}
      >
        <EmailInput {...form.getInputProps("email")} data-testid="login-email" />
        <PasswordInput
          label={t("fields.password")}
          autoComplete="current-password"
          {...form.getInputProps("password")}
          withAsterisk
          data-testid="login-password"
        />
        <Group justify="flex-end" mt={-6}>
          <TextLink to="/public/password/renew">{t("login.forgotten")}</TextLink>
        </Group>
        {failed ? (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-testid="login-error">
            {t("login.failed")}
          </Alert>
        ) : null}
      </AuthForm>
    </AuthCard>
  );
};
