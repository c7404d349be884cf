import type { z } from "@hono/zod-openapi";
import {
  type CommandMetadata,
  DomainError,
  type EInvoice,
  type EParty,
  matchSupplier,
  normaliseLegal,
  type PurchaseProposal,
  purchaseProposal,
  readEInvoiceXml,
  type SupplierMatch,
  supplierNameKey,
} from "@registre/core";
import { sql } from "kysely";
import { createContact } from "../../contacts/create.ts";
import type { AppContext } from "../../context.ts";
import type { Locale } from "../../http/messages.ts";
import { childMetadata } from "../../ids.ts";
import type { CreateContactInput } from "../../schemas/contacts.ts";
import { createDocument } from "../commands.ts";
import { embeddedInvoiceXml } from "./pdf-attachment.ts";

/**
 * Receiving a supplier's invoice (issue 12, "Factur-X in"): a Factur-X PDF, a CII or a UBL XML is read
 * (`core/src/facturx/`), checked (BR-CO-10…17, the supplier's identity, a known profile), its supplier
 * matched among the organisation's contacts or proposed for creation, and a draft purchase invoice (or
 * credit note) prefilled; a plain PDF gives an empty draft for manual entry. A refusal creates
 * nothing. The original file's bytes go to one port, `AttachOriginal`, which the file store fills.
 */

export type OriginalFile = {
  readonly bytes: Uint8Array;
  readonly name: string;
  readonly contentType: string;
};

/**
 * The port through which the imported file reaches the draft it made: the attachments' file store
 * implements it (the lead wires it into `AppContext.attachOriginal` with the file store). Called after
 * the draft is created, with the draft's id and the request's metadata (its own derived command id).
 */
export type AttachOriginal = (
  orgId: string,
  docId: string,
  file: OriginalFile,
  metadata: CommandMetadata,
) => Promise<void>;

export type SupplierFile =
  | { readonly source: "pdf"; readonly invoice: null; readonly proposal: null }
  | {
      readonly source: "facturx" | "cii" | "ubl";
      readonly invoice: EInvoice;
      readonly proposal: PurchaseProposal;
    };

/** The PDF header may follow a little junk (PDF 32000 §7.5.2 tolerates it in the first KB). */
const isPdf = (bytes: Uint8Array) => {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  return head.includes("%PDF-");
};

/** What a supplier's file says, from its bytes (never its name): checked, and as a draft proposal. */
export const readSupplierFile = async (bytes: Uint8Array): Promise<SupplierFile> => {
  if (bytes.byteLength === 0) throw new DomainError("einvoice.empty", { field: "file" });
  if (isPdf(bytes)) {
    let embedded: Awaited<ReturnType<typeof embeddedInvoiceXml>>;
    try {
      embedded = await embeddedInvoiceXml(bytes);
    } catch {
      throw new DomainError("einvoice.unreadablePdf", { field: "file" });
    }
    if (!embedded) return { source: "pdf", invoice: null, proposal: null };
    const { invoice } = readEInvoiceXml(embedded.xml);
    return { source: "facturx", invoice, proposal: purchaseProposal(invoice) };
  }
  const text = new TextDecoder("utf-8").decode(bytes);
  if (!/^\s*</.test(text)) throw new DomainError("einvoice.unsupportedFile", { field: "file" });
  const { syntax, invoice } = readEInvoiceXml(text);
  return { source: syntax, invoice, proposal: purchaseProposal(invoice) };
};

/** The organisation's contacts that may be the supplier (same SIREN, VAT number, or a word of the name). */
export const supplierMatch = async (
  ctx: AppContext,
  orgId: string,
  party: EParty,
): Promise<SupplierMatch | null> => {
  const word = supplierNameKey(party.name)
    .split(" ")
    .sort((a, b) => b.length - a.length)[0];
  const vat = party.vatNumber?.replace(/[\s.-]/g, "").toUpperCase() ?? null;
  const rows = await ctx.database.db
    .selectFrom("contacts")
    .select(["contact_id", "name", "siren", "vat_number", "types"])
    .where("org_id", "=", orgId)
    .where("status", "!=", "merged")
    .where((eb) =>
      eb.or([
        ...(party.siren ? [eb("siren", "=", party.siren)] : []),
        ...(vat ? [eb(sql<string>`upper(replace(vat_number, ' ', ''))`, "=", vat)] : []),
        ...(word && word.length >= 3 ? [eb("search", "like", `%${word.replace(/[%_\\]/g, "")}%`)] : []),
        sql<boolean>`false`,
      ]),
    )
    .limit(100)
    .execute();
  return matchSupplier(
    party,
    rows.map((r) => ({
      id: r.contact_id,
      name: r.name,
      siren: r.siren,
      vatNumber: r.vat_number,
      isSupplier: (r.types as string[]).includes("supplier"),
    })),
  );
};

/** The legal identity the new supplier can be given: what the contacts' rules accept of the file's. */
const acceptedLegal = (party: EParty) => {
  const tries = [
    { siren: party.siren, vatNumber: party.vatNumber },
    { siren: party.siren, vatNumber: null },
    { siren: null, vatNumber: party.vatNumber },
  ];
  for (const legal of tries) {
    if (!legal.siren && !legal.vatNumber) continue;
    try {
      normaliseLegal(legal);
      return legal;
    } catch {
      // The next, smaller identity.
    }
  }
  return null;
};

/** The contact the import would create for an unknown supplier. */
export const supplierContactInput = (party: EParty): z.input<typeof CreateContactInput> => {
  const a = party.address;
  const legal = acceptedLegal(party);
  return {
    kind: "company",
    name: party.name.slice(0, 200),
    types: ["supplier"],
    addresses:
      a?.lines[0] && a.postcode && a.city
        ? [
            {
              kind: "billing",
              line1: a.lines[0].slice(0, 200),
              line2: a.lines.slice(1).join(", ").slice(0, 200) || null,
              postalCode: a.postcode.slice(0, 20),
              city: a.city.slice(0, 100),
              country: a.country.slice(0, 2),
            },
          ]
        : [],
    emails:
      party.email && /^[^@\s]+@[^@\s]+$/.test(party.email) ? [{ address: party.email.slice(0, 254) }] : [],
    ...(legal && { legal: { siren: legal.siren, vatNumber: legal.vatNumber } }),
    acknowledgeDuplicates: true,
  };
};

export type ImportChoice = {
  readonly supplierId?: string | undefined;
  readonly createSupplier?: boolean | undefined;
};

const ACCOUNTS = { goods: "607000", services: "604000" } as const;

/**
 * Creates what the file makes: the supplier when asked (`createSupplier`) and none matched or was
 * chosen, then the draft; then hands the original to `attach`. Without a supplier to use: 422
 * `einvoice.supplierChoice` (nothing created). Answers the draft's and the supplier's ids.
 */
export const importSupplierInvoice = async (
  ctx: AppContext,
  orgId: string,
  file: OriginalFile,
  read: SupplierFile,
  choice: ImportChoice,
  metadata: CommandMetadata,
  locale: Locale,
  attach: AttachOriginal | undefined,
): Promise<{
  docId: string;
  contactId: string | null;
  contactCreated: boolean;
  originalAttached: boolean;
}> => {
  let contactId: string | null = choice.supplierId ?? null;
  let contactCreated = false;
  if (read.invoice && !contactId) {
    const match = await supplierMatch(ctx, orgId, read.invoice.seller);
    if (match) contactId = match.id;
    else if (choice.createSupplier) {
      contactId = await createContact(
        ctx,
        orgId,
        supplierContactInput(read.invoice.seller) as z.infer<typeof CreateContactInput>,
        childMetadata(metadata, "supplier"),
        locale,
      );
      contactCreated = true;
    } else throw new DomainError("einvoice.supplierChoice", { field: "supplierId" });
  }
  const p = read.proposal;
  const today = ctx.clock().toISOString().slice(0, 10);
  const docId = await createDocument(
    ctx,
    orgId,
    p
      ? {
          kind: p.kind,
          direction: "purchases",
          contactId,
          issueDate: p.header.issueDate,
          dueDate: p.header.dueDate,
          deliveryDate: p.header.deliveryDate,
          supplierNumber: p.header.supplierNumber,
          supplierDate: p.header.supplierDate,
          customerReference: p.header.customerReference,
          notes: p.header.notes,
          lines: p.lines.map(({ id: _id, ...l }) => ({
            ...l,
            kind: "free" as const,
            account: ACCOUNTS[l.nature === "goods" ? "goods" : "services"],
          })),
        }
      : { kind: "invoice", direction: "purchases", contactId, issueDate: today },
    childMetadata(metadata, "draft"),
  );
  if (attach) await attach(orgId, docId, file, childMetadata(metadata, "original"));
  return { docId, contactId, contactCreated, originalAttached: attach !== undefined };
};
