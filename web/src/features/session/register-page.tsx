import { Checkbox, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { z } from "../../lib/zod.ts";
import { type Registration, register } from "./api.ts";
import { EmailInput, NewPasswordInput, SignInCard, useSignIn } from "./auth-card.tsx";

const useRegistrationSchema = () =>
  useFormSchema("session", (t, rules) =>
    z
      .object({
        name: rules.text(t("fields.name"), 120),
        email: rules.email(t("fields.email")),
        password: rules.password(t("fields.password")),
        terms: z.boolean().refine((accepted) => accepted, { error: t("register.termsRequired") }),
      })
      .transform(({ name, email, password }): Registration => ({ name, email, password })),
  );

export const RegisterPage = () => {
  const { t } = useTranslation("session");
  const signIn = useSignIn(register);
  const form = useSchemaForm(useRegistrationSchema(), {
    name: "",
    email: signIn.email,
    password: "",
    terms: false,
  });
  return (
    <SignInCard
      name="register"
      signIn={signIn}
      onSubmit={form.onSubmit((registration) => signIn.signIn(registration))}
      other={{ to: "/login", text: t("register.haveAccount"), link: t("register.loginLink") }}
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
    </SignInCard>
  );
};
