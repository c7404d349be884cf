import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { PlaceholderPage } from "../../components/placeholder-page.tsx";
import type { PlaceholderScreen } from "./placeholder-screens.ts";

const isPlaceholderScreen = (handle: unknown): handle is PlaceholderScreen =>
  typeof handle === "object" && handle !== null && "title" in handle && "section" in handle;

/** A spec screen not built yet: its own title (from its route's handle), under its navigation section. */
export const PlaceholderRoute = () => {
  const { t } = useTranslation("app");
  const handle = useMatches().at(-1)?.handle;
  if (!isPlaceholderScreen(handle)) return <PlaceholderPage title={t("frame.module")} />;
  const name = t(`screens.${handle.title}`);
  return (
    <PlaceholderPage
      title={handle.edit ? t("screens.edit", { screen: name }) : name}
      section={t(handle.section)}
    />
  );
};
