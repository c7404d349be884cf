import type { ReactNode } from "react";
import {
  BankIcon,
  BuildingIcon,
  ContactsIcon,
  DashboardIcon,
  ItemsIcon,
  LedgerIcon,
  PurchasesIcon,
  SalesIcon,
  SettingsIcon,
  UserIcon,
} from "../../components/icons.tsx";
import type frApp from "../../i18n/locales/fr/app.json";

/** A link of the organisation frame's navigation: its path and its label key in the `app` namespace. */
export type NavLabel = `nav.${keyof (typeof frApp)["nav"]}`;
export type NavItem = { to: string; label: NavLabel };
export type NavSection = {
  key: string;
  label: NavLabel;
  icon: ReactNode;
  items: NavItem[];
  platform?: boolean;
};

const documentLinks = (domain: "sales" | "purchases"): NavItem[] => [
  { to: `/org/${domain}/quotes`, label: "nav.quotes" },
  { to: `/org/${domain}/orders`, label: "nav.orders" },
  { to: `/org/${domain}/deliveries`, label: "nav.deliveries" },
  { to: `/org/${domain}/invoices`, label: "nav.invoices" },
  { to: `/org/${domain}/payments`, label: "nav.payments" },
];

export const navSections: NavSection[] = [
  {
    key: "dashboard",
    label: "nav.dashboard",
    icon: <DashboardIcon />,
    items: [{ to: "/org/dashboard", label: "nav.dashboard" }],
  },
  { key: "sales", label: "nav.sales", icon: <SalesIcon />, items: documentLinks("sales") },
  { key: "purchases", label: "nav.purchases", icon: <PurchasesIcon />, items: documentLinks("purchases") },
  {
    key: "contacts",
    label: "nav.contacts",
    icon: <ContactsIcon />,
    items: [
      { to: "/org/contacts", label: "nav.contactsList" },
      { to: "/org/contacts/users", label: "nav.users" },
    ],
  },
  {
    key: "items",
    label: "nav.items",
    icon: <ItemsIcon />,
    items: [{ to: "/org/items", label: "nav.itemsList" }],
  },
  {
    key: "banks",
    label: "nav.banks",
    icon: <BankIcon />,
    items: [
      { to: "/org/banks", label: "nav.bankAccounts" },
      { to: "/org/bankstatements", label: "nav.statements" },
      { to: "/org/payments", label: "nav.allPayments" },
    ],
  },
  {
    key: "accounting",
    label: "nav.accounting",
    icon: <LedgerIcon />,
    items: [
      { to: "/org/accounting/entries", label: "nav.entries" },
      { to: "/org/accounting/journals", label: "nav.journals" },
      { to: "/org/accounting/accounts", label: "nav.accounts" },
      { to: "/org/accounting/deposits", label: "nav.deposits" },
      { to: "/org/accounting/vat", label: "nav.vat" },
      { to: "/org/accounting/balancesheet", label: "nav.balancesheet" },
      { to: "/org/accounting/reports", label: "nav.reports" },
    ],
  },
  {
    key: "settings",
    label: "nav.settings",
    icon: <SettingsIcon />,
    items: [
      { to: "/org/settings", label: "nav.orgSettings" },
      { to: "/org/settings/rights", label: "nav.rights" },
      { to: "/org/paymentsmodes", label: "nav.paymentModes" },
      { to: "/org/emailtemplates", label: "nav.emailTemplates" },
      { to: "/org/docs/settings", label: "nav.docSettings" },
    ],
  },
  {
    key: "account",
    label: "nav.account",
    icon: <UserIcon />,
    items: [
      { to: "/account", label: "nav.accountOverview" },
      { to: "/account/invoices", label: "nav.accountInvoices" },
      { to: "/account/payments", label: "nav.accountPayments" },
      { to: "/account/paymentmode", label: "nav.accountPaymentMode" },
    ],
  },
  {
    key: "platform",
    label: "nav.platform",
    icon: <BuildingIcon />,
    platform: true,
    items: [
      { to: "/registre/orgs", label: "nav.platformOrgs" },
      { to: "/registre/users", label: "nav.platformUsers" },
      { to: "/registre/releases", label: "nav.platformReleases" },
    ],
  },
];

const allItems = navSections.flatMap((section) => section.items.map((item) => ({ section, item })));

/** The navigation entry a path falls under: the longest link that prefixes it. */
export const navEntryFor = (pathname: string): { section: NavSection; item: NavItem } | null => {
  let best: { section: NavSection; item: NavItem } | null = null;
  for (const entry of allItems) {
    const { to } = entry.item;
    if (pathname === to || pathname.startsWith(`${to}/`)) {
      if (!best || to.length > best.item.to.length) best = entry;
    }
  }
  return best;
};
