import { Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Contact, contactQuery, contactsQuery } from "../contacts/api.ts";
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
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 200);
  const list = useQuery(contactsQuery({ q, type: null, status: "active", page: 1 }));
  const chosen = useQuery({ ...contactQuery(value.contactId ?? ""), enabled: value.contactId !== null });
  const contact = chosen.data;
  const options = (list.data?.items ?? []).map((c) => ({
    value: c.id,
    label: c.city ? `${c.name} · ${c.city}` : c.name,
  }));
  if (contact && !options.some((o) => o.value === contact.id))
    options.unshift({ value: contact.id, label: contact.name });
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
  return (
    <Stack gap="xs">
      <Select
        label={t(direction === "sales" ? "fields.customer" : "fields.supplier")}
        placeholder={t("editor.contactSearch")}
        data={options}
        value={value.contactId}
        searchable
        selectFirstOptionOnChange
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={list.isFetching ? "…" : t("editor.noContact")}
        error={error}
        withAsterisk
        disabled={disabled}
        data-testid="doc-contact"
        comboboxProps={{ withinPortal: true }}
        onChange={async (id) => {
          if (!id) return onChange({ contactId: null, billingAddressId: null, deliveryAddressId: null });
          onChange({ contactId: id, billingAddressId: null, deliveryAddressId: null });
        }}
      />
      {contact && withAddresses ? (
        <SimpleGrid cols={1} spacing="xs">
          <Select
            size="xs"
            label={t("fields.billingAddress")}
            data={addresses}
            value={billing}
            placeholder={t("editor.noAddress")}
            onChange={(id) => onChange({ ...value, billingAddressId: id, deliveryAddressId: delivery })}
            disabled={disabled || addresses.length === 0}
            data-testid="doc-billing-address"
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            size="xs"
            label={t("fields.deliveryAddress")}
            data={addresses}
            value={delivery}
            placeholder={t("editor.sameAddress")}
            clearable
            onChange={(id) => onChange({ ...value, billingAddressId: billing, deliveryAddressId: id })}
            disabled={disabled || addresses.length === 0}
            comboboxProps={{ withinPortal: true }}
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
