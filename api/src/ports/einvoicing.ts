/**
 * The e-invoicing platform port (a « plateforme agréée » of the French e-invoicing reform): where an
 * organisation's invoices are sent and its suppliers' received, with their lifecycle messages, through
 * the standard API many platforms offer — the Flow and Directory services of XP Z12-013 (annexes A and
 * B), whose types are generated from their OpenAPI documents (`einvoicing/openapi/`, on the
 * foundation's floor). Each organisation connects to its own platform with its own credentials
 * (`PlatformConnection`, kept encrypted at rest: `einvoicing/connection.ts`), so the context holds a
 * factory, `EInvoicingPlatforms`, which `bootstrap.ts` wires to the HTTP adapter
 * (`einvoicing/http-adapter.ts`) and tests may replace.
 *
 * Every failure is a `PlatformError`: `transient` when trying again later may succeed (the network,
 * a timeout, 429, 5xx), not when the platform refused the request or answered off its schema.
 */
import type { components as DirectoryComponents } from "../einvoicing/openapi/afnor-directory-service.ts";
import type { components as FlowComponents } from "../einvoicing/openapi/afnor-flow-service.ts";

type FlowSchemas = FlowComponents["schemas"];
type DirectorySchemas = DirectoryComponents["schemas"];

/** What qualifies a flow sent: its syntax, profile, tracking id (the document's number), SHA-256. */
export type FlowInfo = FlowSchemas["FlowInfo"];
/** A flow as the platform answers its submission: `FlowInfo` with its `flowId` and `submittedAt`. */
export type FullFlowInfo = FlowSchemas["FullFlowInfo"];
/** A flow's metadata: its direction, type, acknowledgement (Pending, Ok, Error with reasons), dates. */
export type Flow = FlowSchemas["Flow"];
export type FlowType = FlowSchemas["FlowType"];
export type FlowDirection = FlowSchemas["FlowDirection"];
export type FlowSyntax = FlowSchemas["FlowSyntax"];
export type FlowProfile = FlowSchemas["FlowProfile"];
export type FlowAckStatus = FlowSchemas["FlowAckStatus"];
export type ProcessingRule = FlowSchemas["ProcessingRule"];
export type Acknowledgement = FlowSchemas["Acknowledgement"];
export type AcknowledgementDetail = FlowSchemas["AcknowledgementDetail"];
/** The criteria of `searchFlows` (at least one): `updatedAfter` pages, results come by `updatedAt`. */
export type SearchFlowFilters = FlowSchemas["SearchFlowFilters"];
/** The body a platform posts to a registered webhook: `{ flowInfo: Flow }`. */
export type WebhookCallbackContent = FlowSchemas["WebhookCallbackContent"];
/** Which file of a flow to download: the one sent, the platform's conversion, its readable view. */
export type FlowFileKind = "Original" | "Converted" | "ReadableView";

/** A legal unit (SIREN) of the directory. */
export type LegalUnit = DirectorySchemas["legalUnitPayloadHistory"];
/** A facility (SIRET) of the directory. */
export type Facility = DirectorySchemas["facilityPayloadHistory"];
/** A line of the directory: where invoices to a SIREN (or SIRET, or routing code) are received. */
export type DirectoryLine = DirectorySchemas["directoryLinePayloadHistoryLegalUnitFacilityRoutingCode"];

/** How to reach an organisation's platform: its two services, its token endpoint, its credentials. */
export type PlatformConnection = {
  /** The flow service's base URL, the `/v1/...` paths after it (`https://api.example/flow-service`). */
  readonly flowUrl: string;
  /** The directory service's base URL (`https://api.example/directory-service`). */
  readonly directoryUrl: string;
  /** The OAuth2 token endpoint (client credentials). */
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
};

/** A file to send as a flow. */
export type FlowFile = {
  readonly bytes: Uint8Array;
  readonly name: string;
  /** `application/xml` (CII, UBL, CDAR) or `application/pdf` (Factur-X). */
  readonly contentType: string;
};

/** A file of a flow, downloaded. */
export type DownloadedFlowFile = {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  /** From `Content-Disposition`, when the platform names it. */
  readonly name: string | null;
};

/** A call's options: `requestId` (a UUID) goes as `X-Request-Id`, to find the call in the platform's logs. */
export type CallOptions = { readonly requestId?: string };

export type EInvoicingPlatform = {
  /** Both services' `GET /v1/healthcheck` (with a token, so the credentials are tried too). */
  readonly healthcheck: () => Promise<void>;
  /**
   * Sends a file as a flow (`POST /v1/flows`, multipart). The standard has no idempotency key: the
   * platform refuses a second flow with the same `trackingId` from the same sender (its
   * acknowledgement `AlreadyExistingFlow`), which is what keeps a retried submission from being sent twice.
   */
  readonly submitFlow: (info: FlowInfo, file: FlowFile, options?: CallOptions) => Promise<FullFlowInfo>;
  /** `POST /v1/flows/search`: at most `limit` (≤ 100, 25 by default) flows by `updatedAt` ascending. */
  readonly searchFlows: (
    where: SearchFlowFilters,
    limit?: number,
    options?: CallOptions,
  ) => Promise<readonly Flow[]>;
  /** A flow's metadata (`GET /v1/flows/{flowId}`). */
  readonly getFlow: (flowId: string, options?: CallOptions) => Promise<Flow>;
  /** A flow's file (`GET /v1/flows/{flowId}?docType=…`). */
  readonly getFlowFile: (
    flowId: string,
    kind: FlowFileKind,
    options?: CallOptions,
  ) => Promise<DownloadedFlowFile>;
  /** The directory's legal unit of a SIREN, or null when the directory has none. */
  readonly lookupSiren: (siren: string, options?: CallOptions) => Promise<LegalUnit | null>;
  /** The directory's facility of a SIRET, or null when the directory has none. */
  readonly lookupSiret: (siret: string, options?: CallOptions) => Promise<Facility | null>;
  /** The directory lines of a SIREN (empty: it receives its invoices on no platform yet). */
  readonly directoryLines: (siren: string, options?: CallOptions) => Promise<readonly DirectoryLine[]>;
};

/** The platforms: one client per connection (the adapter shares tokens between clients of one connection). */
export type EInvoicingPlatforms = {
  readonly connect: (connection: PlatformConnection) => EInvoicingPlatform;
};

/** What failed: the platform's answer (`status`, its `errorCode` and `errorMessage`), or the way to it. */
export type PlatformErrorDetails = {
  /** The HTTP status the platform answered; null when no answer came (network, timeout). */
  readonly status: number | null;
  /**
   * The platform's `errorCode`, or the adapter's own: `NETWORK_ERROR`, `TIMEOUT`, `INVALID_ANSWER` (an
   * answer off the OpenAPI schema), `TOKEN_REFUSED` (the token endpoint refused the credentials).
   */
  readonly errorCode: string;
  readonly errorMessage: string;
  /** Trying again later may succeed: the network, a timeout, 408, 429, 5xx. */
  readonly transient: boolean;
  /** The call that failed (`token`, `healthcheck`, `submitFlow`, `lookupSiren` …), for the logs. */
  readonly operation: string;
};

export class PlatformError extends Error implements PlatformErrorDetails {
  readonly status: number | null;
  readonly errorCode: string;
  readonly errorMessage: string;
  readonly transient: boolean;
  readonly operation: string;

  constructor(details: PlatformErrorDetails) {
    super(
      `e-invoicing platform, ${details.operation}: ${details.status ?? "no answer"} ${details.errorCode}${
        details.errorMessage ? ` (${details.errorMessage})` : ""
      }`,
    );
    this.name = "PlatformError";
    this.status = details.status;
    this.errorCode = details.errorCode;
    this.errorMessage = details.errorMessage;
    this.transient = details.transient;
    this.operation = details.operation;
  }
}

/** Whether an error is the platform's (or the way to it), as opposed to a bug of ours. */
export const isPlatformError = (error: unknown): error is PlatformError => error instanceof PlatformError;
