import type { MantineColorScheme, MantineColorSchemeManager } from "@mantine/core";

/** localStorage key of the theme: "light", "dark", or "" meaning follow the system (spec section 9). */
export const themeStorageKey = "theme";

export type ThemePreference = "light" | "dark" | "";
export const themePreferences: readonly ThemePreference[] = ["light", "dark", ""];

export const isThemePreference = (value: unknown): value is ThemePreference =>
  value === "light" || value === "dark" || value === "";

/** Mantine's "auto" is the spec's empty value. */
export const toColorScheme = (preference: ThemePreference): MantineColorScheme =>
  preference === "" ? "auto" : preference;

export const toPreference = (scheme: MantineColorScheme): ThemePreference =>
  scheme === "auto" ? "" : scheme;

const read = (): ThemePreference | null => {
  try {
    const stored = window.localStorage.getItem(themeStorageKey);
    return isThemePreference(stored) ? stored : null;
  } catch {
    return null;
  }
};

/** Mantine colour-scheme manager that keeps the choice under the spec's key and values. */
export const themeColorSchemeManager = (): MantineColorSchemeManager => {
  let listener: ((event: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue) => {
      const stored = read();
      return stored === null ? defaultValue : toColorScheme(stored);
    },
    set: (value) => {
      try {
        window.localStorage.setItem(themeStorageKey, toPreference(value));
      } catch {
        // Unavailable storage: the choice lasts for the page only.
      }
    },
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.storageArea === window.localStorage && event.key === themeStorageKey) {
          const value = event.newValue;
          if (isThemePreference(value)) onUpdate(toColorScheme(value));
        }
      };
      window.addEventListener("storage", listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener("storage", listener);
      listener = null;
    },
    clear: () => {
      try {
        window.localStorage.removeItem(themeStorageKey);
      } catch {
        // Nothing to clear.
      }
    },
  };
};
