import { Alert, Anchor, List, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { docsSettingsPath } from "./paths.ts";

/** A mention the law asks of the seller's invoices and the settings leave out, as the API words it. */
export type SellerMentionWarning = { code: string; message: string };

/**
 * The seller's mentions missing from the organisation's invoices (issue 23, point 10): a warning, never
 * a refusal — on the document settings, and in the dialog that validates a sales invoice or credit note
 * (with the way to the settings).
 */
export const SellerMentionsAlert = ({
  warnings,
  withLink = false,
}: {
  warnings: readonly SellerMentionWarning[];
  withLink?: boolean;
}) => {
  const { t } = useTranslation("docs");
  if (warnings.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" title={t("mentions.missingTitle")} data-testid="seller-mentions">
      <Stack gap={6}>
        <List size="sm" spacing={4}>
          {warnings.map((w) => (
            <List.Item key={w.code} data-code={w.code}>
              {w.message}
            </List.Item>
          ))}
        </List>
        <Text size="sm">{t(withLink ? "mentions.validateAnyway" : "mentions.complete")}</Text>
        {withLink ? (
          <Anchor component={Link} to={docsSettingsPath} size="sm" fw={600}>
            {t("mentions.settingsLink")}
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
};
