/**
 * The directory seen from Registre, and the « test the connection » call: a customer's directory entry
 * (its legal unit and the lines saying where it receives invoices), and the organisation's own
 * connection tried step by step — the healthcheck (a token, then both services), then the directory
 * look-up of its own SIREN — each step's outcome answered in words, never a 5xx: a platform down is an
 * outcome the screen shows, not an error of Registre's.
 */
import type { z } from "@hono/zod-openapi";
import type { AppContext } from "../context.ts";
import { type Locale, translate } from "../http/messages.ts";
import { ProblemError } from "../http/problem.ts";
import { findOrganisation } from "../organisations.ts";
import {
  type DirectoryLine,
  type EInvoicingPlatform,
  isPlatformError,
  type LegalUnit,
  type PlatformError,
} from "../ports/index.ts";
import type { ConnectionTestReport, ConnectionTestStep, DirectoryLookup } from "../schemas/einvoicing.ts";
import { loadConnection } from "./connection.ts";

type Lookup = z.infer<typeof DirectoryLookup>;
type Step = z.infer<typeof ConnectionTestStep>;

const text = (value: string | undefined) => value ?? null;

const lineView = (line: DirectoryLine): Lookup["lines"][number] => ({
  addressingIdentifier: text(line.addressingIdentifier),
  siren: text(line.siren),
  siret: text(line.siret),
  addressingSuffix: text(line.addressingSuffix),
  routingIdentifier: text(line.routingCode?.routingIdentifier),
  platformType: text(line.platform?.platformType),
  platformStatus: text(line.platform?.platformStatus),
  businessName: text(line.legalUnit?.businessName),
  facilityName: text(line.facility?.name),
  address: line.facility?.address
    ? {
        ...(line.facility.address.addressLine1 !== undefined && {
          addressLine1: line.facility.address.addressLine1,
        }),
        ...(line.facility.address.addressLine2 !== undefined && {
          addressLine2: line.facility.address.addressLine2,
        }),
        ...(line.facility.address.addressLine3 !== undefined && {
          addressLine3: line.facility.address.addressLine3,
        }),
        ...(line.facility.address.postalCode !== undefined && {
          postalCode: line.facility.address.postalCode,
        }),
        ...(line.facility.address.locality !== undefined && { locality: line.facility.address.locality }),
        ...(line.facility.address.countryCode !== undefined && {
          countryCode: line.facility.address.countryCode,
        }),
      }
    : null,
});

const legalUnitView = (siren: string, unit: LegalUnit): NonNullable<Lookup["legalUnit"]> => ({
  siren: unit.siren ?? siren,
  businessName: text(unit.businessName),
  entityType: text(unit.entityType),
  administrativeStatus: text(unit.administrativeStatus),
});

/** A SIREN's directory entry on the platform: its legal unit (or null) and its lines. */
export const lookupDirectory = async (platform: EInvoicingPlatform, siren: string): Promise<Lookup> => {
  const [unit, lines] = await Promise.all([platform.lookupSiren(siren), platform.directoryLines(siren)]);
  return { siren, legalUnit: unit && legalUnitView(siren, unit), lines: lines.map(lineView) };
};

/** A platform's failure as a route's problem: 503 when trying later may do, else 424 with its code. */
export const platformProblem = (error: PlatformError): ProblemError =>
  error.transient
    ? new ProblemError(503, "einvoicing.platformUnavailable", { retryAfter: 60 })
    : new ProblemError(424, "einvoicing.platformRefused", { errorCode: error.errorCode.slice(0, 80) });

/** The organisation's platform, or 409 `einvoicing.notConnected`. */
export const connectedPlatform = async (ctx: AppContext, orgId: string): Promise<EInvoicingPlatform> => {
  const connection = await loadConnection(ctx, orgId);
  if (!connection) throw new ProblemError(409, "einvoicing.notConnected");
  return ctx.einvoicing.connect(connection);
};

/** Why a step failed, as a code of the catalogue. */
const failureCode = (error: PlatformError): string => {
  if (error.transient) return "einvoicing.test.unreachable";
  if (error.errorCode === "TOKEN_REFUSED" || error.status === 401 || error.status === 403)
    return "einvoicing.test.credentialsRefused";
  if (error.errorCode === "INVALID_ANSWER" || error.errorCode === "ANSWER_TOO_LARGE")
    return "einvoicing.test.invalidAnswer";
  return "einvoicing.test.refused";
};

/**
 * Tries the organisation's connection: the healthcheck, then the directory look-up of its own SIREN
 * (skipped when the healthcheck failed). 409 when it has no connection or no SIREN.
 */
export const testConnection = async (
  ctx: AppContext,
  orgId: string,
  locale: Locale,
): Promise<z.infer<typeof ConnectionTestReport>> => {
  const { siren } = await findOrganisation(ctx, orgId);
  if (!siren) throw new ProblemError(409, "einvoicing.organisationSiren");
  const platform = await connectedPlatform(ctx, orgId);
  const passed = (step: Step["step"]): Step => ({
    step,
    outcome: "ok",
    code: null,
    message: translate("einvoicing.test.ok", locale),
    status: null,
    errorCode: null,
  });
  const skipped = (step: Step["step"]): Step => ({
    step,
    outcome: "skipped",
    code: null,
    message: translate("einvoicing.test.skipped", locale),
    status: null,
    errorCode: null,
  });
  const failed = (step: Step["step"], error: unknown): Step => {
    if (!isPlatformError(error)) throw error;
    const code = failureCode(error);
    return {
      step,
      outcome: "failed",
      code,
      message: translate(code, locale, { errorCode: error.errorCode.slice(0, 80) }),
      status: error.status,
      errorCode: error.errorCode.slice(0, 80),
    };
  };
  let health: Step;
  try {
    await platform.healthcheck();
    health = passed("healthcheck");
  } catch (error) {
    return { ok: false, steps: [failed("healthcheck", error), skipped("directory")], lookup: null };
  }
  try {
    const lookup = await lookupDirectory(platform, siren);
    if (lookup.legalUnit === null && lookup.lines.length === 0)
      return {
        ok: false,
        steps: [
          health,
          {
            step: "directory",
            outcome: "failed",
            code: "einvoicing.test.notListed",
            message: translate("einvoicing.test.notListed", locale, { siren }),
            status: 404,
            errorCode: null,
          },
        ],
        lookup,
      };
    return { ok: true, steps: [health, passed("directory")], lookup };
  } catch (error) {
    return { ok: false, steps: [health, failed("directory", error)], lookup: null };
  }
};
