import { Button, Group, Paper, Stack } from "@mantine/core";
import { type FormErrors, schemaResolver, type UseFormReturnType, useForm } from "@mantine/form";
import type { UseQueryResult } from "@tanstack/react-query";
import { type FormEventHandler, type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormat } from "../i18n/format.ts";
import type { Locale } from "../i18n/i18n.ts";
import { type AmountError, type Cents, parseAmount } from "../lib/money.ts";
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
export type RuleMessages = (key: "required" | "maxLength", values: { label: string; max?: number }) => string;

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

/** Cancel (a link back) and the submit button of a form; more buttons before them when given. */
export const FormActions = ({
  cancel,
  submitLabel,
  pending,
  submitTestId,
  children,
}: {
  cancel: string;
  submitLabel: string;
  pending: boolean;
  submitTestId?: string;
  children?: ReactNode;
}) => {
  const { t } = useTranslation("common");
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" component={Link} to={cancel}>
        {t("actions.cancel")}
      </Button>
      {children}
      <Button type="submit" loading={pending} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Group>
  );
};

/** A form in its card: the fields, the refusal of the server if any, the actions. */
export const FormCard = ({
  onSubmit,
  testId,
  error,
  errorTestId,
  actions,
  width = 640,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  testId?: string;
  error: unknown;
  errorTestId?: string;
  actions: ReactNode;
  width?: number;
  children: ReactNode;
}) => (
  <Paper p="lg" maw={width}>
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <Stack gap="md">
        {children}
        {error ? <ErrorAlert error={error} testId={errorTestId} /> : null}
        {actions}
      </Stack>
    </form>
  </Paper>
);

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
