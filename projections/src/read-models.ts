import type { Database, StoreSchema } from "@registre/store";
import type { Kysely } from "kysely";
import type {
  AccountsTable,
  ClosingStepsTable,
  FiscalYearsTable,
  JournalsTable,
  PeriodLocksTable,
} from "./accounting-setup.ts";
import type { AttachmentsTable } from "./attachments.ts";
import type { AuthAssignmentsTable, AuthItemsTable } from "./authorization.ts";
import type { AccountBalancesTable, AccountDayBalancesTable, AuxiliaryBalancesTable } from "./balances.ts";
import type { BankStatementLinesTable, BankStatementsTable } from "./bank-statements.ts";
import type { ContactAuxiliaryCodesTable, ContactsTable } from "./contacts.ts";
import type {
  DocumentDaysTable,
  DocumentOpenContactsTable,
  DocumentOpenDaysTable,
} from "./document-summaries.ts";
import type { DocumentLinesTable, DocumentsTable } from "./documents.ts";
import type { EInvoicingInboxTable } from "./einvoicing-inbox.ts";
import type { EntrySearchTable } from "./entry-search.ts";
import type { EntryDayTotalsTable, EntryMonthTotalsTable } from "./entry-totals.ts";
import type { MembershipsTable, UsersTable } from "./identity.ts";
import type { InvitationsTable } from "./invitations.ts";
import type { ItemsTable } from "./items.ts";
import type { EntriesTable, LedgerLinesTable } from "./ledger.ts";
import type { LedgerHistoryDraftsTable, LedgerHistoryMovesTable } from "./ledger-history.ts";
import type { OrganisationsTable } from "./organisations.ts";
import type { DepositsTable, PaymentsTable } from "./payments.ts";
import type { OrganisationArchivesTable } from "./platform.ts";
import type { ReferenceEntriesTable } from "./reference.ts";
import type { ReleaseNotesTable, ReleaseVisitsTable } from "./releases.ts";
import type {
  SalesStatsItemCostsTable,
  SalesStatsMonthItemsTable,
  SalesStatsMonthRatesTable,
  SalesStatsMonthsTable,
  SalesStatsPendingTable,
  SalesStatsTable,
} from "./sales-stats.ts";
import type { StreamHistoryTable } from "./stream-history.ts";
import type { SubscriptionsTable } from "./subscriptions.ts";
import type { VatLinesTable, VatReturnsTable, VatUntaggedLinesTable } from "./vat-lines.ts";
import type { ReadModelVersionsTable } from "./versions.ts";

/** Every read-model table by the name queries use (the view onto its live generation), typed beside its projector. */
export type ReadModels = {
  organisations: OrganisationsTable;
  stream_history: StreamHistoryTable;
  users: UsersTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  auth_items: AuthItemsTable;
  auth_assignments: AuthAssignmentsTable;
  accounts: AccountsTable;
  journals: JournalsTable;
  fiscal_years: FiscalYearsTable;
  period_locks: PeriodLocksTable;
  closing_steps: ClosingStepsTable;
  entries: EntriesTable;
  entry_search: EntrySearchTable;
  ledger_lines: LedgerLinesTable;
  account_balances: AccountBalancesTable;
  auxiliary_balances: AuxiliaryBalancesTable;
  account_day_balances: AccountDayBalancesTable;
  entry_month_totals: EntryMonthTotalsTable;
  entry_day_totals: EntryDayTotalsTable;
  items: ItemsTable;
  ledger_history_moves: LedgerHistoryMovesTable;
  ledger_history_drafts: LedgerHistoryDraftsTable;
  reference_entries: ReferenceEntriesTable;
  release_notes: ReleaseNotesTable;
  release_visits: ReleaseVisitsTable;
  organisation_archives: OrganisationArchivesTable;
  subscriptions: SubscriptionsTable;
  contacts: ContactsTable;
  contact_auxiliary_codes: ContactAuxiliaryCodesTable;
  documents: DocumentsTable;
  document_lines: DocumentLinesTable;
  document_days: DocumentDaysTable;
  document_open_days: DocumentOpenDaysTable;
  document_open_contacts: DocumentOpenContactsTable;
  attachments: AttachmentsTable;
  einvoicing_inbox: EInvoicingInboxTable;
  sales_stats: SalesStatsTable;
  sales_stats_pending: SalesStatsPendingTable;
  sales_stats_item_costs: SalesStatsItemCostsTable;
  sales_stats_months: SalesStatsMonthsTable;
  sales_stats_month_items: SalesStatsMonthItemsTable;
  sales_stats_month_rates: SalesStatsMonthRatesTable;
  payments: PaymentsTable;
  deposits: DepositsTable;
  bank_statements: BankStatementsTable;
  bank_statement_lines: BankStatementLinesTable;
  vat_lines: VatLinesTable;
  vat_returns: VatReturnsTable;
  vat_untagged_lines: VatUntaggedLinesTable;
  ledger_versions: ReadModelVersionsTable;
  accounting_setup_versions: ReadModelVersionsTable;
};

/** The database as read-model queries see it: the store's tables and every read model, typed. */
export type ReadModelDatabase = Kysely<StoreSchema & ReadModels>;

/**
 * The database handle typed with the read models. The store cannot name them (it sits below the
 * projections), so its handle leaves other tables untyped; queries of the read models go through this.
 */
export const readModels = (database: Pick<Database, "db">): ReadModelDatabase =>
  database.db as unknown as ReadModelDatabase;
