import {
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  type PasswordInputProps,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  Title,
} from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import type { ComponentProps, FormEventHandler, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { LogoMark } from "../../components/icons.tsx";
import type { LoginOutcome } from "../../lib/session.ts";
import { afterLoginPath, safeNext, withNext } from "./guards.ts";

/** The centred card of the login, registration, organisation and password screens. */
export const AuthCard = ({
  title,
  subtitle,
  children,
  footer,
  width = 440,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
}) => {
  const { t } = useTranslation("common");
  return (
    <Center py={{ base: 32, md: 56 }}>
      <Stack w="100%" maw={width} gap="lg">
        <title>{`${title} · ${t("app.name")}`}</title>
        <Stack gap={6} align="center" ta="center">
          <LogoMark size={40} />
          <Title order={1} mt="xs">
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" size="sm" maw={380}>
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        <Paper p={{ base: "lg", sm: 28 }} shadow="xs">
          {children}
        </Paper>
        {footer ? (
          <Text size="sm" c="dimmed" ta="center">
            {footer}
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
};

export const TextLink = ({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) => (
  <Anchor component={Link} to={to} fw={600} data-testid={testId}>
    {children}
  </Anchor>
);

/**
 * The form of an identity screen (sign-in, registration, a new password): its fields, the server's
 * refusal, one button across the card. `name` makes its test ids (`login-form`, `login-error`, `login-submit`).
 */
export const AuthForm = ({
  name,
  onSubmit,
  mutation,
  errorTitle,
  errorTestId = `${name}-error`,
  submitLabel,
  children,
}: {
  name: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  mutation: { isError: boolean; error: unknown; isPending: boolean };
  errorTitle?: string;
  errorTestId?: string;
  submitLabel: string;
  children: ReactNode;
}) => (
  <form onSubmit={onSubmit} noValidate data-testid={`${name}-form`}>
    <Stack gap="md">
      {children}
      {mutation.isError ? (
        <ErrorAlert error={mutation.error} title={errorTitle} testId={errorTestId} />
      ) : null}
      <Button type="submit" loading={mutation.isPending} fullWidth data-testid={`${name}-submit`}>
        {submitLabel}
      </Button>
    </Stack>
  </form>
);

type TestId = { "data-testid"?: string };

/** The e-mail address of an identity form, required. */
export const EmailInput = (props: TextInputProps & TestId) => {
  const { t } = useTranslation("session");
  return <TextInput label={t("fields.email")} type="email" autoComplete="email" withAsterisk {...props} />;
};

/** A new password (registration, renewal), with the rule it must follow. */
export const NewPasswordInput = (props: PasswordInputProps & TestId) => {
  const { t } = useTranslation("session");
  return (
    <PasswordInput
      description={t("register.passwordHint")}
      autoComplete="new-password"
      withAsterisk
      {...props}
    />
  );
};

/**
 * Signing in, by the login or the registration: the e-mail and the `next` the address gives, and the
 * call; once in, on to the organisation (or its choice) and `next`; `onFailed` when refused.
 */
export const useSignIn = <Input,>(send: (input: Input) => Promise<LoginOutcome>) => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const nextPath = safeNext(params.get("next"));
  const mutation = useMutation({ mutationFn: send });
  const signIn = (input: Input, onFailed?: () => void) =>
    mutation.mutate(input, {
      onSuccess: (outcome) => {
        if (outcome === "failed") onFailed?.();
        else void navigate(afterLoginPath(outcome, nextPath));
      },
    });
  return { mutation, signIn, nextPath, email: params.get("email") ?? "" };
};

/**
 * The login or the registration page: its card and form (texts and test ids by `name`), and under it
 * the way to the other page, the address's `next` kept.
 */
export const SignInCard = ({
  name,
  signIn,
  onSubmit,
  other,
  children,
}: {
  name: "login" | "register";
  signIn: { mutation: ComponentProps<typeof AuthForm>["mutation"]; nextPath: string | null };
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The other page: its path, the sentence before the link and the link's text. */
  other: { to: string; text: string; link: string };
  children: ReactNode;
}) => {
  const { t } = useTranslation("session");
  return (
    <AuthCard
      title={t(`${name}.title`)}
      subtitle={t(`${name}.subtitle`)}
      footer={
        <>
          {other.text} <TextLink to={withNext(other.to, signIn.nextPath)}>{other.link}</TextLink>
        </>
      }
    >
      <AuthForm
        name={name}
        onSubmit={onSubmit}
        mutation={signIn.mutation}
        errorTitle={t(`${name}.errorTitle`)}
        submitLabel={t(`${name}.submit`)}
      >
        {children}
      </AuthForm>
    </AuthCard>
  );
};
