import { Alert, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LockIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { useSubscription } from "./api.ts";

/**
 * Above every screen of the frame while the organisation is read-only: what still works (everything read
 * and exported) and where to pay. Nothing when billing is off or the subscription is fine.
 */
export const ReadOnlyBanner = () => {
  const { t } = useTranslation("billing");
  const subscription = useSubscription();
  if (!subscription?.enabled || subscription.status !== "readOnly") return null;
  return (
    <Alert color="red" variant="light" radius={0} icon={<LockIcon />} data-testid="read-only-banner" p="sm">
      <Group justify="space-between" gap="sm">
        <div>
          <Text fw={600} size="sm">
            {t("banner.title")}
          </Text>
          <Text size="sm">{t("banner.text")}</Text>
        </div>
        <LinkButton to="/account/paymentmode" size="xs" color="red">
          {t("banner.action")}
        </LinkButton>
      </Group>
    </Alert>
  );
};

/** Whether the billing screens belong in the navigation: only when the server takes payments. */
export const useBillingShown = (): boolean => useSubscription()?.enabled === true;
