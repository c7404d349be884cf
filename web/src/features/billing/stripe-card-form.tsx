import { Button, Paper, Stack } from "@mantine/core";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CardRefused } from "./card-flow.ts";

type Confirm = (intent: { id: string; clientSecret: string }) => Promise<void>;

const stripes = new Map<string, Promise<Stripe | null>>();

const Form = ({ onSubmit, busy }: { onSubmit: (confirm: Confirm) => void; busy: boolean }) => {
  const { t } = useTranslation("billing");
  const stripe = useStripe();
  const elements = useElements();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return;
        onSubmit(async (intent) => {
          const { error } = await stripe.confirmCardSetup(intent.clientSecret, { payment_method: { card } });
          if (error) throw new CardRefused(error.message ?? error.code ?? "card_error");
        });
      }}
    >
      <Stack>
        <Paper p="md" withBorder>
          <CardElement options={{ hidePostalCode: true }} />
        </Paper>
        <Button type="submit" loading={busy} disabled={!stripe} data-testid="save-card">
          {t("edit.save")}
        </Button>
      </Stack>
    </form>
  );
};

/**
 * Stripe's own card element (Stripe.js, loaded from Stripe with the publishable key the API gives): the
 * card is typed in Stripe's frame and sent to Stripe; Registre only learns what the SetupIntent saved.
 * Its own chunk: loaded only on this screen, only when the server uses Stripe.
 */
export const StripeCardForm = ({
  publishableKey,
  onSubmit,
  busy,
}: {
  publishableKey: string;
  onSubmit: (confirm: Confirm) => void;
  busy: boolean;
}) => {
  const stripe = useMemo(() => {
    let loading = stripes.get(publishableKey);
    if (!loading) {
      loading = loadStripe(publishableKey);
      stripes.set(publishableKey, loading);
    }
    return loading;
  }, [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <Form onSubmit={onSubmit} busy={busy} />
    </Elements>
  );
};
