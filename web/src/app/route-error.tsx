import { Button, Container, EmptyState } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { AlertIcon } from "../components/icons.tsx";

/** Last-resort screen when rendering a route throws. */
export const RouteError = () => {
  const { t } = useTranslation("common");
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Container size="sm" py={96}>
      <EmptyState
        icon={<AlertIcon size={28} />}
        withIndicatorBackground
        title={t("errors.title")}
        description={t("errors.loadFailed")}
      >
        <EmptyState.Actions>
          <Button onClick={() => window.location.reload()}>{t("actions.retry")}</Button>
        </EmptyState.Actions>
      </EmptyState>
    </Container>
  );
};
