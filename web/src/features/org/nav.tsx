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
import { can, type Session } from "../../lib/session.ts";

/** A link of the organisation frame's navigation: its path and its label key in the `app` namespace. */
export type NavLabel = `nav.${keyof (typeof frApp)["nav"]}`;
/**
 * `right`: the resource code whose read bit shows the link; none for what every member sees. `billing`:
 * shown only when the server takes payments (a payment provider configured).
 */
export type NavItem = { to: string; label: NavLabel; right?: string; billing?: true };
export type NavSection = {
  key: string;
  label: NavLabel;
  icon: ReactNode;
  items: NavItem[];
  platform?: boolean;
};

const documentLinks = (domain: "sales" | "purchases"): NavItem[] => [
  { to: `/org/${domain}/quotes`, label: "nav.quotes", right: `${domain}.quotes` },
  { to: `/org/${domain}/orders`, label: "nav.orders", right: `${domain}.orders` },
  { to: `/org/${domain}/deliveries`, label: "nav.deliveries", right: `${domain}.deliveries` },
  { to: `/org/${domain}/invoices`, label: "nav.invoices", right: `${domain}.invoices` },
  ...(domain === "purchases"
    ? [
        {
          to: "/org/einvoicing/inbox",
          label: "nav.einvoicingInbox",
          right: "purchases.invoices",
        } satisfies NavItem,
      ]
    : []),
  ...(domain === "sales"
    ? [
        { to: "/org/sales/reminders", label: "nav.reminders", right: "sales.invoices" } satisfies NavItem,
        {
          to: "/org/einvoicing/ereporting",
          label: "nav.ereporting",
          right: "organization",
        } satisfies NavItem,
      ]
    : []),
  { to: `/org/${domain}/payments`, label: "nav.payments", right: `${domain}.payments` },
];

export const navSections: NavSection[] = [
  {
    key: "dashboard",
    label: "nav.dashboard",
    icon: <DashboardIcon />,
    items: [
      { to: "/org/dashboard", label: "nav.dashboard" },
      { to: "/org/dashboard/control", label: "nav.control", right: "accounting" },
    ],
  },
  { key: "sales", label: "nav.sales", icon: <SalesIcon />, items: documentLinks("sales") },
  { key: "purchases", label: "nav.purchases", icon: <PurchasesIcon />, items: documentLinks("purchases") },
  {
    key: "contacts",
    label: "nav.contacts",
    icon: <ContactsIcon />,
    items: [
      { to: "/org/contacts", label: "nav.contactsList", right: "contacts" },
      { to: "/org/contacts/users", label: "nav.users", right: "contacts.users" },
    ],
  },
  {
    key: "items",
    label: "nav.items",
    icon: <ItemsIcon />,
    items: [{ to: "/org/items", label: "nav.itemsList", right: "items" }],
  },
  {
    key: "banks",
    label: "nav.banks",
    icon: <BankIcon />,
    items: [
      { to: "/org/banks", label: "nav.bankAccounts", right: "banks" },
      { to: "/org/bankstatements", label: "nav.statements", right: "statements" },
      { to: "/org/payments", label: "nav.allPayments", right: "banks" },
      { to: "/org/banks/reconciliation", label: "nav.reconciliation", right: "banks" },
      { to: "/org/banks/rules", label: "nav.bankRules", right: "statements.reconcile" },
    ],
  },
  {
    key: "accounting",
    label: "nav.accounting",
    icon: <LedgerIcon />,
    items: [
      { to: "/org/accounting/entries", label: "nav.entries", right: "entries" },
      { to: "/org/accounting/entries/import", label: "nav.fecImport", right: "entries.validate" },
      { to: "/org/accounting/journals", label: "nav.journals", right: "journals" },
      { to: "/org/accounting/accounts", label: "nav.accounts", right: "accounts" },
      { to: "/org/accounting/deposits", label: "nav.deposits", right: "banks" },
      { to: "/org/accounting/vat", label: "nav.vat", right: "accounting" },
      { to: "/org/accounting/balancesheet", label: "nav.balancesheet", right: "balancesheet" },
      { to: "/org/accounting/reports", label: "nav.reports", right: "accounting" },
      { to: "/org/accounting/history", label: "nav.ledgerHistory", right: "accounting" },
    ],
  },
  {
    key: "settings",
    label: "nav.settings",
    icon: <SettingsIcon />,
    items: [
      { to: "/org/settings", label: "nav.orgSettings", right: "organization" },
      { to: "/org/settings/rights", label: "nav.rights", right: "auth" },
      { to: "/org/paymentsmodes", label: "nav.paymentModes", right: "paymentmodes" },
      { to: "/org/emailtemplates", label: "nav.emailTemplates", right: "emailtemplates" },
      { to: "/org/docs/settings", label: "nav.docSettings", right: "organization" },
    ],
  },
  {
    key: "account",
    label: "nav.account",
    icon: <UserIcon />,
    items: [
      { to: "/account", label: "nav.accountOverview" },
      { to: "/account/invoices", label: "nav.accountInvoices", billing: true },
      { to: "/account/payments", label: "nav.accountPayments", billing: true },
      { to: "/account/paymentmode", label: "nav.accountPaymentMode", billing: true },
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
      { to: "/registre/auth/items", label: "nav.platformAuthItems" },
      { to: "/registre/projections", label: "nav.platformReadModels" },
      { to: "/registre/units", label: "nav.platformReference" },
      { to: "/registre/releases", label: "nav.platformReleases" },
    ],
  },
];

/**
 * The sections a session sees: the platform's to platform administrators only, and in each section
 * the links the member's rights open (read), the billing ones only when the server takes payments; a
 * section left without any link is not shown.
 */
export const visibleSections = (
  session: Session,
  { billing = false }: { billing?: boolean } = {},
): (NavSection & { direct: boolean })[] => {
  const platformAdmin = session.status === "authenticated" && session.user.platformAdmin;
  return navSections
    .filter((section) => !section.platform || platformAdmin)
    .map((section) => {
      const items = section.items.filter(
        (item) => (!item.right || can(session, item.right, "read")) && (!item.billing || billing),
      );
      // A section of one link is that link, and so is one the rights reduce to its own page (the
      // dashboard without the control panel); one reduced to another link stays a section (Ventes ›
      // Factures says more than Ventes alone).
      const direct = section.items.length === 1 || (items.length === 1 && items[0]?.label === section.label);
      return { ...section, direct, items };
    })
    .filter((section) => section.items.length > 0);
};

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
