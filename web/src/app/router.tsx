import type { ComponentType } from "react";
import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from "react-router";
import type { AccountResource } from "../features/account/resources.ts";
import {
  otherParts as contactOtherParts,
  recordParts as contactRecordParts,
} from "../features/contacts/paths.ts";
import { LandingPage } from "../features/public/landing-page.tsx";
import { requireSession, requireSessionOrChoice } from "../features/session/guards.ts";
import { NotFoundLayout } from "./layouts/not-found-layout.tsx";
import { HomeLayout, HomePageLayout } from "./layouts/public-layouts.tsx";
import { RootLayout } from "./layouts/root-layout.tsx";
import { RouteError } from "./route-error.tsx";
import { RouteFallback } from "./route-fallback.tsx";

/*
 * The first load carries the root, the public layouts, the landing page, the sign-in and the 404 page;
 * every other screen is a lazy route: its feature's chunk is fetched on the first visit (the router
 * keeps the current page and shows the navigation bar meanwhile; a first load shows RouteFallback).
 * The router loads the lazy layout and the lazy screen of one navigation in parallel.
 */

/** A lazy route showing the screen `name` of the module `load` imports. */
const screen =
  <M extends Record<string, unknown>>(
    load: () => Promise<M>,
    name: keyof M & string,
  ): LazyRouteFunction<RouteObject> =>
  async () => ({ Component: (await load())[name] as ComponentType });

const accountPages = () => import("../features/account/account-pages.tsx");
const invoicePages = () => import("../features/billing-invoices/account-invoice-pages.tsx");
const paymentModePages = () => import("../features/billing/paymentmode-pages.tsx");
const contactsPage = () => import("../features/contacts/contacts-page.tsx");
const contactCreatePage = () => import("../features/contacts/contact-create-page.tsx");
const contactDetailPage = () => import("../features/contacts/contact-detail-page.tsx");
const contactEditPages = () => import("../features/contacts/contact-edit-pages.tsx");
const contactRecords = () => import("../features/contacts/contact-records.tsx");
const accountsPage = () => import("../features/accounting/accounts-page.tsx");
const accountDetailPage = () => import("../features/accounting/account-detail-page.tsx");
const accountFormPages = () => import("../features/accounting/account-form-pages.tsx");
const entriesPage = () => import("../features/accounting/entries-page.tsx");
const entryDetailPage = () => import("../features/accounting/entry-detail-page.tsx");
const validatePage = () => import("../features/accounting/validate-page.tsx");
const entryFormPages = () => import("../features/accounting/entry-form-pages.tsx");
const journalsPages = () => import("../features/accounting/journals-pages.tsx");
const journalFormPages = () => import("../features/accounting/journal-form-pages.tsx");
const reportsPages = () => import("../features/accounting/reports-pages.tsx");
const yearsPages = () => import("../features/accounting/years-pages.tsx");
const vatPage = () => import("../features/vat/vat-page.tsx");
const vatReturnPage = () => import("../features/vat/return-page.tsx");
const settingsPages = () => import("../features/org/settings-pages.tsx");
const orgPlatformPages = () => import("../features/platform/orgs/org-platform-pages.tsx");
const publicPages = () => import("../features/public/pages.tsx");
const userPages = () => import("../features/platform/users/user-pages.tsx");
const userEditPages = () => import("../features/platform/users/user-edit-pages.tsx");
const orgEditPages = () => import("../features/platform/orgs/org-edit-pages.tsx");
const itemsPage = () => import("../features/items/items-page.tsx");
const importPages = () => import("../features/imports/import-page.tsx");
const itemFormPages = () => import("../features/items/item-form-pages.tsx");
const itemPages = () => import("../features/items/item-pages.tsx");
const docSettingsPage = () => import("../features/docs/settings-page.tsx");
const docsListPage = () => import("../features/docs/list-page.tsx");
const docDetailPage = () => import("../features/docs/detail-page.tsx");
const docEditorPage = () => import("../features/docs/editor-page.tsx");
const docPartPages = () => import("../features/docs/part-pages.tsx");
const docHistoryPages = () => import("../features/docs/history-pages.tsx");
const contactDocs = () => import("../features/docs/contact-docs.tsx");
const templatesPages = () => import("../features/mail/templates-pages.tsx");
const templateEditPage = () => import("../features/mail/template-edit-page.tsx");
const releasesPages = () => import("../features/releases/platform-releases-page.tsx");
const authItemsPages = () => import("../features/platform/auth-items/auth-items-pages.tsx");

const homeVariant = (variant: 2 | 3 | 4 | 5): RouteObject => ({
  path: `public/home${variant}`,
  lazy: async () => {
    const { HomeVariantPage } = await publicPages();
    return { element: <HomeVariantPage variant={variant} /> };
  },
});

const bankPages = () => import("../features/payments/banks-pages.tsx");
const paymentPages = () => import("../features/payments/payments-pages.tsx");
const depositPages = () => import("../features/payments/deposits-pages.tsx");
const reconcilePage = () => import("../features/reconcile/reconcile-page.tsx");
const statementListPages = () => import("../features/bankstatements/statements-pages.tsx");
const statementPages = () => import("../features/bankstatements/statement-pages.tsx");

/** Banks, payment modes, payments and deposits (issue 13). */
const paymentRoutes: RouteObject[] = [
  { path: "org/banks", lazy: screen(bankPages, "BanksPage") },
  { path: "org/banks/create", lazy: screen(bankPages, "BankCreatePage") },
  {
    path: "org/banks/rules",
    lazy: screen(() => import("../features/reconcile/rules-page.tsx"), "BankRulesPage"),
  },
  {
    path: "org/banks/reconciliation",
    lazy: screen(() => import("../features/reconcile/report-page.tsx"), "ReconciliationReportPage"),
  },
  { path: "org/bankstatements/:id/reconcile", lazy: screen(reconcilePage, "ReconcilePage") },
  { path: "org/bankstatements/:id/reconcile/:no", lazy: screen(reconcilePage, "ReconcilePage") },
  { path: "org/paymentsmodes", lazy: screen(bankPages, "PaymentModesPage") },
  { path: "org/paymentsmodes/edit", lazy: screen(bankPages, "PaymentModesEditPage") },
  { path: "org/payments", lazy: screen(paymentPages, "AllPaymentsPage") },
  { path: "org/payments/create", lazy: screen(paymentPages, "PaymentCreatePage") },
  { path: "org/payments/:id", lazy: screen(paymentPages, "PaymentDetailPage") },
  { path: "org/payments/:id/lines", lazy: screen(paymentPages, "PaymentDetailPage") },
  { path: "org/payments/:id/history", lazy: screen(paymentPages, "PaymentHistoryPage") },
  { path: "org/payments/:id/historyedit", lazy: screen(paymentPages, "PaymentHistoryPage") },
  { path: "org/sales/payments", lazy: screen(paymentPages, "SalesPaymentsPage") },
  { path: "org/sales/payments/create", lazy: screen(paymentPages, "SalesPaymentCreatePage") },
  { path: "org/purchases/payments", lazy: screen(paymentPages, "PurchasePaymentsPage") },
  { path: "org/purchases/payments/create", lazy: screen(paymentPages, "PurchasePaymentCreatePage") },
  { path: "org/accounting/deposits", lazy: screen(depositPages, "DepositsPage") },
  { path: "org/accounting/deposits/create", lazy: screen(depositPages, "DepositCreatePage") },
  { path: "org/accounting/deposits/:mvt", lazy: screen(depositPages, "DepositDetailPage") },
  { path: "org/bankstatements", lazy: screen(statementListPages, "StatementsPage") },
  { path: "org/bankstatements/:id", lazy: screen(statementPages, "StatementDetailPage") },
  { path: "org/bankstatements/:id/edit", lazy: screen(statementPages, "StatementEditPage") },
  { path: "org/bankstatements/:id/lines", lazy: screen(statementPages, "StatementLinesPage") },
];

/** The items screens (issue 10). */
const itemRoutes: RouteObject[] = [
  { path: "org/items", lazy: screen(itemsPage, "ItemsPage") },
  { path: "org/items/create", lazy: screen(itemFormPages, "ItemCreatePage") },
  { path: "org/items/import", lazy: screen(importPages, "ItemsImportPage") },
  { path: "org/items/:id", lazy: screen(itemPages, "ItemDetailPage") },
  { path: "org/items/:id/edit", lazy: screen(itemFormPages, "ItemEditPage") },
  { path: "org/items/:id/price", lazy: screen(itemPages, "ItemPricePage") },
  { path: "org/items/:id/price/edit", lazy: screen(itemPages, "ItemPriceEditPage") },
  { path: "org/items/:id/meta", lazy: screen(itemPages, "ItemMetaPage") },
  { path: "org/items/:id/meta/edit", lazy: screen(itemPages, "ItemMetaEditPage") },
];

/** The sales and purchase documents (issue 11). */
const docsRoutes: RouteObject[] = [
  { path: "org/docs/settings", lazy: screen(docSettingsPage, "DocSettingsPage") },
  {
    path: "org/docs/validate",
    lazy: screen(() => import("../features/docs/validate-page.tsx"), "ValidateDocsPage"),
  },
  { path: "org/docs/stats", lazy: screen(() => import("../features/docs/stats-page.tsx"), "DocStatsPage") },
  {
    path: "org/purchases/invoices/import",
    lazy: screen(() => import("../features/docs/import-page.tsx"), "SupplierInvoiceImportPage"),
  },
  {
    path: "org/einvoicing/inbox",
    lazy: screen(() => import("../features/einvoicing/inbox-page.tsx"), "InboxPage"),
  },
  {
    path: "org/einvoicing/ereporting",
    lazy: screen(() => import("../features/einvoicing/ereporting-page.tsx"), "EReportingPage"),
  },
  { path: "org/docs/:id", lazy: screen(docDetailPage, "DocDetailPage") },
  { path: "org/docs/:id/edit", lazy: screen(docEditorPage, "DocEditPage") },
  { path: "org/docs/:id/contact/edit", lazy: screen(docPartPages, "DocContactEditPage") },
  { path: "org/docs/:id/line/edit", lazy: screen(docPartPages, "DocLineEditPage") },
  { path: "org/docs/:id/history", lazy: screen(docHistoryPages, "DocHistoryPage") },
  { path: "org/docs/:id/history/edit", lazy: screen(docHistoryPages, "DocHistoryEditPage") },
  {
    path: "org/docs/:id/mail",
    lazy: screen(() => import("../features/mail/mail-editor-page.tsx"), "DocMailPage"),
  },
  {
    path: "org/sales/reminders",
    lazy: screen(() => import("../features/mail/reminders-page.tsx"), "RemindersPage"),
  },
  { path: "org/emailtemplates", lazy: screen(templatesPages, "EmailTemplatesPage") },
  { path: "org/emailtemplates/:id", lazy: screen(templatesPages, "EmailTemplatePage") },
  { path: "org/emailtemplates/:id/edit", lazy: screen(templateEditPage, "EmailTemplateEditPage") },
  ...(["sales", "purchases"] as const).flatMap((direction) =>
    (["quotes", "orders", "invoices", "deliveries"] as const).map((list) => ({
      path: `org/${direction}/${list}`,
      lazy: async () => {
        const { DocsListPage } = await docsListPage();
        return { element: <DocsListPage key={`${direction}-${list}`} direction={direction} list={list} /> };
      },
    })),
  ),
  { path: "org/contacts/:id/sales/edit", lazy: screen(contactDocs, "ContactSalesEditPage") },
  { path: "org/contacts/:id/purchases/edit", lazy: screen(contactDocs, "ContactPurchasesEditPage") },
];

/** The platform's reference lists, each with its edit variant. */
const referenceRoutes: RouteObject[] = (
  ["units", "countries", "activities", "jobs", "bics"] as const
).flatMap((kind) =>
  [false, true].map((edit) => ({
    path: `registre/${kind}${edit ? "/edit" : ""}`,
    lazy: async () => ({
      Component: (await import("../features/reference/reference-pages.tsx")).referenceScreen(kind, edit),
    }),
  })),
);

/** The accounting screens (issue 4), the VAT returns (issue 22). */
const accountingRoutes: RouteObject[] = [
  { path: "org/accounting/accounts", lazy: screen(accountsPage, "AccountsPage") },
  { path: "org/accounting/accounts/create", lazy: screen(accountFormPages, "AccountCreatePage") },
  { path: "org/accounting/accounts/:id", lazy: screen(accountDetailPage, "AccountDetailPage") },
  { path: "org/accounting/accounts/:id/edit", lazy: screen(accountFormPages, "AccountEditPage") },
  { path: "org/accounting/journals", lazy: screen(journalsPages, "JournalsPage") },
  { path: "org/accounting/journals/create", lazy: screen(journalFormPages, "JournalCreatePage") },
  { path: "org/accounting/journals/:id", lazy: screen(journalsPages, "JournalDetailPage") },
  { path: "org/accounting/journals/:id/edit", lazy: screen(journalFormPages, "JournalEditPage") },
  { path: "org/accounting/entries", lazy: screen(entriesPage, "EntriesPage") },
  { path: "org/accounting/entries/create", lazy: screen(entryFormPages, "EntryCreatePage") },
  { path: "org/accounting/entries/validate", lazy: screen(validatePage, "ValidateEntriesPage") },
  {
    path: "org/accounting/entries/import",
    lazy: screen(() => import("../features/accounting/fec-import-page.tsx"), "FecImportPage"),
  },
  { path: "org/accounting/entries/:mvt", lazy: screen(entryDetailPage, "EntryDetailPage") },
  { path: "org/accounting/entries/:mvt/edit", lazy: screen(entryFormPages, "EntryEditPage") },
  { path: "org/accounting/balancesheet", lazy: screen(yearsPages, "YearsPage") },
  { path: "org/accounting/balancesheet/:id", lazy: screen(yearsPages, "YearPage") },
  { path: "org/accounting/balancesheet/:id/edit", lazy: screen(yearsPages, "YearSettingsPage") },
  { path: "org/accounting/balancesheet/:id/overview", lazy: screen(yearsPages, "YearOverviewPage") },
  { path: "org/accounting/balancesheet/:id/data", lazy: screen(yearsPages, "YearDataPage") },
  { path: "org/accounting/balancesheet/:id/data/edit", lazy: screen(yearsPages, "YearDataEditPage") },
  { path: "org/accounting/balancesheet/:id/step", lazy: screen(yearsPages, "YearStepPage") },
  { path: "org/accounting/balancesheet/:id/step/edit", lazy: screen(yearsPages, "YearStepEditPage") },
  { path: "org/accounting/vat", lazy: screen(vatPage, "VatPage") },
  { path: "org/accounting/vat/:period", lazy: screen(vatReturnPage, "VatReturnPage") },
  { path: "org/accounting/reports", lazy: screen(reportsPages, "ReportsPage") },
  { path: "org/accounting/reports/balance", lazy: screen(reportsPages, "BalanceReportPage") },
  { path: "org/accounting/reports/generalledger", lazy: screen(reportsPages, "GeneralLedgerPage") },
  { path: "org/accounting/reports/balancesheet", lazy: screen(reportsPages, "StatementsReportPage") },
  {
    path: "org/accounting/reports/:report",
    lazy: screen(() => import("../features/reports/report-page.tsx"), "ManagementReportPage"),
  },
  {
    path: "org/accounting/history",
    lazy: screen(() => import("../features/accounting/history-page.tsx"), "LedgerHistoryPage"),
  },
];

const accountRoutes = (
  ["phone", "email", "address", "legal"] as const satisfies AccountResource["route"][]
).flatMap((route) => [
  {
    path: `account/${route}`,
    lazy: async () => {
      const { AccountResourcePage } = await accountPages();
      return { element: <AccountResourcePage route={route} /> };
    },
  },
  {
    path: `account/${route}/edit`,
    lazy: async () => {
      const { AccountResourceEditPage } = await accountPages();
      return { element: <AccountResourceEditPage route={route} /> };
    },
  },
]);

/** The contact screens (issue 10): the list, creation, settings, each contact and its parts. */
const contactRoutes: RouteObject[] = [
  { path: "org/contacts", lazy: screen(contactsPage, "ContactsPage") },
  { path: "org/contacts/create", lazy: screen(contactCreatePage, "ContactCreatePage") },
  { path: "org/contacts/import", lazy: screen(importPages, "ContactsImportPage") },
  { path: "org/contacts/settings", lazy: screen(contactEditPages, "ContactSettingsPage") },
  { path: "org/contacts/:id", lazy: screen(contactDetailPage, "ContactDetailPage") },
  { path: "org/contacts/:id/edit", lazy: screen(contactEditPages, "ContactEditPage") },
  ...[...contactRecordParts, ...contactOtherParts].map((part) => ({
    path: `org/contacts/:id/${part}`,
    lazy: async () => {
      const { ContactDetailPage } = await contactDetailPage();
      return { element: <ContactDetailPage part={part} /> };
    },
  })),
  ...contactRecordParts.map((part) => ({
    path: `org/contacts/:id/${part}/edit`,
    lazy: async () => {
      const { ContactRecordEditPage } = await contactRecords();
      return { element: <ContactRecordEditPage part={part} /> };
    },
  })),
  {
    path: "org/contacts/:id/pref/me",
    lazy: screen(() => import("../features/contacts/contact-preferences.tsx"), "ContactPrefMePage"),
  },
  {
    path: "org/contacts/:id/pref/org",
    lazy: screen(() => import("../features/contacts/contact-preferences.tsx"), "ContactPrefOrgPage"),
  },
  {
    path: "org/contacts/:id/history/edit",
    lazy: screen(() => import("../features/contacts/contact-history.tsx"), "ContactHistoryEditPage"),
  },
  {
    path: "org/contacts/:id/job/edit",
    lazy: screen(() => import("../features/contacts/contact-job.tsx"), "ContactJobEditPage"),
  },
];

/** Every screen route; the spec-coverage test walks this table. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      // home layout: the landing page.
      { element: <HomeLayout />, children: [{ index: true, element: <LandingPage /> }] },
      // A shared document (a share link's token): public, its own bare frame.
      {
        path: "share/docs",
        lazy: screen(() => import("../features/files/shared-doc-page.tsx"), "SharedDocPage"),
      },
      // homePage layout: the other public pages, login and registration.
      {
        element: <HomePageLayout />,
        children: [
          { path: "public", lazy: screen(publicPages, "PublicHomePage") },
          { path: "public/prices", lazy: screen(publicPages, "PricesPage") },
          {
            path: "public/password/renew",
            lazy: screen(() => import("../features/session/password-renew-page.tsx"), "PasswordRenewPage"),
          },
          {
            path: "public/invitation",
            lazy: screen(() => import("../features/session/invitation-page.tsx"), "InvitationPage"),
          },
          homeVariant(2),
          homeVariant(3),
          homeVariant(4),
          homeVariant(5),
          { path: "about", lazy: screen(publicPages, "AboutPage") },
          { path: "readme", lazy: screen(publicPages, "ReadmePage") },
          // Lazy since the sign-in is on the kit's schema form: zod and @mantine/form stay out of the first load.
          { path: "login", lazy: screen(() => import("../features/session/login-page.tsx"), "LoginPage") },
          {
            path: "register",
            lazy: screen(() => import("../features/session/register-page.tsx"), "RegisterPage"),
          },
          {
            path: "user/orgs",
            loader: requireSessionOrChoice,
            lazy: screen(() => import("../features/session/user-orgs-page.tsx"), "UserOrgsPage"),
          },
        ],
      },
      // default layout: the authenticated frame.
      {
        lazy: screen(() => import("./layouts/default-layout.tsx"), "DefaultLayout"),
        loader: requireSession,
        children: [
          {
            path: "org/dashboard",
            lazy: screen(() => import("../features/org/dashboard-page.tsx"), "DashboardPage"),
          },
          {
            path: "org/dashboard/control",
            lazy: screen(() => import("../features/org/control-page.tsx"), "ControlPage"),
          },
          {
            path: "org/dashboard/income",
            lazy: screen(() => import("../features/dashboard/income-page.tsx"), "IncomePage"),
          },
          {
            path: "org/dashboard/income/mobile",
            lazy: screen(() => import("../features/dashboard/income-page.tsx"), "IncomeMobilePage"),
          },
          {
            path: "org/dashboard/releases",
            lazy: screen(() => import("../features/releases/news-page.tsx"), "ReleaseNewsPage"),
          },
          { path: "org/settings", lazy: screen(settingsPages, "SettingsPage") },
          { path: "org/settings/orgname", lazy: screen(settingsPages, "OrgNamePage") },
          { path: "org/settings/orgmail", lazy: screen(settingsPages, "OrgMailPage") },
          { path: "org/settings/orglogo", lazy: screen(settingsPages, "OrgLogoPage") },
          {
            path: "org/settings/clouddrive",
            lazy: screen(() => import("../features/files/storage-page.tsx"), "StoragePage"),
          },
          {
            path: "org/settings/rights",
            lazy: screen(() => import("../features/org/rights-page.tsx"), "RightsPage"),
          },
          {
            path: "org/settings/einvoicing",
            lazy: screen(
              () => import("../features/einvoicing/connection-page.tsx"),
              "EInvoicingConnectionPage",
            ),
          },
          {
            path: "org/contacts/users",
            lazy: screen(() => import("../features/org/contact-users-page.tsx"), "ContactUsersPage"),
          },
          {
            path: "org/contacts/users/create",
            lazy: screen(() => import("../features/org/invite-user-page.tsx"), "InviteUserPage"),
          },
          {
            path: "org/contacts/users/:contactId",
            lazy: screen(() => import("../features/org/contact-user-page.tsx"), "ContactUserPage"),
          },
          { path: "account", lazy: screen(accountPages, "AccountPage") },
          { path: "account/paymentmode", lazy: screen(paymentModePages, "PaymentModePage") },
          { path: "account/paymentmode/edit", lazy: screen(paymentModePages, "PaymentModeEditPage") },
          { path: "account/invoices", lazy: screen(invoicePages, "AccountInvoicesPage") },
          { path: "account/invoices/:id", lazy: screen(invoicePages, "AccountInvoicePage") },
          { path: "account/payments", lazy: screen(invoicePages, "AccountPaymentsPage") },
          { path: "account/payments/:id", lazy: screen(invoicePages, "AccountPaymentPage") },
          { path: "account/payments/:id/lines", lazy: screen(invoicePages, "AccountPaymentLinesPage") },
          ...accountRoutes,
          ...accountingRoutes,
          ...itemRoutes,
          ...paymentRoutes,
          ...referenceRoutes,
          ...contactRoutes,
          ...docsRoutes,
          {
            path: "registre/orgs",
            lazy: screen(() => import("../features/platform/orgs/orgs-page.tsx"), "OrgsPage"),
          },
          {
            path: "registre/orgs/invoices",
            lazy: screen(
              () => import("../features/billing-invoices/platform-invoices-page.tsx"),
              "PlatformInvoicesPage",
            ),
          },
          {
            path: "registre/orgs/:id",
            lazy: screen(() => import("../features/platform/orgs/org-detail-page.tsx"), "OrgDetailPage"),
          },
          { path: "registre/orgs/:id/edit", lazy: screen(orgPlatformPages, "OrgEditPage") },
          { path: "registre/orgs/:id/history", lazy: screen(orgPlatformPages, "OrgHistoryPage") },
          { path: "registre/orgs/:id/log", lazy: screen(orgPlatformPages, "OrgLogPage") },
          { path: "registre/orgs/:id/user", lazy: screen(orgPlatformPages, "OrgMembersPage") },
          { path: "registre/orgs/:id/user/edit", lazy: screen(orgEditPages, "OrgMembersEditPage") },
          { path: "registre/orgs/:id/history/edit", lazy: screen(orgEditPages, "OrgArchivePage") },
          {
            path: "registre/projections",
            lazy: screen(() => import("../features/read-models/read-models-page.tsx"), "ReadModelsPage"),
          },
          {
            path: "registre/users",
            lazy: screen(() => import("../features/platform/users/users-page.tsx"), "UsersPage"),
          },
          { path: "registre/users/:id", lazy: screen(userPages, "UserDetailPage") },
          { path: "registre/users/:id/log", lazy: screen(userPages, "UserLogPage") },
          { path: "registre/users/:id/org", lazy: screen(userPages, "PlatformUserOrgsPage") },
          { path: "registre/users/:id/edit", lazy: screen(userEditPages, "UserEditPage") },
          { path: "registre/users/:id/orgedit", lazy: screen(userEditPages, "UserOrgsEditPage") },
          { path: "registre/releases", lazy: screen(releasesPages, "ReleasesPage") },
          { path: "registre/auth/items", lazy: screen(authItemsPages, "AuthItemsPage") },
          { path: "registre/auth/items/edit", lazy: screen(authItemsPages, "AuthItemsEditPage") },
          {
            path: "help/:entity/:action",
            lazy: screen(() => import("../features/help/api-doc-page.tsx"), "ApiDocPage"),
          },
          { path: "registre/releases/edit", lazy: screen(releasesPages, "ReleasesEditPage") },
        ],
      },
      // 404 layout.
      { path: "*", element: <NotFoundLayout /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
