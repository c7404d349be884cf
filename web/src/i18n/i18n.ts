import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { fr } from "./catalogues/fr.ts";

export const locales = ["fr", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "fr";
/** localStorage key holding the interface language chosen by the user. */
export const localeStorageKey = "locale";

/**
 * The catalogue of each language. French, the default and the fallback, is in the first load; English
 * (15 KB gzip) is a chunk of its own, fetched at start-up when it is the saved language and on the
 * switch to it. The whole set, for tests: ./resources.ts.
 */
export type Catalogue = typeof fr;
const catalogueLoaders: Record<Locale, () => Promise<Catalogue>> = {
  fr: async () => fr,
  en: async () => (await import("./catalogues/en.ts")).en,
};

export const namespaces = [
  "common",
  "orgs",
  "session",
  "public",
  "app",
  "account",
  "billing",
  "accounting",
  "contacts",
  "docs",
  "einvoicing",
  "ereporting",
  "files",
  "validation",
  "platform",
  "items",
  "imports",
  "income",
  "mail",
  "payments",
  "reconcile",
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

/** Makes `locale`'s catalogue available to i18next, fetching it the first time. */
const ensureCatalogue = async (locale: Locale): Promise<void> => {
  if (i18next.hasResourceBundle(locale, "common")) return;
  const catalogue = await catalogueLoaders[locale]();
  for (const namespace of namespaces) i18next.addResourceBundle(locale, namespace, catalogue[namespace]);
};

/** The language switch: the catalogue first, then the change, so no text shows in the old language's keys. */
export const changeLocale = async (locale: Locale): Promise<void> => {
  await ensureCatalogue(locale);
  await i18next.changeLanguage(locale);
};

/** Starts i18next in the saved language; resolves once its catalogue is loaded (render after). */
export const initI18n = async (): Promise<typeof i18next> => {
  const saved = readStoredLocale();
  const resources: Partial<Record<Locale, Catalogue>> = { fr };
  if (saved !== defaultLocale) {
    try {
      resources[saved] = await catalogueLoaders[saved]();
    } catch {
      // The chunk could not be fetched (offline before it was ever cached): French, the fallback, shows
      // this time, and the saved choice stays for the next start.
    }
  }
  const lng = resources[saved] ? saved : defaultLocale;
  await i18next.use(initReactI18next).init({
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
  i18next.on("languageChanged", (language) => {
    if (isLocale(language)) applyLocale(language);
  });
  document.documentElement.lang = lng;
  return i18next;
};

export { i18next as i18n };
