import { Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { contactQuery, contactsQuery } from "./api.ts";

/**
 * A contact chosen by name, searched as it is typed among the active ones (`GET /contacts?q=`), the
 * chosen one shown even when the search does not find it. Its value is the contact's id.
 */
export const ContactSelect = ({
  value = null,
  onChange,
  noneFound,
  ...props
}: Omit<SelectProps, "data" | "value" | "onChange" | "searchable" | "searchValue" | "onSearchChange"> & {
  value?: string | null;
  onChange: (id: string | null) => void;
  /** What the list says when the search finds no one. */
  noneFound?: string;
  "data-testid"?: string;
}) => {
  const { t } = useTranslation("contacts");
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 200);
  const list = useQuery(contactsQuery({ q, type: null, status: "active", page: 1 }));
  const chosen = useQuery({ ...contactQuery(value ?? ""), enabled: value !== null });
  const options = (list.data?.items ?? []).map((c) => ({
    value: c.id,
    label: c.city ? `${c.name} · ${c.city}` : c.name,
  }));
  const contact = chosen.data;
  if (contact && !options.some((o) => o.value === contact.id))
    options.unshift({ value: contact.id, label: contact.name });
  return (
    <Select
      placeholder={t("select.search")}
      data={options}
      value={value}
      searchable
      selectFirstOptionOnChange
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={list.isFetching ? "…" : (noneFound ?? t("select.none"))}
      comboboxProps={{ withinPortal: true }}
      onChange={(id) => onChange(id || null)}
      {...props}
    />
  );
};
