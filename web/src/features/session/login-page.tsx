import { Alert, Group, PasswordInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { AlertIcon } from "../../components/icons.tsx";
import { z } from "../../lib/zod.ts";
import { type Credentials, login } from "./api.ts";
import { EmailInput, SignInCard, TextLink, useSignIn } from "./auth-card.tsx";

const useLoginSchema = () =>
  useFormSchema(
    "session",
    (t, rules) =>
      z.object({
        email: rules.email(t("fields.email")),
        password: rules.secret(t("fields.password")),
      }) satisfies z.ZodType<Credentials>,
  );

export const LoginPage = () => {
  const { t } = useTranslation("session");
  const [failed, setFailed] = useState(false);
  const signIn = useSignIn(login);
  const form = useSchemaForm(useLoginSchema(), { email: signIn.email, password: "" });
  const submit = form.onSubmit((credentials) => {
    setFailed(false);
    signIn.signIn(credentials, () => setFailed(true));
  });
  return (
    <SignInCard
      name="login"
      signIn={signIn}
      onSubmit={submit}
      other={{ to: "/register", text: t("login.noAccount"), link: t("login.registerLink") }}
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
    </SignInCard>
  );
};
