import { Button, EmptyState } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AlertIcon } from "../components/icons.tsx";
import { orgsRoute } from "../features/orgs/paths.ts";

export const NotFoundPage = () => {
  const { t } = useTranslation("common");
  return (
    <EmptyState
      py={96}
      icon={<AlertIcon size={28} />}
      withIndicatorBackground
      title={t("notFound.title")}
      description={t("notFound.description")}
      data-testid="not-found"
    >
      <title>{`${t("notFound.title")} · ${t("app.name")}`}</title>
      <EmptyState.Actions>
        <Button component={Link} to={orgsRoute}>
          {t("notFound.home")}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
};
