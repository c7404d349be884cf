import { Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type Contact, contactQuery } from "../contacts/api.ts";
import { ContactSelect } from "../contacts/contact-select.tsx";
import type { Direction } from "./model.ts";

export type ContactChoice = {
  contactId: string | null;
  billingAddressId: string | null;
  deliveryAddressId: string | null;
};

type Address = Contact["addresses"][number];
type SnapshotAddress = { line1: string; postalCode: string; city: string };
const addressLabel = (a: Address) =>
  [a.line1, a.line2, `${a.postalCode} ${a.city}`, a.country !== "FR" ? a.country : null]
    .filter(Boolean)
    .join(", ");

/** The address a document takes by default: the contact's first billing one (else its first). */
export const defaultBilling = (contact: Contact): string | null =>
  (contact.addresses.find((a) => a.kind === "billing") ?? contact.addresses[0])?.id ?? null;

/**
 * The document's contact, searched by name as you type, and which of its addresses the document
 * prints for billing and for delivery (the delivery one only when it differs).
 */
export const ContactPicker = ({
  direction,
  value,
  onChange,
  error,
  disabled = false,
  snapshot,
  withAddresses = true,
}: {
  direction: Direction;
  value: ContactChoice;
  onChange: (value: ContactChoice) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** The addresses the document printed so far (its contact's snapshot), shown until changed. */
  snapshot?: { contactId: string | null; billing: SnapshotAddress | null; delivery: SnapshotAddress | null };
  /** False where only the contact matters (a payment): no address to choose, none missing to warn of. */
  withAddresses?: boolean;
}) => {
  const { t } = useTranslation("docs");
  const chosen = useQuery({ ...contactQuery(value.contactId ?? ""), enabled: value.contactId !== null });
  const contact = chosen.data;
  const addresses = (contact?.addresses ?? []).map((a) => ({ value: a.id, label: addressLabel(a) }));
  const same = snapshot && contact && snapshot.contactId === contact.id;
  const matching = (printed: SnapshotAddress | null | undefined) =>
    printed
      ? (contact?.addresses.find(
          (a) => a.line1 === printed.line1 && a.postalCode === printed.postalCode && a.city === printed.city,
        )?.id ?? null)
      : null;
  const billing =
    value.billingAddressId ??
    (same ? matching(snapshot.billing) : null) ??
    (contact ? defaultBilling(contact) : null);
  const delivery = value.deliveryAddressId ?? (same ? matching(snapshot.delivery) : null);
  // What the billing and delivery selects share: the contact's addresses, none to pick without any.
  const addressProps = {
    size: "xs",
    data: addresses,
    disabled: disabled || addresses.length === 0,
    comboboxProps: { withinPortal: true },
  } as const;
  return (
    <Stack gap="xs">
      <ContactSelect
        label={t(direction === "sales" ? "fields.customer" : "fields.supplier")}
        placeholder={t("editor.contactSearch")}
        noneFound={t("editor.noContact")}
        value={value.contactId}
        error={error}
        withAsterisk
        disabled={disabled}
        data-testid="doc-contact"
        onChange={(id) => onChange({ contactId: id, billingAddressId: null, deliveryAddressId: null })}
      />
      {contact && withAddresses ? (
        <SimpleGrid cols={1} spacing="xs">
          <Select
            {...addressProps}
            label={t("fields.billingAddress")}
            value={billing}
            placeholder={t("editor.noAddress")}
            onChange={(id) => onChange({ ...value, billingAddressId: id, deliveryAddressId: delivery })}
            data-testid="doc-billing-address"
          />
          <Select
            {...addressProps}
            label={t("fields.deliveryAddress")}
            value={delivery}
            placeholder={t("editor.sameAddress")}
            clearable
            onChange={(id) => onChange({ ...value, billingAddressId: billing, deliveryAddressId: id })}
          />
        </SimpleGrid>
      ) : null}
      {contact && withAddresses && addresses.length === 0 ? (
        <Text size="xs" c="orange">
          {t("editor.noAddress")}
        </Text>
      ) : null}
    </Stack>
  );
};
