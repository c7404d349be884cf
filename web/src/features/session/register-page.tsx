import { Checkbox, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { useRules, useSchemaForm } from "../../components/form.tsx";
import { z } from "../../lib/zod.ts";
import { type Registration, register } from "./api.ts";
import { AuthCard, AuthForm, EmailInput, NewPasswordInput, TextLink } from "./auth-card.tsx";
import { afterLoginPath, safeNext, withNext } from "./guards.ts";

const useRegistrationSchema = () => {
  const { t } = useTranslation("session");
  const rules = useRules();
  return useMemo(
    () =>
      z
        .object({
          name: rules.text(t("fields.name"), 120),
          email: rules.email(t("fields.email")),
          password: rules.password(t("fields.password")),
          terms: z.boolean().refine((accepted) => accepted, { error: t("register.termsRequired") }),
        })
        .transform(({ name, email, password }): Registration => ({ name, email, password })),
    [t, rules],
  );
};

export const RegisterPage = () => {
  const { t } = useTranslation("session");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const nextPath = safeNext(params.get("next"));
  const mutation = useMutation({ mutationFn: (input: Registration) => register(input) });
  const form = useSchemaForm(useRegistrationSchema(), {
    name: "",
    email: params.get("email") ?? "",
    password: "",
    terms: false,
  });
  const submit = form.onSubmit((registration) =>
    mutation.mutate(registration, {
      onSuccess: (outcome) => {
        if (outcome !== "failed") void navigate(afterLoginPath(outcome, nextPath));
      },
    }),
  );
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
      <AuthForm
        name="register"
        onSubmit={submit}
        mutation={mutation}
        errorTitle={t("register.errorTitle")}
        submitLabel={t("register.submit")}
      >
        <TextInput
          label={t("fields.name")}
          autoComplete="name"
          {...form.getInputProps("name")}
          withAsterisk
          data-testid="register-name"
        />
        <EmailInput {...form.getInputProps("email")} data-testid="register-email" />
        <NewPasswordInput
          label={t("fields.password")}
          {...form.getInputProps("password")}
          data-testid="register-password"
        />
        <Checkbox
          label={t("register.terms")}
          {...form.getInputProps("terms", { type: "checkbox" })}
          data-testid="register-terms"
        />
      </AuthForm>
    </AuthCard>
  );
};
