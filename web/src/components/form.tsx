import { Button, Group, Paper, Stack } from "@mantine/core";
import { type FormErrors, schemaResolver, type UseFormReturnType, useForm } from "@mantine/form";
import type { UseQueryResult } from "@tanstack/react-query";
import type { Namespace } from "i18next";
import { type FormEventHandler, type ReactNode, type Ref, useMemo } from "react";
import { type FallbackNs, type UseTranslationResponse, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormat } from "../i18n/format.ts";
import type { Locale } from "../i18n/i18n.ts";
import { type AmountError, type Cents, parseAmount } from "../lib/money.ts";
import {
  isEmail,
  isStrongPassword,
  isVatNumber,
  sirenProblem,
  type ValidationKey,
  type ValidationMessage,
} from "../lib/validation.ts";
import { z } from "../lib/zod.ts";
import { ErrorAlert } from "./error-alert.tsx";
import { NoAccess } from "./no-access.tsx";
import { PageHeader } from "./page-header.tsx";
import { QueryView } from "./query-view.tsx";

/**
 * Forms of the kit: the values as typed, a zod schema that checks them (its messages land on their
 * fields) and turns them into what the API takes, which `form.onSubmit` hands over.
 */
export type SchemaForm<Values extends Record<string, unknown>, Output> = UseFormReturnType<
  Values,
  Output,
  (values: Values) => FormErrors
>;

export const useSchemaForm = <S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  initialValues: z.input<S>,
  options: { onValuesChange?: (values: z.input<S>, previous: z.input<S>) => void } = {},
): SchemaForm<z.input<S>, z.output<S>> =>
  useForm<z.input<S>, z.output<S>, FormErrors>({
    mode: "controlled",
    initialValues,
    onValuesChange: options.onValuesChange,
    validate: schemaResolver(schema, { sync: true }),
    transformValues: (values) => schema.parse(values),
  });

/**
 * Checks the form's values against another schema than its own (a stricter one, for a second
 * action): the schema's output, or null with each problem set on its field.
 */
export const checkWith = <Values, Output>(
  form: { getValues: () => Values; clearErrors: () => void; setErrors: (errors: FormErrors) => void },
  schema: z.ZodType<Output, Values>,
): Output | null => {
  const result = schema.safeParse(form.getValues());
  if (result.success) {
    form.clearErrors();
    return result.data;
  }
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    errors[path] ??= issue.message;
  }
  form.setErrors(errors);
  return null;
};

/** How the rules word their messages: a key of the `validation` catalogue and its values. */
export type RuleMessages = (
  key: ValidationKey,
  values: { label: string } & Record<string, string | number>,
) => string;

const amountKeys: Record<AmountError, ValidationKey> = {
  invalid: "amountInvalid",
  negative: "amountNegative",
  decimals: "amountDecimals",
  tooLarge: "amountTooLarge",
};

/** The usual rules of a field, worded by `message` with the field's label. */
export const fieldRules = (message: RuleMessages, locale: Locale) => {
  const requiredMessage = (label: string) => ({ error: message("required", { label }) });
  return {
    /** A text trimmed, of at most `max` characters; required unless `optional`. */
    text: (label: string, max: number, { optional = false }: { optional?: boolean } = {}) => {
      const text = z
        .string()
        .trim()
        .max(max, { error: message("maxLength", { label, max }) });
      return optional ? text : text.min(1, requiredMessage(label));
    },
    /** One of a list's values (a select left empty holds null). */
    choice: (label: string) =>
      z
        .string()
        .nullable()
        .transform((value, context): string => {
          if (value) return value;
          context.addIssue({ code: "custom", message: message("required", { label }) });
          return z.NEVER;
        }),
    /** A day "YYYY-MM-DD" (the date field's value), required. */
    day: (label: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, requiredMessage(label)),
    /** An amount as typed, read into integer cents (never a float); `describe` words its problems. */
    amount: (describe: (error: AmountError) => string) =>
      z.string().transform((text, context): Cents => {
        const parsed = parseAmount(text, locale);
        if (parsed.ok) return parsed.cents;
        context.addIssue({ code: "custom", message: describe(parsed.error) });
        return z.NEVER;
      }),
    /** An e-mail address, trimmed; required unless `optional`. */
    email: (label: string, { optional = false }: { optional?: boolean } = {}) =>
      z
        .string()
        .trim()
        .superRefine((value, context) => {
          if (!value && !optional)
            context.addIssue({ code: "custom", message: message("required", { label }) });
          else if (value && !isEmail(value))
            context.addIssue({ code: "custom", message: message("invalidEmail", { label }) });
        }),
    /** A new password: at least 10 characters, a letter and a digit (the identity API's rule); kept as typed. */
    password: (label: string) =>
      z.string().superRefine((value, context) => {
        if (!value) context.addIssue({ code: "custom", message: message("required", { label }) });
        else if (!isStrongPassword(value))
          context.addIssue({ code: "custom", message: message("invalidPassword", { label }) });
      }),
    /** A password as typed to sign in: only required. */
    secret: (label: string) => z.string().min(1, requiredMessage(label)),
    /** A SIREN as typed (spaces and dots allowed): its length and key, said once. */
    siren: (label: string) =>
      z.string().superRefine((value, context) => {
        if (!value.trim()) {
          context.addIssue({ code: "custom", message: message("required", { label }) });
          return;
        }
        const problem = sirenProblem(value);
        if (problem)
          context.addIssue({
            code: "custom",
            message: message(problem.key, {
              label,
              ...(problem.count === undefined ? {} : { count: problem.count }),
            }),
          });
      }),
    /** An EU VAT number, optional (a French one's key checked against its SIREN). */
    vatNumber: (label: string) =>
      z.string().refine((value) => !value.trim() || isVatNumber(value), {
        error: message("invalidVat", { label }),
      }),
    /** A rule of `lib/validation.ts` (a `ValidationMessage` or null) worded as the others. */
    check: (label: string, rule: (value: string) => ValidationMessage | null) =>
      z.string().superRefine((value, context) => {
        const found = rule(value);
        if (found)
          context.addIssue({ code: "custom", message: message(found.key, { label, ...found.values }) });
      }),
    /**
     * An amount as typed, read into integer cents (never a float), worded by the `validation`
     * catalogue; left empty it is 0 when `optional`, else required.
     */
    cents: (label: string, { optional = false }: { optional?: boolean } = {}) =>
      z.string().transform((text, context): Cents => {
        if (!text.trim() && !optional) {
          context.addIssue({ code: "custom", message: message("required", { label }) });
          return z.NEVER;
        }
        const parsed = parseAmount(text, locale);
        if (parsed.ok) return parsed.cents;
        context.addIssue({ code: "custom", message: message(amountKeys[parsed.error], { label }) });
        return z.NEVER;
      }),
    /** An amount that may be left out: null when empty, else read into cents as `cents` reads it. */
    optionalCents: (label: string) =>
      z.string().transform((text, context): Cents | null => {
        if (!text.trim()) return null;
        const parsed = parseAmount(text, locale);
        if (parsed.ok) return parsed.cents;
        context.addIssue({ code: "custom", message: message(amountKeys[parsed.error], { label }) });
        return z.NEVER;
      }),
    required: (label: string) => message("required", { label }),
  };
};
export type FieldRules = ReturnType<typeof fieldRules>;

/** The usual rules of a field in the interface language (the `validation` catalogue). */
export const useRules = (): FieldRules => {
  const { t } = useTranslation("validation");
  const { locale } = useFormat();
  return useMemo(() => fieldRules((key, values) => t(key, values), locale), [t, locale]);
};

/**
 * A form's schema, built again only when the language (or one of `deps`) changes: `build` is given the
 * translation of `ns` and the usual rules worded in the interface language.
 */
export const useFormSchema = <const N extends Namespace, S>(
  ns: N,
  build: (t: UseTranslationResponse<FallbackNs<N>, undefined>["t"], rules: FieldRules) => S,
  deps: readonly unknown[] = [],
): S => {
  const { t } = useTranslation(ns);
  const rules = useRules();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `build` is new each render; what it reads is t, rules and deps
  return useMemo(() => build(t, rules), [t, rules, ...deps]);
};

/**
 * Cancel (a link back, or what closes a form shown in place; none for a form that stays in its screen)
 * and the submit button of a form; more buttons between them when given.
 */
export const FormActions = ({
  cancel,
  submitLabel,
  pending,
  submitTestId,
  submitAutoFocus = false,
  submitDisabled = false,
  children,
}: {
  cancel?: string | (() => void);
  submitLabel: string;
  pending: boolean;
  submitTestId?: string;
  /** The submit waits for something (a change to save). */
  submitDisabled?: boolean;
  /** The submit is focused as the form opens (in a dialog whose first field, a date, would open its calendar). */
  submitAutoFocus?: boolean;
  children?: ReactNode;
}) => {
  const { t } = useTranslation("common");
  return (
    <Group justify="flex-end" gap="sm">
      {typeof cancel === "string" ? (
        <Button variant="default" component={Link} to={cancel}>
          {t("actions.cancel")}
        </Button>
      ) : cancel ? (
        <Button variant="default" onClick={cancel} disabled={pending}>
          {t("actions.cancel")}
        </Button>
      ) : null}
      {children}
      <Button
        type="submit"
        loading={pending}
        disabled={submitDisabled}
        data-autofocus={submitAutoFocus || undefined}
        data-testid={submitTestId}
      >
        {submitLabel}
      </Button>
    </Group>
  );
};

/**
 * A form in its card: the fields, the refusal of the server if any, the actions. A form shown in place,
 * within another screen, is `bare`: no card of its own, the width of where it stands.
 */
export const FormCard = ({
  onSubmit,
  testId,
  error,
  errorTitle,
  errorTestId,
  actions,
  width = 640,
  bare = false,
  formRef,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  testId?: string;
  error: unknown;
  errorTitle?: string;
  errorTestId?: string;
  actions: ReactNode;
  width?: number | string;
  bare?: boolean;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) => {
  const form = (
    <form onSubmit={onSubmit} noValidate data-testid={testId} ref={formRef}>
      <Stack gap="md">
        {children}
        {error ? <ErrorAlert error={error} title={errorTitle} testId={errorTestId} /> : null}
        {actions}
      </Stack>
    </form>
  );
  return bare ? (
    form
  ) : (
    <Paper p="lg" maw={width}>
      {form}
    </Paper>
  );
};

type PageHead = {
  title: string;
  description?: ReactNode;
  crumbs?: { to: string; label: string }[];
  /** Whether the user may do what the page does; the page says so otherwise. */
  allowed: boolean;
};

/**
 * A page that creates or changes one record: its header, the right to do it, and the form — given
 * the record once loaded when `record` is the query of it.
 */
export function ResourceFormPage(props: PageHead & { children: ReactNode }): ReactNode;
export function ResourceFormPage<T>(
  props: PageHead & { record: UseQueryResult<T>; recordTestId?: string; children: (record: T) => ReactNode },
): ReactNode;
export function ResourceFormPage<T>({
  title,
  description,
  crumbs,
  allowed,
  children,
  ...rest
}: PageHead & {
  record?: UseQueryResult<T>;
  recordTestId?: string;
  children: ReactNode | ((record: T) => ReactNode);
}) {
  const { record, recordTestId } = rest;
  return (
    <Stack gap="md">
      <PageHeader title={title} description={description} crumbs={crumbs} />
      {!allowed ? (
        <NoAccess />
      ) : record && typeof children === "function" ? (
        <QueryView query={record} testId={recordTestId}>
          {children}
        </QueryView>
      ) : (
        (children as ReactNode)
      )}
    </Stack>
  );
}
