import { Box, Group, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { staleEvent } from "../lib/http.ts";
import { WifiOffIcon } from "./icons.tsx";

const isOnline = (): boolean => (typeof navigator === "undefined" ? true : navigator.onLine);

/**
 * « Hors ligne »: shown while the browser is offline, or after the service worker had to answer an
 * API call from its cache (the figures may be out of date).
 */
export const OfflineBanner = () => {
  const { t } = useTranslation("common");
  const [online, setOnline] = useState(isOnline);
  const [stale, setStale] = useState(false);
  useEffect(() => {
    const up = () => {
      setOnline(true);
      setStale(false);
    };
    const down = () => setOnline(false);
    const onStale = () => setStale(true);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    window.addEventListener(staleEvent, onStale);
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
      window.removeEventListener(staleEvent, onStale);
    };
  }, []);
  if (online && !stale) return null;
  return (
    <Box className="registre-offline" role="status" aria-live="polite" data-testid="offline-banner">
      <Group gap={8} justify="center" wrap="nowrap">
        <WifiOffIcon size={16} />
        <Text size="sm" fw={600}>
          {t("offline.title")}
        </Text>
        <Text size="sm">{online ? t("offline.stale") : t("offline.description")}</Text>
      </Group>
    </Box>
  );
};
