import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * What a first load shows while its screen's chunk arrives: an empty page, then a spinner only if the
 * wait passes 400 ms (a CSS delay), so a fast load never flashes a loading state.
 */
export const RouteFallback = () => {
  const { t } = useTranslation("common");
  return (
    <Center mih="100dvh" data-testid="route-fallback">
      <Loader className="registre-route-fallback" size="sm" aria-label={t("status.loading")} />
    </Center>
  );
};
