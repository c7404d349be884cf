import { Center, SegmentedControl, useMantineColorScheme, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  isThemePreference,
  type ThemePreference,
  toColorScheme,
  toPreference,
} from "../lib/theme-preference.ts";
import { MonitorIcon, MoonIcon, SunIcon } from "./icons.tsx";

const icons: Record<string, ReactNode> = {
  light: <SunIcon size={15} />,
  dark: <MoonIcon size={15} />,
  system: <MonitorIcon size={15} />,
};

/** Light, dark, or follow the system: saved under the `theme` key ("light", "dark" or ""). */
export const ThemeSwitch = () => {
  const { t } = useTranslation("common");
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const options: { preference: ThemePreference; name: string; label: string }[] = [
    { preference: "light", name: "light", label: t("theme.light") },
    { preference: "dark", name: "dark", label: t("theme.dark") },
    { preference: "", name: "system", label: t("theme.system") },
  ];
  return (
    <SegmentedControl
      size="xs"
      aria-label={t("theme.label")}
      data-testid="theme-switch"
      value={toPreference(colorScheme) || "system"}
      onChange={(next) => {
        const preference = next === "system" ? "" : next;
        if (isThemePreference(preference)) setColorScheme(toColorScheme(preference));
      }}
      data={options.map((option) => ({
        value: option.name,
        label: (
          // A native title, as the language switch: Mantine's Tooltip would bring Floating UI (30 KB gzip)
          // into every first load.
          <Center data-theme-option={option.name} h={18} title={option.label}>
            {icons[option.name]}
            <VisuallyHidden>{option.label}</VisuallyHidden>
          </Center>
        ),
      }))}
    />
  );
};
