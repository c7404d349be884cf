import { Alert, Anchor, Group, Stack, Switch, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Schemas } from "../../lib/api-client.ts";
import { entryPath } from "./paths.ts";
import { useDay } from "./ui.tsx";

export type ProvisionalOpening = Schemas["ProvisionalOpening"];

/**
 * A report over a year whose opening entry is still a draft (issue 23, point 15): the books alone open
 * that year at zero — « Solde antérieur 0,00 », a bank in the red —; this says so and offers to count
 * the provisional opening entry. `included` is what the user asked for (the answer follows it).
 */
export const ProvisionalOpeningNotice = ({
  opening,
  included,
  onChange,
}: {
  opening: ProvisionalOpening | undefined;
  included: boolean;
  onChange: (included: boolean) => void;
}) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const first = opening?.entries[0];
  if (!first) return null;
  return (
    <Alert color={included ? "blue" : "yellow"} variant="light" data-testid="provisional-opening">
      <Stack gap="xs">
        <Text size="sm">
          {t(included ? "provisional.included" : "provisional.excluded", { date: day(first.date) })}
        </Text>
        <Group gap="lg">
          <Switch
            label={t("provisional.switch")}
            checked={included}
            onChange={(event) => onChange(event.currentTarget.checked)}
            data-testid="provisional-switch"
          />
          <Anchor component={Link} to={entryPath(first.mvt)} size="sm">
            {t("provisional.entry")}
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
};
