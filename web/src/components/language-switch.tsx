import { SegmentedControl, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { changeLocale, currentLocale, isLocale, type Locale, locales } from "../i18n/i18n.ts";

/** FR / EN choice; the language is saved under the `locale` key and sets `<html lang>`. */
export const LanguageSwitch = () => {
  const { t, i18n } = useTranslation("common");
  const value = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLocale();
  const names: Record<Locale, string> = { fr: t("language.fr"), en: t("language.en") };
  return (
    <SegmentedControl
      size="xs"
      aria-label={t("language.label")}
      data-testid="language-switch"
      value={value}
      onChange={(next) => {
        // Offline, English never fetched: its chunk fails and the switch stays on the current language.
        if (isLocale(next)) changeLocale(next).catch(() => {});
      }}
      data={locales.map((locale) => ({
        value: locale,
        label: (
          <span title={names[locale]} lang={locale}>
            {locale.toUpperCase()}
            <VisuallyHidden>{` ${names[locale]}`}</VisuallyHidden>
          </span>
        ),
      }))}
    />
  );
};
