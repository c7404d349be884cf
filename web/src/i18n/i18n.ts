import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import enAccount from "./locales/en/account.json";
import enAccounting from "./locales/en/accounting.json";
import enApp from "./locales/en/app.json";
import enCommon from "./locales/en/common.json";
import enOrgs from "./locales/en/orgs.json";
import enPlatform from "./locales/en/platform.json";
import enPublic from "./locales/en/public.json";
import enSession from "./locales/en/session.json";
import enValidation from "./locales/en/validation.json";
import frAccount from "./locales/fr/account.json";
import frAccounting from "./locales/fr/accounting.json";
import frApp from "./locales/fr/app.json";
import frCommon from "./locales/fr/common.json";
import frOrgs from "./locales/fr/orgs.json";
import frPlatform from "./locales/fr/platform.json";
import frPublic from "./locales/fr/public.json";
import frSession from "./locales/fr/session.json";
import frValidation from "./locales/fr/validation.json";

export const locales = ["fr", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "fr";
/** localStorage key holding the interface language chosen by the user. */
export const localeStorageKey = "locale";

const fr = {
  common: frCommon,
  orgs: frOrgs,
  platform: frPlatform,
  session: frSession,
  public: frPublic,
  app: frApp,
  account: frAccount,
  accounting: frAccounting,
  validation: frValidation,
};
// `satisfies` makes a key missing from the English resources a compile error.
const en = {
  common: enCommon,
  orgs: enOrgs,
  platform: enPlatform,
  session: enSession,
  public: enPublic,
  app: enApp,
  account: enAccount,
  accounting: enAccounting,
  validation: enValidation,
} satisfies typeof fr;

export const resources = { fr, en } as const;
export const namespaces = [
  "common",
  "orgs",
  "session",
  "public",
  "app",
  "account",
  "accounting",
  "validation",
  "platform",
] as const;

declare module "i18next" {
  // Module augmentation requires an interface.
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: typeof fr;
  }
}

/** BCP 47 tag used with `Intl` for each interface language. */
const intlLocales: Record<Locale, string> = { fr: "fr-FR", en: "en-GB" };

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (locales as readonly string[]).includes(value);

export const currentLocale = (): Locale => {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(language) ? language : defaultLocale;
};

export const intlLocale = (locale: Locale): string => intlLocales[locale];

const readStoredLocale = (): Locale => {
  try {
    const stored = window.localStorage.getItem(localeStorageKey);
    return isLocale(stored) ? stored : defaultLocale;
  } catch {
    return defaultLocale;
  }
};

const applyLocale = (locale: Locale): void => {
  document.documentElement.lang = locale;
  try {
    window.localStorage.setItem(localeStorageKey, locale);
  } catch {
    // Storage may be unavailable (private browsing, quota): the choice then lasts for the session only.
  }
};

export const initI18n = (): typeof i18next => {
  const lng = readStoredLocale();
  i18next.on("languageChanged", (language) => {
    if (isLocale(language)) applyLocale(language);
  });
  void i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: defaultLocale,
    supportedLngs: locales,
    ns: namespaces,
    defaultNS: "common",
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  document.documentElement.lang = lng;
  return i18next;
};

export { i18next as i18n };
