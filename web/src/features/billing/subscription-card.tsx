import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { AlertIcon } from "../../components/icons.tsx";
import { TitleLine } from "../../components/section-title.tsx";
import { useFormat } from "../../i18n/format.ts";
import { api } from "../../lib/api-client.ts";
import { formatCents } from "../../lib/money.ts";
import { billingKeys, centsOf, plansQuery, type Subscription, useOrgId } from "./api.ts";

const statusColour = {
  none: "gray",
  trial: "blue",
  active: "green",
  pastDue: "orange",
  readOnly: "red",
} as const;

/** The subscription as the owner reads it: status, trial days left, the grace's end, read-only explained. */
export const SubscriptionStatus = ({ subscription }: { subscription: Subscription }) => {
  const { t } = useTranslation("billing");
  const format = useFormat();
  const s = subscription;
  return (
    <Paper p="lg" data-testid="subscription-status" data-status={s.status}>
      <Stack gap="sm">
        <Group justify="space-between">
          <TitleLine title={t("subscription")} hint={t("description")} />
          <Badge color={statusColour[s.status]} variant="light" size="lg">
            {t(`status.${s.status}`)}
          </Badge>
        </Group>
        {s.status === "trial" && s.trialEndsOn ? (
          <Text data-testid="trial-left">
            {t("trialLeft", { count: s.trialDaysLeft ?? 0, date: format.date(s.trialEndsOn) })}
          </Text>
        ) : null}
        {s.status === "active" && s.periodTo ? (
          <Text>{t("activeUntil", { date: format.date(s.periodTo) })}</Text>
        ) : null}
        {s.status === "pastDue" && s.graceEndsOn ? (
          <Alert color="orange" variant="light" icon={<AlertIcon />} data-testid="past-due">
            {t("pastDue", { count: s.failures, date: format.date(s.graceEndsOn) })}
          </Alert>
        ) : null}
        {s.status === "readOnly" ? (
          <Alert
            color="red"
            variant="light"
            icon={<AlertIcon />}
            title={t("readOnlyTitle")}
            data-testid="read-only"
          >
            {t("readOnlyText")}
          </Alert>
        ) : null}
        {s.nextCharge && s.dueOn && (s.status === "trial" || s.status === "active") ? (
          <Text size="sm" c="dimmed" data-testid="next-charge">
            {t("nextCharge", {
              amount: formatCents(centsOf(s.nextCharge.total), format.locale, { currency: true }),
              date: format.date(s.dueOn),
            })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
};

/** The plans offered, the one chosen for the next charge marked; choosing is allowed even read-only. */
export const PlanChoice = ({
  subscription,
  canChoose,
}: {
  subscription: Subscription;
  canChoose: boolean;
}) => {
  const { t } = useTranslation("billing");
  const format = useFormat();
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const plans = useQuery(plansQuery(orgId));
  const choose = useMutation({
    mutationFn: (planId: string) => api.post("/billing/subscription/plan", { body: { planId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
  const chosen = subscription.nextPlan?.id ?? subscription.plan?.id ?? null;
  if (plans.isError) return <ErrorAlert error={plans.error} />;
  const items = plans.data?.items ?? [];
  return (
    <Stack gap="sm">
      <Text fw={600}>{t("plans")}</Text>
      {plans.data && items.length === 0 ? <Text c="dimmed">{t("noPlans")}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {items.map((plan) => (
          <Paper key={plan.id} p="md" withBorder data-testid="plan" data-plan={plan.name}>
            <Stack gap={6}>
              <Group justify="space-between">
                <Text fw={600}>{plan.name}</Text>
                {plan.id === chosen ? (
                  <Badge variant="light" color="green">
                    {t("chosen")}
                  </Badge>
                ) : null}
              </Group>
              <Text>
                {t("price", {
                  count: plan.months,
                  price: formatCents(plan.priceHtCents, format.locale, { currency: true }),
                })}
              </Text>
              <Text size="sm" c="dimmed">
                {t("vat", { rate: plan.vatRate })}
              </Text>
              {plan.includes.map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
              {canChoose && plan.id !== chosen ? (
                <Button
                  size="xs"
                  variant="light"
                  loading={choose.isPending && choose.variables === plan.id}
                  onClick={() => choose.mutate(plan.id)}
                >
                  {t("choose")}
                </Button>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      {choose.isError ? <ErrorAlert error={choose.error} /> : null}
    </Stack>
  );
};
