import { z } from "@hono/zod-openapi";
import { CONNECTION_LIMITS } from "@registre/core";
import { pathParams } from "./ids.ts";

/** The schemas of the connection to the approved platform (`routes/einvoicing.ts`). */

const Url = z
  .string()
  .min(1)
  .max(CONNECTION_LIMITS.url)
  .openapi({ example: "https://api.plateforme.example/flow-service" });

export const EInvoicingConnection = z
  .object({
    flowUrl: Url.openapi({ description: "The Flow service's base URL (the `/v1/...` paths follow it)" }),
    directoryUrl: Url.openapi({ description: "The Directory service's base URL" }),
    tokenUrl: Url.openapi({ description: "The OAuth2 token endpoint (client credentials)" }),
    clientId: z.string().max(CONNECTION_LIMITS.clientId),
    clientSecretSet: z.boolean().openapi({ description: "A client secret is kept (never answered)" }),
    webhookSecretSet: z.boolean().openapi({ description: "A webhook secret is kept (never answered)" }),
  })
  .openapi("EInvoicingConnection");

export const EInvoicingConnectionAnswer = z
  .object({
    connection: EInvoicingConnection.nullable(),
    webhookUrl: z.string().openapi({
      description: "Where the platform should post its webhook calls for this organisation",
    }),
    generatedWebhookSecret: z.string().optional().openapi({
      description:
        "The webhook secret Registre just made (`generateWebhookSecret`): shown in this answer only, to copy into the platform",
    }),
  })
  .openapi("EInvoicingConnectionAnswer");

export const EInvoicingConnectionInput = z
  .object({
    flowUrl: Url,
    directoryUrl: Url,
    tokenUrl: Url,
    // The platform's own client id (OAuth2's VSCHAR): taken exactly as given, so never with a space at
    // either end.
    clientId: z
      .string()
      .max(CONNECTION_LIMITS.clientId)
      .regex(/^\S(?:.*\S)?$/),
    clientSecret: z.string().min(1).max(500).optional().openapi({
      description: "The client secret the platform gave; absent, the one kept stays",
    }),
    webhookSecret: z.string().max(500).optional().openapi({
      description: "A webhook secret chosen by the user (16 characters at least); absent, the one kept stays",
    }),
    generateWebhookSecret: z.boolean().optional().openapi({
      description: "Registre makes a new webhook secret, answered once in `generatedWebhookSecret`",
    }),
  })
  .openapi("EInvoicingConnectionInput");

const Siren = z
  .string()
  .regex(/^\d{9}$/)
  .openapi({ example: "552120222" });

export const SirenParam = pathParams({ siren: Siren });

const Address = z
  .object({
    addressLine1: z.string().optional(),
    addressLine2: z.string().optional(),
    addressLine3: z.string().optional(),
    postalCode: z.string().optional(),
    locality: z.string().optional(),
    countryCode: z.string().optional(),
  })
  .openapi("DirectoryAddress");

export const DirectoryLegalUnit = z
  .object({
    siren: z.string(),
    businessName: z.string().nullable(),
    entityType: z.string().nullable(),
    administrativeStatus: z.string().nullable(),
  })
  .openapi("DirectoryLegalUnit");

export const DirectoryLineOut = z
  .object({
    addressingIdentifier: z.string().nullable(),
    siren: z.string().nullable(),
    siret: z.string().nullable(),
    addressingSuffix: z.string().nullable(),
    routingIdentifier: z.string().nullable(),
    platformType: z
      .string()
      .nullable()
      .openapi({ description: "WK: an approved platform; DFH: the state's" }),
    platformStatus: z.string().nullable(),
    businessName: z.string().nullable(),
    facilityName: z.string().nullable(),
    address: Address.nullable(),
  })
  .openapi("DirectoryLine");

export const DirectoryLookup = z
  .object({
    siren: Siren,
    legalUnit: DirectoryLegalUnit.nullable().openapi({ description: "Null: the directory does not know it" }),
    lines: z.array(DirectoryLineOut).openapi({
      description:
        "Where it receives its invoices; empty: on no platform yet (out of the reform's reach for now)",
    }),
  })
  .openapi("DirectoryLookup");

export const ConnectionTestStep = z
  .object({
    step: z.enum(["healthcheck", "directory"]),
    outcome: z.enum(["ok", "failed", "skipped"]),
    code: z.string().nullable().openapi({
      description:
        "Why it failed: einvoicing.test.unreachable, credentialsRefused, refused, invalidAnswer, notListed, secretUnreadable",
    }),
    message: z.string().nullable().openapi({ description: "The outcome in the request's language" }),
    status: z.number().int().nullable().openapi({ description: "The HTTP status the platform answered" }),
    errorCode: z.string().nullable().openapi({ description: "The platform's errorCode, or the adapter's" }),
  })
  .openapi("ConnectionTestStep");

export const ConnectionTestReport = z
  .object({
    ok: z.boolean(),
    steps: z.array(ConnectionTestStep),
    lookup: DirectoryLookup.nullable().openapi({ description: "The organisation's own directory entry" }),
  })
  .openapi("ConnectionTestReport");
