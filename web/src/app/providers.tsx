import { localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createQueryClient } from "./query-client.ts";
import { theme } from "./theme.ts";

const colorSchemeManager = localStorageColorSchemeManager({ key: "color-scheme" });

export const AppProviders = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
};
