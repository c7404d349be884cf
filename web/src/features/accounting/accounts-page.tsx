import { Group } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Column } from "../../components/data-table.tsx";
import {
  ChoiceFilter,
  FilterBar,
  FilterCount,
  SearchFilter,
  SegmentFilter,
  useListFilter,
} from "../../components/filter-bar.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useCan } from "./access.ts";
import { type Account, type AccountFilter, type AccountKind, accountsQuery } from "./api.ts";
import { BooksPage } from "./books-page.tsx";
import { codeLabelColumns } from "./columns.tsx";
import { accountPath, accountsPath } from "./paths.ts";
import { accountLabel } from "./ui.tsx";

export const accountClasses = [1, 2, 3, 4, 5, 6, 7, 8] as const;

const readFilter = (params: URLSearchParams): AccountFilter => {
  const cls = Number(params.get("class"));
  const kind = params.get("kind");
  return {
    q: (params.get("q") ?? "").trim(),
    class: Number.isInteger(cls) && cls >= 1 && cls <= 8 ? cls : null,
    kind: kind === "general" || kind === "auxiliary" ? kind : null,
  };
};

const writeFilter = (filter: AccountFilter): URLSearchParams => {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.class) params.set("class", String(filter.class));
  if (filter.kind) params.set("kind", filter.kind);
  return params;
};

/** The badges of an account's nature: collective, lettrable, auxiliary of…, closed. */
export const AccountBadges = ({ account }: { account: Account }) => {
  const { t } = useTranslation("accounting");
  return (
    <Group gap={4}>
      {account.kind === "auxiliary" ? (
        <Tag size="xs" color="grape">
          {t("accounts.auxiliaryOf", { control: account.control ?? "" })}
        </Tag>
      ) : null}
      {account.collective ? (
        <Tag size="xs" color="indigo">
          {t("accounts.collective")}
        </Tag>
      ) : null}
      {account.lettrable ? (
        <Tag size="xs" color="cyan">
          {t("accounts.lettrable")}
        </Tag>
      ) : null}
      {account.closed ? (
        <Tag size="xs" color="gray">
          {t("accounts.closed")}
        </Tag>
      ) : null}
    </Group>
  );
};

/** `/org/accounting/accounts`: the chart of accounts, searched and filtered by class and kind. */
export const AccountsPage = () => {
  const { t } = useTranslation("accounting");
  const { locale, number } = useFormat();
  const can = useCan();
  const { filter, search, setSearch, set } = useListFilter({ read: readFilter, write: writeFilter });
  const accounts = useQuery({ ...accountsQuery(filter), enabled: can("accounts", "read") });
  const columns: Column<Account>[] = [
    ...codeLabelColumns<Account>({
      code: { key: "number", header: t("accounts.number"), width: 140, text: (account) => account.number },
      label: { header: t("accounts.label"), text: (account) => accountLabel(account, locale) },
      to: (account) => accountPath(account.number),
      locale,
    }),
    {
      key: "class",
      header: t("accounts.classShort"),
      width: 80,
      align: "center",
      cellProps: () => ({ className: "registre-numeric" }),
      cell: (account) => (account.kind === "general" ? account.class : "—"),
    },
    {
      key: "nature",
      header: t("accounts.nature"),
      width: 260,
      cell: (account) => <AccountBadges account={account} />,
    },
  ];
  return (
    <BooksPage
      allowed={can("accounts", "read")}
      title={t("accounts.title")}
      description={t("accounts.description")}
      create={
        can("accounts", "create") && {
          to: `${accountsPath}/create`,
          label: t("accounts.new"),
          testId: "account-new",
        }
      }
    >
      <FilterBar>
        <SearchFilter
          label={t("accounts.search")}
          placeholder={t("accounts.searchPlaceholder")}
          value={search}
          onChange={setSearch}
          w={280}
          data-testid="accounts-search"
        />
        <ChoiceFilter
          label={t("accounts.class")}
          all={t("accounts.allClasses")}
          choices={accountClasses.map((c) => ({ value: String(c), label: `${c} · ${t(`classes.${c}`)}` }))}
          value={filter.class ? String(filter.class) : null}
          onChange={(value) => set({ class: value ? Number(value) : null })}
          w={300}
          comboboxProps={{ width: "max-content", position: "bottom-start" }}
          data-testid="accounts-class"
        />
        <SegmentFilter
          id="accounts-kind-label"
          label={t("accounts.kind")}
          data={[
            { value: "", label: t("accounts.allKinds") },
            { value: "general", label: t("accounts.kinds.general") },
            { value: "auxiliary", label: t("accounts.kinds.auxiliary") },
          ]}
          value={filter.kind ?? ""}
          onChange={(value) => set({ kind: value === "" ? null : (value as AccountKind) })}
          testId="accounts-kind"
        />
        {accounts.data ? (
          <FilterCount testId="accounts-count">
            {t("accounts.count", {
              count: accounts.data.items.length,
              n: number(accounts.data.items.length),
            })}
          </FilterCount>
        ) : null}
      </FilterBar>
      <QueryTable
        query={accounts}
        errorTestId="accounts-error"
        columns={columns}
        rowKey={(account) => account.number}
        rowLink={(account) => accountPath(account.number)}
        rowProps={(account) => ({
          "data-testid": "account-row",
          "data-number": account.number,
          style: account.closed ? { opacity: 0.6 } : undefined,
        })}
        empty={t("accounts.empty")}
        testId="accounts-table"
        caption={t("accounts.title")}
        className="acc-table"
        minWidth={640}
      />
    </BooksPage>
  );
};
