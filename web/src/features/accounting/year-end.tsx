import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CheckAlert } from "../../components/check-alert.tsx";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { AlertIcon, PlusIcon } from "../../components/icons.tsx";
import { MutationButton } from "../../components/mutation-button.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { useCan } from "./access.ts";
import { type FiscalYear, stepsQuery, useCloseYear, useGenerateOpening } from "./api.ts";
import { ClosingChecklist } from "./closing-checklist.tsx";
import { entryPath, validatePath } from "./paths.ts";
import { LockIcon, QueryView, useDay, useMoney } from "./ui.tsx";

/** The year-end tab: the automatic checks, the closing checklist, the opening entries and the closing. */

/** Where a year-end warning's items are dealt with. */
const warningLinks: Record<string, string> = {
  "yearEnd.unreconciledStatements": "/org/bankstatements",
  "yearEnd.drafts": validatePath,
  "yearEnd.vatJournalPending": validatePath,
  "yearEnd.invoicesNotValidated": "/org/docs/validate",
  "yearEnd.vatNotSettled": "/org/accounting/vat",
};

const knownWarnings = [
  "yearEnd.unreconciledStatements",
  "yearEnd.drafts",
  "yearEnd.vatJournalPending",
  "yearEnd.invoicesNotValidated",
  "yearEnd.vatNotSettled",
  "yearEnd.suspenseNotEmpty",
  "yearEnd.unletteredThirdParties",
  "yearEnd.unbalanced",
] as const;
type KnownWarning = (typeof knownWarnings)[number];
const isKnown = (code: string): code is KnownWarning => (knownWarnings as readonly string[]).includes(code);

/** A card of the year's end: its icon, title and explanation, then its action. */
const ActionCard = ({
  icon,
  color,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  color?: string;
  title: string;
  text: string;
  children: ReactNode;
}) => (
  <Paper p="lg">
    <Stack gap="sm">
      <Group gap="sm">
        <ThemeIcon variant="light" color={color} radius="md">
          {icon}
        </ThemeIcon>
        <Text fw={650}>{title}</Text>
      </Group>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
      {children}
    </Stack>
  </Paper>
);

/** Warnings whose items are entries, one per item (the others list accounts). */
const perEntry = new Set(["yearEnd.drafts", "yearEnd.vatJournalPending"]);

export const YearEnd = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation(["accounting", "common"]);
  const can = useCan();
  const day = useDay();
  const money = useMoney();
  /** A warning's item as the server words it, with its date and amount in the interface language. */
  const readable = (code: string, item: string): string => {
    const dated = item.replace(/^\d{4}-\d{2}-\d{2}/, (date) => day(date));
    if (code !== "yearEnd.suspenseNotEmpty") return dated;
    const amount = /^(\S+) (-?)(\d+)\.(\d{2})$/.exec(dated);
    if (!amount) return dated;
    const cents = (Number(amount[3]) * 100 + Number(amount[4])) * (amount[2] ? -1 : 1);
    return `${amount[1]} ${money.format(cents)}`;
  };
  const steps = useQuery(stepsQuery(year.id));
  const generate = useGenerateOpening(year.id);
  const close = useCloseYear(year.id);
  const [closing, setClosing] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const warnings = steps.data?.warnings ?? [];
  const blocking = warnings.some((w) => w.blocking);
  const canAct = can("balancesheet", "update") && year.status === "open";
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("yearEnd.checks")}
        </Title>
        <QueryView query={steps} height={120} testId="steps-error">
          {(data) =>
            data.warnings.length === 0 ? (
              <SavedNotice testId="steps-clear">{t("yearEnd.allClear")}</SavedNotice>
            ) : (
              <Stack gap="sm" data-testid="steps-warnings">
                {data.warnings.map((warning) => {
                  const link = warningLinks[warning.code];
                  return (
                    <CheckAlert
                      key={warning.code}
                      blocking={warning.blocking}
                      title={
                        isKnown(warning.code)
                          ? t(`yearEnd.warnings.${warning.code}`, { count: warning.count })
                          : warning.code
                      }
                      badge={{ blocking: t("yearEnd.blocking"), information: t("yearEnd.information") }}
                      testId="step-warning"
                      code={warning.code}
                    >
                      <Stack gap={6}>
                        {warning.items.length > 0 ? (
                          <List size="sm" spacing={2} className="registre-numeric">
                            {warning.items.map((item) => (
                              <List.Item key={item}>{readable(warning.code, item)}</List.Item>
                            ))}
                          </List>
                        ) : null}
                        {perEntry.has(warning.code) && warning.count > warning.items.length ? (
                          <Text size="xs" c="dimmed">
                            {t("yearEnd.more", { count: warning.count - warning.items.length })}
                          </Text>
                        ) : null}
                        {link ? (
                          <Anchor component={Link} to={link} size="sm" fw={600}>
                            {t("yearEnd.resolve")}
                          </Anchor>
                        ) : null}
                      </Stack>
                    </CheckAlert>
                  );
                })}
              </Stack>
            )
          }
        </QueryView>
      </Stack>

      <ClosingChecklist year={year} />

      {year.status === "closed" ? (
        <Alert color="gray" variant="light" icon={<LockIcon />} data-testid="year-closed">
          {t("yearEnd.closed")}
        </Alert>
      ) : null}

      {canAct ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ActionCard icon={<PlusIcon />} title={t("yearEnd.openingTitle")} text={t("yearEnd.openingText")}>
            {generate.isError ? <ErrorAlert error={generate.error} testId="opening-error" /> : null}
            {generate.isSuccess ? (
              <SavedNotice testId="opening-done">
                {generate.data.mvt ? (
                  <Anchor component={Link} to={entryPath(generate.data.mvt)} size="sm">
                    {t("yearEnd.openingDone")}
                  </Anchor>
                ) : (
                  t("yearEnd.openingNothing")
                )}
              </SavedNotice>
            ) : null}
            <Group>
              <MutationButton mutation={generate} variant="default" data-testid="opening-generate">
                {t("yearEnd.openingAction")}
              </MutationButton>
            </Group>
          </ActionCard>
          <ActionCard
            icon={<LockIcon />}
            color="red"
            title={t("yearEnd.closeTitle")}
            text={t("yearEnd.closeText")}
          >
            {blocking ? (
              <Text size="sm" c="red.8">
                {t("yearEnd.blocked")}
              </Text>
            ) : null}
            <Group>
              <Button
                color="red"
                leftSection={<LockIcon />}
                disabled={blocking || steps.isPending}
                onClick={() => {
                  close.reset();
                  setUnderstood(false);
                  setClosing(true);
                }}
                data-testid="year-close"
              >
                {t("yearEnd.closeAction")}
              </Button>
            </Group>
          </ActionCard>
        </SimpleGrid>
      ) : null}

      <ConfirmModal
        opened={closing}
        onClose={() => setClosing(false)}
        title={t("yearEnd.confirmTitle")}
        confirmLabel={t("yearEnd.confirmAction")}
        pending={close.isPending}
        error={close.isError ? close.error : null}
        confirmDisabled={!understood}
        onConfirm={() => close.mutate(undefined, { onSuccess: () => setClosing(false) })}
        testId="year-close-dialog"
        confirmTestId="year-close-confirm"
        errorTestId="year-close-error"
      >
        <Alert color="red" variant="light" icon={<AlertIcon />} title={t("yearEnd.irreversible")}>
          {t("yearEnd.confirmText")}
        </Alert>
        <Checkbox
          label={t("yearEnd.understood")}
          checked={understood}
          onChange={(event) => setUnderstood(event.currentTarget.checked)}
          data-testid="year-close-understood"
        />
      </ConfirmModal>
    </Stack>
  );
};
