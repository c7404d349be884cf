import type { z } from "@hono/zod-openapi";
import {
  type CommandMetadata,
  contactStreamId,
  DomainError,
  documentContact,
  documentDecider,
  documentStreamId,
  type EParty,
  isLive,
  matchSupplier,
  normaliseLegal,
  parisDate,
  type SupplierMatch,
  supplierNameKey,
} from "@registre/core";
import { sql } from "kysely";
import { setupReadModels } from "../../accounting/setup.ts";
import { alreadyAppended, handleMultiStream, streamDecision } from "../../commands.ts";
import { contactCommitPlan, contactReadModels } from "../../contacts/commands.ts";
import { contactCreation, creationRefusal } from "../../contacts/create.ts";
import type { AppContext } from "../../context.ts";
import { attachmentReadModels, storeReceivedFile } from "../../files/attachments.ts";
import type { Locale } from "../../http/messages.ts";
import { childMetadata, derivedId } from "../../ids.ts";
import type { OriginalFile } from "../../ports/original-file.ts";
import type { SupplierFile } from "../../readers/supplier-file.ts";
import type { CreateContactInput } from "../../schemas/contacts.ts";
import { documentCreationPlan } from "../commands.ts";
import { contactSnapshot, documentReadModels, loadDocument, resolveLines } from "../context.ts";

export { readSupplierFile, type SupplierFile } from "../../readers/supplier-file.ts";

/**
 * Receiving a supplier's invoice (issue 12, "Factur-X in"): a Factur-X PDF, a CII or a UBL XML is read
 * (`core/src/facturx/`, its texts cleaned there), checked (BR-CO-10…17, the supplier's identity, a known
 * profile), its supplier matched among the organisation's contacts or proposed for creation, and a draft
 * purchase invoice (or credit note) prefilled; a plain PDF gives an empty draft for manual entry. The
 * import is one commit or nothing: the new supplier (and its auxiliary account), the draft and the
 * original file's attachment are appended together; a refusal anywhere stores none of them.
 */

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

/** BT-8 "5" (the invoice date): the supplier opted for the débits, its services' VAT deductible at once. */
export const supplierOnDebits = (invoice: {
  readonly vatBreakdown: readonly { dueDateCode?: string | null }[];
}) => invoice.vatBreakdown.some((b) => b.dueDateCode === "5");

/**
 * The contact the import would create for an unknown supplier; its option for the débits (`onDebits`,
 * read from BT-8) kept on its legal identity, so its next invoices have it too.
 */
export const supplierContactInput = (party: EParty, onDebits = false): z.input<typeof CreateContactInput> => {
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
    ...((legal || onDebits) && {
      legal: {
        siren: legal?.siren ?? null,
        vatNumber: legal?.vatNumber ?? null,
        ...(onDebits && { vatOnDebits: true }),
      },
    }),
    acknowledgeDuplicates: true,
  };
};

export type ImportChoice = {
  readonly supplierId?: string | undefined;
  readonly createSupplier?: boolean | undefined;
};

const ACCOUNTS = { goods: "607000", services: "604000" } as const;

/** The read models the import's answer reads: the supplier and its account, the draft, its file. */
const importReadModels = [
  ...contactReadModels,
  ...setupReadModels,
  ...documentReadModels,
  ...attachmentReadModels,
] as const;

export type ImportedInvoice = {
  readonly docId: string;
  readonly contactId: string | null;
  readonly contactCreated: boolean;
  readonly originalAttached: boolean;
};

/** What an import that went through created, read from its commit (a retry whose first answer was lost). */
const firstImport = async (ctx: AppContext, orgId: string, metadata: CommandMetadata, ids: Ids) => {
  const parts = await ctx.store.commandParts(orgId, metadata.commandId);
  const { state } = await loadDocument(ctx, orgId, ids.doc);
  return {
    docId: ids.doc,
    contactId: isLive(state) ? (state.contact?.id ?? null) : null,
    contactCreated: parts?.parts.some((p) => p.streamId === contactStreamId(ids.contact)) ?? false,
    originalAttached: true,
  };
};

type Ids = { readonly doc: string; readonly contact: string; readonly file: string };

/**
 * Creates what the file makes, in one commit: the supplier when asked (`createSupplier`) and none matched
 * or was chosen — its stream and its auxiliary account on the chart —, the draft, and the original file
 * attached to it, whose bytes were put in the file store first. Without a supplier to use: 422
 * `einvoice.supplierChoice`. Any refusal, before or in the commit, leaves none of them. Ids derive from
 * the command's: a retried Idempotency-Key answers the first import and creates nothing more.
 */
export const importSupplierInvoice = async (
  ctx: AppContext,
  orgId: string,
  file: OriginalFile,
  read: SupplierFile,
  choice: ImportChoice,
  metadata: CommandMetadata,
  locale: Locale,
): Promise<ImportedInvoice> => {
  const supplierMetadata = childMetadata(metadata, "supplier");
  const ids: Ids = {
    doc: derivedId(metadata.commandId, "doc"),
    contact: derivedId(supplierMetadata.commandId, "contact"),
    file: derivedId(metadata.commandId, "original"),
  };
  if (await alreadyAppended(ctx, orgId, metadata, importReadModels))
    return firstImport(ctx, orgId, metadata, ids);
  let contactId: string | null = choice.supplierId ?? null;
  let creation: Awaited<ReturnType<typeof contactCreation>> | null = null;
  if (read.invoice && !contactId) {
    const match = await supplierMatch(ctx, orgId, read.invoice.seller);
    if (match) contactId = match.id;
    else if (choice.createSupplier) {
      contactId = ids.contact;
      const input = supplierContactInput(read.invoice.seller, supplierOnDebits(read.invoice)) as z.infer<
        typeof CreateContactInput
      >;
      creation = await contactCreation(ctx, orgId, ids.contact, input, supplierMetadata, locale);
    } else throw new DomainError("einvoice.supplierChoice", { field: "supplierId" });
  }
  const p = read.proposal;
  // A plain PDF's blank draft is dated today in France (the UTC day is a day behind before 1 or 2 am).
  const today = parisDate(ctx.clock());
  const draft = p
    ? {
        kind: p.kind,
        direction: "purchases" as const,
        issueDate: p.header.issueDate,
        dueDate: p.header.dueDate,
        deliveryDate: p.header.deliveryDate,
        supplierNumber: p.header.supplierNumber,
        supplierDate: p.header.supplierDate,
        customerReference: p.header.customerReference,
        notes: p.header.notes,
      }
    : { kind: "invoice" as const, direction: "purchases" as const, issueDate: today };
  const lines = await resolveLines(
    ctx,
    orgId,
    "purchases",
    (p?.lines ?? []).map(({ id: _id, ...l }) => ({
      ...l,
      kind: "free" as const,
      account: ACCOUNTS[l.nature === "goods" ? "goods" : "services"],
    })),
  );
  // The bytes first, under their SHA-256: should the commit then fail, they name nothing.
  const stored = await (ctx.storeOriginal ?? ((org, f) => storeReceivedFile(ctx, org, f)))(orgId, file);
  const attach = { type: "AttachFile", data: { fileId: ids.file, ...stored } } as const;
  try {
    await handleMultiStream(ctx, {
      orgId,
      metadata,
      readModels: importReadModels,
      plan: async () => {
        const supplier = creation
          ? await contactCommitPlan(ctx, orgId, ids.contact, creation.commands)
          : null;
        const contact = supplier
          ? "identity" in supplier.state
            ? documentContact(supplier.state, "purchases")
            : null
          : contactId
            ? await contactSnapshot(ctx, orgId, contactId, "purchases")
            : null;
        const onDebits = read.invoice ? supplierOnDebits(read.invoice) : false;
        const snapshot = contact && onDebits ? { ...contact, vatOnDebits: true } : contact;
        const plan = await documentCreationPlan(ctx, orgId, ids.doc, draft, snapshot, lines);
        const { commands } = plan;
        const doc = streamDecision(
          documentStreamId(ids.doc),
          documentDecider,
          { state: documentDecider.initialState(), version: 0 },
          (numbers) => [...(typeof commands === "function" ? commands(numbers) : commands), attach],
        );
        return {
          streams: [...(supplier?.streams ?? []), doc],
          ...(plan.guards && { guards: plan.guards }),
          ...(plan.counters && { counters: plan.counters }),
          ...(plan.limits && { limits: plan.limits }),
        };
      },
    });
  } catch (error) {
    throw creation ? creationRefusal(error, locale, creation.duplicates) : error;
  }
  return { docId: ids.doc, contactId, contactCreated: creation !== null, originalAttached: true };
};
