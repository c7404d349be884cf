/**
 * The e-invoicing platform port (a « plateforme agréée » of the French e-invoicing reform): where the
 * organisation's invoices are sent and its suppliers' received, with their life-cycle statuses. An
 * interface only: no adapter exists yet. Its calls are made by a reactor (`@registre/projections`,
 * `Reactor`), each with the reaction's id as its idempotency key, so that a reaction given again is
 * recognised by the platform rather than sent twice.
 */

/** An invoice to send: its Factur-X (or CII/UBL) file and what the platform routes it by. */
export type EInvoiceSubmission = {
  readonly orgId: string;
  /** The document in Registre. */
  readonly documentId: string;
  /** The invoice's number, as printed. */
  readonly number: string;
  /** The buyer's SIREN: the directory (« annuaire ») gives its platform. */
  readonly buyerSiren: string | null;
  readonly file: { readonly bytes: Uint8Array; readonly name: string; readonly contentType: string };
};

/** A life-cycle status the platform reports for a sent or received invoice (the reform's statuses). */
export type EInvoiceStatus = {
  readonly platformId: string;
  /** The reform's status code (« déposée », « rejetée », « refusée », « encaissée »…). */
  readonly code: string;
  readonly at: string;
  readonly reason: string | null;
};

/** An invoice a supplier sent the organisation, as the platform hands it over. */
export type ReceivedEInvoice = {
  readonly platformId: string;
  readonly receivedAt: string;
  readonly file: { readonly bytes: Uint8Array; readonly name: string; readonly contentType: string };
};

export type EInvoicingPlatform = {
  /** The platform's name, for the logs and the screens. */
  readonly name: string;
  /** Sends an invoice; `idempotencyKey` makes a second call with it answer the first one's id. */
  readonly submit: (
    submission: EInvoiceSubmission,
    idempotencyKey: string,
  ) => Promise<{ readonly platformId: string }>;
  /** The statuses reported for an organisation's invoices since a platform cursor (null: from the start). */
  readonly statuses: (
    orgId: string,
    since: string | null,
  ) => Promise<{ readonly statuses: readonly EInvoiceStatus[]; readonly cursor: string | null }>;
  /** The invoices received for an organisation since a platform cursor. */
  readonly received: (
    orgId: string,
    since: string | null,
  ) => Promise<{ readonly invoices: readonly ReceivedEInvoice[]; readonly cursor: string | null }>;
};
