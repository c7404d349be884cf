import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { themeColorSchemeManager } from "../lib/theme-preference.ts";
import { createQueryClient } from "./query-client.ts";
import { theme } from "./theme.ts";

/** The theme lives under localStorage `theme`: "light", "dark", or "" to follow the system (the default). */
const colorSchemeManager = themeColorSchemeManager();

export const AppProviders = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
};
