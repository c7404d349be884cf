import { Group, Select, Stack, Text } from "@mantine/core";
import { contactListStatuses } from "@registre/core/contacts/preferences";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import { NewButton } from "../../components/detail-actions.tsx";
import {
  ChoiceFilter,
  FilterBar,
  FilterCount,
  SearchFilter,
  SegmentFilter,
  useListFilter,
} from "../../components/filter-bar.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { useFormat } from "../../i18n/format.ts";
import { TransferButtons } from "../imports/transfer-buttons.tsx";
import {
  type ContactFilter,
  type ContactPreferences,
  type ContactSummary,
  type ContactType,
  contactSorts,
  contactsQuery,
  contactTypes,
  myContactPreferencesQuery,
  PAGE_SIZE,
} from "./api.ts";
import { contactPartPath, contactPath, newContactPath } from "./paths.ts";
import { nationalPhone, TypeBadges, useCan } from "./ui.tsx";

const statuses = contactListStatuses;

/** The list's defaults: the user's preferences (theirs, else the organisation's, else these). */
type Defaults = Pick<ContactPreferences, "type" | "status" | "sort">;
const fallback: Defaults = { type: null, status: "active", sort: "name" };

/** The address's filter; a filter it does not name is the default one (`type=` names every type). */
const readFilter = (params: URLSearchParams, defaults: Defaults): ContactFilter => {
  const type = params.get("type");
  const status = params.get("status");
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").trim(),
    type:
      type === null
        ? defaults.type
        : (contactTypes as readonly string[]).includes(type)
          ? (type as ContactType)
          : null,
    status: (statuses as readonly string[]).includes(status ?? "")
      ? (status as ContactFilter["status"])
      : defaults.status,
    sort: (contactSorts as readonly string[]).includes(sort ?? "")
      ? (sort as Defaults["sort"])
      : defaults.sort,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
};

const writeFilter = (filter: ContactFilter, defaults: Defaults): URLSearchParams => {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.type !== defaults.type) params.set("type", filter.type ?? "");
  if (filter.status !== defaults.status) params.set("status", filter.status);
  if (filter.sort && filter.sort !== defaults.sort) params.set("sort", filter.sort);
  if (filter.page > 1) params.set("page", String(filter.page));
  return params;
};

/** `/org/contacts`: the contacts, searched as you type (name, SIREN, e-mail, phone, city), by type. */
export const ContactsPage = () => {
  const { t } = useTranslation("contacts");
  const { number } = useFormat();
  const can = useCan();
  const preferences = useQuery({ ...myContactPreferencesQuery(), enabled: can("contacts", "read") });
  const defaults: Defaults = preferences.data ?? fallback;
  const openTab = preferences.data?.tab ?? "overview";
  const opened = (id: string) => (openTab === "overview" ? contactPath(id) : contactPartPath(id, openTab));
  const { filter, search, setSearch, set, page } = useListFilter({
    read: (params) => readFilter(params, defaults),
    write: (next) => writeFilter(next, defaults),
    delay: 200,
  });
  // The list waits for the preferences (their filter, not the default one, is the first asked for).
  const contacts = useQuery({
    ...contactsQuery(filter),
    enabled: can("contacts", "read") && !preferences.isPending,
  });
  const columns: Column<ContactSummary>[] = [
    {
      key: "name",
      header: t("columns.name"),
      width: 230,
      cell: (contact) => (
        <Stack gap={2}>
          <Link to={opened(contact.id)} className="registre-row-link" data-testid="contact-link">
            {contact.name}
          </Link>
          <Text size="xs" c="dimmed">
            {t(`kinds.${contact.kind}`)}
          </Text>
        </Stack>
      ),
    },
    {
      key: "types",
      header: t("columns.types"),
      width: 150,
      cell: (contact) => <TypeBadges types={contact.types} archived={contact.status === "archived"} />,
    },
    {
      key: "siren",
      header: t("columns.siren"),
      width: 105,
      cellProps: () => ({ className: "registre-numeric" }),
      cell: (contact) => contact.siren ?? "",
    },
    { key: "email", header: t("columns.email"), cell: (contact) => contact.email ?? "" },
    {
      key: "phone",
      header: t("columns.phone"),
      width: 140,
      cellProps: () => ({ className: "registre-numeric", style: { whiteSpace: "nowrap" } }),
      cell: (contact) => nationalPhone(contact.phone),
    },
    { key: "city", header: t("columns.city"), width: 120, cell: (contact) => contact.city ?? "" },
    {
      key: "accounts",
      header: t("columns.accounts"),
      width: 125,
      cell: (contact) => (
        <Stack gap={0}>
          {[contact.customerAccount, contact.supplierAccount]
            .filter((code): code is string => code !== null)
            .map((code) => (
              <Text key={code} size="xs" ff="monospace">
                {code}
              </Text>
            ))}
        </Stack>
      ),
    },
  ];
  return (
    <PageFrame
      allowed={can("contacts", "read")}
      title={t("title")}
      description={t("description")}
      actions={
        <Group gap="xs">
          <TransferButtons
            target="contacts"
            filter={{ q: filter.q, type: filter.type, status: filter.status }}
          />
          {can("contacts", "create") ? (
            <NewButton to={newContactPath} label={t("new")} testId="contact-new" />
          ) : null}
        </Group>
      }
    >
      <FilterBar>
        <SearchFilter
          label={t("search")}
          placeholder={t("searchPlaceholder")}
          value={search}
          onChange={setSearch}
          w={300}
          data-testid="contacts-search"
        />
        <ChoiceFilter
          label={t("type")}
          all={t("allTypes")}
          choices={contactTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          value={filter.type}
          onChange={(value) => set({ type: value as ContactType | null })}
          w={220}
          data-testid="contacts-type"
        />
        <Select
          label={t("pref.sort")}
          data={contactSorts.map((sort) => ({ value: sort, label: t(`pref.sorts.${sort}`) }))}
          value={filter.sort ?? "name"}
          onChange={(value) => value && set({ sort: value as Defaults["sort"] })}
          allowDeselect={false}
          w={200}
          data-testid="contacts-sort"
        />
        <SegmentFilter
          id="contacts-status-label"
          label={t("status")}
          data={statuses.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
          value={filter.status}
          onChange={(value) => set({ status: value as ContactFilter["status"] })}
        />
        {contacts.data ? (
          <FilterCount testId="contacts-count">
            {t("count", {
              count: contacts.data.total,
              n: contacts.data.capped ? `${number(contacts.data.total)}+` : number(contacts.data.total),
            })}
          </FilterCount>
        ) : null}
      </FilterBar>
      <QueryTable
        query={contacts}
        errorTestId="contacts-error"
        columns={columns}
        rowKey={(contact) => contact.id}
        rowLink={(contact) => opened(contact.id)}
        rowProps={(contact) => ({ "data-testid": "contact-row", "data-id": contact.id })}
        empty={t("empty")}
        testId="contacts-table"
        caption={t("title")}
        minWidth={860}
        pagination={(data) =>
          data.total > PAGE_SIZE
            ? { page: filter.page, pages: Math.ceil(data.total / PAGE_SIZE), onChange: page }
            : undefined
        }
      />
    </PageFrame>
  );
};
