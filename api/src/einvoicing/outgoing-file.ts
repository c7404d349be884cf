import { createHash } from "node:crypto";
import { type DocumentSettings, DomainError, type LiveDocument } from "@registre/core";
import type { AppContext } from "../context.ts";
import { loadOrganisation } from "../documents/context.ts";
import { documentPdf, facturxXml } from "../documents/facturx.ts";
import { loadDocumentSettings } from "../documents/settings.ts";
import type { FlowFile, FlowProfile, FlowSyntax } from "../ports/index.ts";

/** The file a validated sales invoice or credit note is sent as, and what the flow says of it. */
export type OutgoingFile = FlowFile & {
  readonly syntax: Extract<FlowSyntax, "Factur-X" | "CII">;
  readonly profile: FlowProfile;
  readonly sha256: string;
};

/**
 * The flow's profile for the settings' Factur-X profile: BASIC is the platforms' `Basic`; EN 16931 is
 * sent as `CIUS` (the European norm as the French rules use it). XP Z12-013 names the three values
 * without tying them to Factur-X's profiles: this one function says how Registre reads them.
 */
export const flowProfileOf = (profile: DocumentSettings["facturxProfile"]): FlowProfile =>
  profile === "basic" ? "Basic" : "CIUS";

/**
 * Which syntax is sent: the Factur-X (the PDF/A-3 with its CII embedded) unless the settings ask for the
 * CII XML alone (`einvoiceSyntax: "cii"`).
 */
export const flowSyntaxOf = (settings: DocumentSettings): OutgoingFile["syntax"] =>
  settings.einvoiceSyntax === "cii" ? "CII" : "Factur-X";

const fileStem = (number: string) => number.replace(/[^\w.-]+/g, "_");

export const sha256Hex = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** The document's file for the platform, per the document settings, with its SHA-256. */
export const outgoingFile = async (
  ctx: AppContext,
  orgId: string,
  doc: LiveDocument,
): Promise<OutgoingFile> => {
  const [org, settings] = await Promise.all([loadOrganisation(ctx, orgId), loadDocumentSettings(ctx, orgId)]);
  if (org.state.status !== "active") throw new DomainError("organisation.notFound", {}, 404);
  const number = doc.validation?.number ?? doc.number ?? "";
  const syntax = flowSyntaxOf(settings.state);
  const profile = flowProfileOf(settings.state.facturxProfile);
  if (syntax === "CII") {
    const bytes = new TextEncoder().encode(facturxXml(doc, org.state, settings.state).xml);
    return {
      bytes,
      name: `${fileStem(number)}.xml`,
      contentType: "application/xml",
      syntax,
      profile,
      sha256: sha256Hex(bytes),
    };
  }
  const bytes = await documentPdf(ctx, doc, org.state, settings.state, "fr");
  return {
    bytes,
    name: `${fileStem(number)}.pdf`,
    contentType: "application/pdf",
    syntax,
    profile,
    sha256: sha256Hex(bytes),
  };
};
