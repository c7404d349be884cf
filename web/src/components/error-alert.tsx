import { Alert, Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ApiError } from "../lib/http.ts";
import { AlertIcon } from "./icons.tsx";
import { LinkButton } from "./link-button.tsx";

/** The message to show for an error thrown by a query or a mutation. */
export const useErrorMessage = (): ((error: unknown) => string) => {
  const { t } = useTranslation("common");
  return (error) => {
    if (error instanceof ApiError) {
      if (error.problem) return error.problem.detail;
      if (error.kind === "network") return t("errors.network");
      return t("errors.unexpected", { status: error.status ?? "?" });
    }
    return t("errors.loadFailed");
  };
};

/** A write refused because the organisation's subscription has ended (402 `subscription.readOnly`). */
export const paymentRequired = (error: unknown): boolean => error instanceof ApiError && error.status === 402;

export type ErrorAlertProps = {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  testId?: string;
};

export const ErrorAlert = ({ error, title, onRetry, testId }: ErrorAlertProps) => {
  const { t } = useTranslation(["common", "billing"]);
  const message = useErrorMessage();
  return (
    <Alert
      color="red"
      variant="light"
      title={title ?? t("errors.title")}
      icon={<AlertIcon />}
      role="alert"
      data-testid={testId}
    >
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm">{message(error)}</Text>
        {/* 402: the member has the right, the organisation has not paid — the way to the payment screen. */}
        {paymentRequired(error) ? (
          <LinkButton to="/account/paymentmode" size="xs" color="red" data-testid="payment-required">
            {t("billing:paymentRequired")}
          </LinkButton>
        ) : null}
        {onRetry ? (
          <Button size="xs" variant="default" onClick={onRetry}>
            {t("actions.retry")}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
};
