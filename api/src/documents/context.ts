import {
  type DocumentContact,
  type DocumentDirection,
  type DocumentPostingAccounts,
  DomainError,
  defaultPostingAccounts,
  documentContact,
  documentDecider,
  documentStreamId,
  isLive,
  itemDecider,
  itemStreamId,
  type LineInput,
  type LiveDocument,
  type LiveItem,
  lineFromItem,
  organisationDecider,
  organisationStreamId,
  type PricedLineInput,
  type SellerIdentity,
} from "@registre/core";
import { loadAggregate } from "../commands.ts";
import { loadContact } from "../contacts/commands.ts";
import type { AppContext } from "../context.ts";

/** The read models a document command's answer reads. */
export const documentReadModels = ["documents"] as const;

export const loadDocument = (ctx: AppContext, orgId: string, id: string) =>
  loadAggregate(ctx, orgId, documentStreamId(id), documentDecider);

/** A live document from its stream, else 404 `doc.notFound`. */
export const liveDocument = async (ctx: AppContext, orgId: string, id: string): Promise<LiveDocument> => {
  const { state } = await loadDocument(ctx, orgId, id);
  if (!isLive(state)) throw new DomainError("doc.notFound", {}, 404);
  return state;
};

export const loadOrganisation = (ctx: AppContext, orgId: string) =>
  loadAggregate(ctx, orgId, organisationStreamId(orgId), organisationDecider);

type OrganisationState = Awaited<ReturnType<typeof loadOrganisation>>["state"];

/** The organisation as its sales documents print it (the mandatory mentions' seller). */
export const sellerOf = (org: OrganisationState): SellerIdentity =>
  org.status === "active"
    ? {
        name: org.name,
        siren: org.siren,
        vatNumber: org.vatNumber,
        hasAddress: org.address !== null,
        vatFranchise: org.vatRegime === "franchise",
      }
    : { name: null, siren: null, vatNumber: null, hasAddress: false, vatFranchise: false };

/** The accounts a document posts to: the defaults, with the organisation's débits option. */
export const postingAccountsOf = (org: OrganisationState): DocumentPostingAccounts => ({
  ...defaultPostingAccounts,
  vatOnDebits: org.status === "active" && org.vatOnDebits,
});

/** The contact as the document keeps it (its addresses, account and terms as of now); 404 when gone. */
export const contactSnapshot = async (
  ctx: AppContext,
  orgId: string,
  contactId: string,
  direction: DocumentDirection,
  choice: { billingAddressId?: string | null; deliveryAddressId?: string | null } = {},
): Promise<DocumentContact> => {
  const contact = await loadContact(ctx, orgId, contactId);
  if (!("identity" in contact) || contact.status === "merged")
    throw new DomainError("contact.notFound", { field: "contactId" }, 404);
  return documentContact(contact, direction, choice);
};

/**
 * The account an item line posts to when its item names none: the PCG account of its kind (goods for
 * resale 707/607, own products 701 and raw materials 601, services 706/604, other 708/606).
 */
export const defaultItemAccounts: Record<DocumentDirection, Record<LiveItem["kind"], string>> = {
  sales: { goods: "707000", products: "701000", services: "706000", other: "708000" },
  purchases: { goods: "607000", products: "601000", services: "604000", other: "606000" },
};

/** A line as the API takes it: from an item (its label, unit, VAT, account and price for the quantity), or written out. */
export type ApiLine =
  | {
      readonly kind: "item";
      readonly id?: string | undefined;
      readonly itemId: string;
      readonly quantity: string;
      readonly unitPrice?: string | null | undefined;
      readonly discount?: string | null | undefined;
      readonly label?: string | null | undefined;
      readonly originLineId?: string | null | undefined;
    }
  | (Omit<PricedLineInput, "id" | "kind"> & { readonly kind: "free"; readonly id?: string | undefined })
  | { readonly kind: "title"; readonly id?: string | undefined; readonly label: string }
  | { readonly kind: "comment"; readonly id?: string | undefined; readonly text: string };

/**
 * The lines as the core takes them: each given its id (the one sent, else `L<n>` not yet taken), item
 * lines filled from the item's stream. An unknown item is 404 naming its line.
 */
export const resolveLines = async (
  ctx: AppContext,
  orgId: string,
  direction: DocumentDirection,
  lines: readonly ApiLine[],
  taken: readonly string[] = [],
): Promise<LineInput[]> => {
  const used = new Set([...taken, ...lines.flatMap((l) => (l.id ? [l.id] : []))]);
  let n = 0;
  const nextId = () => {
    let id = "";
    do id = `L${++n}`;
    while (used.has(id));
    used.add(id);
    return id;
  };
  return Promise.all(
    lines.map(async (line, index): Promise<LineInput> => {
      const id = line.id ?? nextId();
      if (line.kind !== "item") return { ...line, id } as LineInput;
      const { state } = await loadAggregate(ctx, orgId, itemStreamId(line.itemId), itemDecider);
      if (!("reference" in state))
        throw new DomainError("item.notFound", { field: `lines.${index}.itemId` }, 404);
      const filled = lineFromItem(state, direction, { ...line, id });
      return filled.account ? filled : { ...filled, account: defaultItemAccounts[direction][state.kind] };
    }),
  );
};
