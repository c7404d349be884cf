import { accountingSetupProjector } from "./accounting-setup.ts";
import { attachmentsProjector } from "./attachments.ts";
import { authorizationProjector } from "./authorization.ts";
import { bankStatementsProjector } from "./bank-statements.ts";
import { contactsProjector } from "./contacts.ts";
import { documentsProjector } from "./documents.ts";
import { einvoicingInboxProjector } from "./einvoicing-inbox.ts";
import { membershipsProjector, usersProjector } from "./identity.ts";
import { invitationsProjector } from "./invitations.ts";
import { itemsProjector } from "./items.ts";
import { ledgerProjector } from "./ledger.ts";
import { ledgerHistoryProjector } from "./ledger-history.ts";
import { organisationsProjector } from "./organisations.ts";
import { paymentsProjector } from "./payments.ts";
import { platformProjector } from "./platform.ts";
import { referenceDataProjector } from "./reference.ts";
import { releasesProjector } from "./releases.ts";
import { salesStatsProjector } from "./sales-stats.ts";
import { streamHistoryProjector } from "./stream-history.ts";
import { subscriptionsProjector } from "./subscriptions.ts";
import { vatLinesProjector } from "./vat-lines.ts";

export * from "./accounting-setup.ts";
export * from "./attachments.ts";
export * from "./authorization.ts";
export * from "./bank-statements.ts";
export * from "./contacts.ts";
export {
  type DocumentDayRow,
  type DocumentDaysTable,
  type DocumentOpenContactsTable,
  type DocumentOpenDaysTable,
  refillDocumentSummaries,
} from "./document-summaries.ts";
export * from "./documents.ts";
export * from "./einvoicing-inbox.ts";
export * from "./identity.ts";
export * from "./invitations.ts";
export * from "./items.ts";
export * from "./ledger.ts";
export * from "./ledger-history.ts";
export * from "./organisations.ts";
export * from "./payments.ts";
export * from "./platform.ts";
export * from "./projector.ts";
export * from "./reactor.ts";
export * from "./read-models.ts";
export * from "./reference.ts";
export * from "./releases.ts";
export * from "./runner.ts";
export * from "./sales-stats.ts";
export * from "./schedule.ts";
export * from "./stream-history.ts";
export * from "./subscriptions.ts";
export * from "./vat-lines.ts";
export * from "./versions.ts";

/** Every projector Registre runs. */
export const allProjectors = [
  organisationsProjector,
  streamHistoryProjector,
  usersProjector,
  membershipsProjector,
  invitationsProjector,
  authorizationProjector,
  accountingSetupProjector,
  ledgerProjector,
  ledgerHistoryProjector,
  itemsProjector,
  referenceDataProjector,
  contactsProjector,
  documentsProjector,
  attachmentsProjector,
  paymentsProjector,
  bankStatementsProjector,
  vatLinesProjector,
  einvoicingInboxProjector,
  salesStatsProjector,
  releasesProjector,
  platformProjector,
  subscriptionsProjector,
] as const;
