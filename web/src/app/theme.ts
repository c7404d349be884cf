import { createTheme, type MantineColorsTuple } from "@mantine/core";

/** The Registre blue: a restrained navy, readable on white and on dark surfaces. */
const registre: MantineColorsTuple = [
  "#edf2fa",
  "#dbe3f1",
  "#b3c5e3",
  "#88a5d5",
  "#6489c9",
  "#4d78c2",
  "#3f6fc0",
  "#305ea9",
  "#275398",
  "#1c4686",
];

export const theme = createTheme({
  colors: { registre },
  // A reader who asks the system for less motion gets none: Mantine's transitions (modals, menus,
  // popovers, notifications) take no time, as the app's own progress bar (styles.css).
  respectReducedMotion: true,
  primaryColor: "registre",
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: "sm",
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Roboto, "Noto Sans", Arial, sans-serif',
  fontFamilyMonospace: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
  headings: {
    fontWeight: "650",
    sizes: {
      h1: { fontSize: "1.625rem", lineHeight: "1.25" },
      h2: { fontSize: "1.125rem", lineHeight: "1.35" },
    },
  },
  components: {
    Paper: { defaultProps: { withBorder: true, radius: "md" } },
  },
});
