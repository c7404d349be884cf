import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { PlaceholderPage } from "../../components/placeholder-page.tsx";
import { navEntryFor } from "./nav.tsx";

/** A spec screen not built yet: titled after its place in the navigation. */
export const PlaceholderRoute = () => {
  const { t } = useTranslation("app");
  const { pathname } = useLocation();
  const entry = navEntryFor(pathname);
  const title = entry ? t(entry.item.label) : t("frame.module");
  return <PlaceholderPage title={title} />;
};
