import { Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { TitleLine } from "../../components/section-title.tsx";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { PageHeader } from "../org/page-header.tsx";
import { billingKeys, type PaymentMode, paymentModeQuery, subscriptionQuery, useOrgId } from "./api.ts";
import { CardRefused, confirmOnTestServer, saveCard } from "./card-flow.ts";
import { PlanChoice, SubscriptionStatus } from "./subscription-card.tsx";

const StripeCardForm = lazy(async () => ({
  default: (await import("./stripe-card-form.tsx")).StripeCardForm,
}));

const SavedCard = ({ mode, canUpdate }: { mode: PaymentMode; canUpdate: boolean }) => {
  const { t } = useTranslation("billing");
  const card = mode.card;
  return (
    <Paper p="lg" data-testid="saved-card">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <TitleLine
            title={t("card.title")}
            hint={
              card
                ? `${card.brand.toUpperCase()} •••• ${card.last4} · ${t("card.expires", {
                    month: String(card.expMonth).padStart(2, "0"),
                    year: card.expYear,
                  })}`
                : t("card.none")
            }
          />
        </div>
        {canUpdate ? (
          <LinkButton
            to="/account/paymentmode/edit"
            variant={card ? "default" : "filled"}
            data-testid="edit-card"
          >
            {card ? t("card.replace") : t("card.add")}
          </LinkButton>
        ) : null}
      </Group>
    </Paper>
  );
};

/** `/account/paymentmode`: the organisation's subscription, its plans and the card that pays it. */
export const PaymentModePage = () => {
  const { t } = useTranslation("billing");
  const orgId = useOrgId();
  const session = useSession();
  const canUpdate = can(session, "organization", "update");
  const [search] = useSearchParams();
  const subscription = useQuery({ ...subscriptionQuery(orgId), enabled: orgId !== null });
  const mode = useQuery({ ...paymentModeQuery(orgId), enabled: subscription.data?.enabled === true });
  const saved = search.get("saved");
  let body: React.ReactNode;
  if (subscription.isError) body = <ErrorAlert error={subscription.error} />;
  else if (!subscription.data) body = <Skeleton height={160} />;
  else if (!subscription.data.enabled) body = <Text c="dimmed">{t("off")}</Text>;
  else
    body = (
      <>
        {saved ? (
          <Alert
            color={saved === "failed" ? "orange" : "green"}
            variant="light"
            data-testid="card-saved"
            data-charged={saved}
          >
            {t(saved === "succeeded" ? "edit.paid" : saved === "failed" ? "edit.declined" : "edit.saved")}
          </Alert>
        ) : null}
        <SubscriptionStatus subscription={subscription.data} />
        {mode.data ? <SavedCard mode={mode.data} canUpdate={canUpdate} /> : <Skeleton height={80} />}
        <PlanChoice subscription={subscription.data} canChoose={canUpdate} />
      </>
    );
  return (
    <Stack gap="lg">
      <PageHeader title={t("title")} crumbs={[{ to: "/account", label: t("account") }]} />
      {body}
    </Stack>
  );
};

const TestCardForm = ({
  apiUrl,
  onSubmit,
  busy,
}: {
  apiUrl: string;
  onSubmit: (confirm: ReturnType<typeof confirmOnTestServer>) => void;
  busy: boolean;
}) => {
  const { t } = useTranslation("billing");
  const [card, setCard] = useState({ number: "", expiry: "", cvc: "" });
  const field = (name: keyof typeof card) => ({
    value: card[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setCard({ ...card, [name]: event.target.value }),
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(confirmOnTestServer(apiUrl, card));
      }}
      data-testid="test-card-form"
    >
      <Stack>
        <Alert color="yellow" variant="light">
          {t("edit.testMode")}
        </Alert>
        <TextInput
          label={t("edit.number")}
          autoComplete="off"
          inputMode="numeric"
          required
          {...field("number")}
        />
        <Group grow>
          <TextInput
            label={t("edit.expiry")}
            autoComplete="off"
            placeholder="12/30"
            required
            {...field("expiry")}
          />
          <TextInput
            label={t("edit.cvc")}
            autoComplete="off"
            inputMode="numeric"
            required
            {...field("cvc")}
          />
        </Group>
        <Button type="submit" loading={busy} data-testid="save-card">
          {t("edit.save")}
        </Button>
      </Stack>
    </form>
  );
};

/** `/account/paymentmode/edit`: a card saved, or the saved one replaced, through the provider's own form. */
export const PaymentModeEditPage = () => {
  const { t } = useTranslation("billing");
  const orgId = useOrgId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mode = useQuery(paymentModeQuery(orgId));
  const save = useMutation({
    mutationFn: (confirm: (intent: { id: string; clientSecret: string }) => Promise<void>) =>
      saveCard(mode.data?.card ?? null, confirm),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
      navigate(`/account/paymentmode?saved=${answer.charged ?? "saved"}`);
    },
  });
  const form = mode.data?.form;
  let body: React.ReactNode;
  if (mode.isError) body = <ErrorAlert error={mode.error} />;
  else if (!mode.data) body = <Skeleton height={160} />;
  else if (!form) body = <Alert color="orange">{t("edit.unavailable")}</Alert>;
  else if (form.kind === "test")
    body = <TestCardForm apiUrl={form.apiUrl} onSubmit={(c) => save.mutate(c)} busy={save.isPending} />;
  else
    body = (
      <Suspense fallback={<Skeleton height={120} />}>
        <StripeCardForm
          publishableKey={form.publishableKey}
          onSubmit={(c) => save.mutate(c)}
          busy={save.isPending}
        />
      </Suspense>
    );
  return (
    <Stack gap="lg" maw={560}>
      <PageHeader
        title={t("edit.title")}
        description={t("edit.description")}
        crumbs={[{ to: "/account/paymentmode", label: t("title") }]}
      />
      {body}
      {save.error instanceof CardRefused ? (
        <Alert color="red" variant="light" role="alert" data-testid="card-refused">
          {t("edit.refused", { message: save.error.message })}
        </Alert>
      ) : save.isError ? (
        <ErrorAlert error={save.error} />
      ) : null}
    </Stack>
  );
};
