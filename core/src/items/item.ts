import type { DomainEvent } from "../decider.ts";
import { type AttachedFile, type AttachmentEvent, evolveFiles } from "../files/attachments.ts";

/**
 * An item (stream `item-<id>`): something bought, sold, or both, with its prices excluding tax as
 * decimal strings (up to 4 decimals), its VAT rate, its accounts, and its prices by quantity.
 */
export const itemStreamId = (id: string): string => `item-${id}`;

export const itemUses = ["sale", "purchase", "both"] as const;
export type ItemUse = (typeof itemUses)[number];
/** What the item is, for its default accounts: goods for resale, services, own products, other. */
export const itemKinds = ["goods", "services", "products", "other"] as const;
export type ItemKind = (typeof itemKinds)[number];
/** French VAT rates in percent, and "exempt" (which needs its legal mention). */
export const vatRates = ["20", "10", "5.5", "2.1", "0", "exempt"] as const;
export type VatRate = (typeof vatRates)[number];
export const tierSides = ["sale", "purchase"] as const;
export type TierSide = (typeof tierSides)[number];

/** From `fromQuantity` units on, each unit costs `unitPrice` (excluding tax). */
export type PriceTier = { readonly fromQuantity: string; readonly unitPrice: string };

export type ItemDefinition = {
  readonly use: ItemUse;
  readonly kind: ItemKind;
  readonly reference: string;
  readonly label: string;
  readonly description: string | null;
  /** UN/ECE Recommendation 20 unit code: C62 (one), H87 (piece), HUR (hour), KGM (kilogram)… */
  readonly unit: string;
  readonly vatRate: VatRate;
  /** The legal ground printed on invoices when `vatRate` is "exempt"; null otherwise. */
  readonly vatExemption: string | null;
  /** A 70x account; null when the item is not sold. */
  readonly sellAccount: string | null;
  /** A 6x (or 2x, for fixed assets) account; null when the item is not bought. */
  readonly buyAccount: string | null;
};

export type ItemPrices = { readonly buyPrice: string | null; readonly sellPrice: string | null };

export type ItemContent = ItemDefinition &
  ItemPrices & {
    readonly saleTiers: readonly PriceTier[];
    readonly purchaseTiers: readonly PriceTier[];
    readonly metas: Readonly<Record<string, string>>;
  };

export type ItemEvent =
  | DomainEvent<"ItemCreated", ItemDefinition & ItemPrices & { readonly id: string }>
  | DomainEvent<"ItemUpdated", { readonly changes: Partial<ItemDefinition> }>
  /** Both prices as they now are; `percentage` when a bulk update by a percentage set them. */
  | DomainEvent<"ItemPricesChanged", ItemPrices & { readonly percentage: string | null }>
  | DomainEvent<
      "ItemPriceTiersChanged",
      { readonly side: TierSide; readonly tiers: readonly PriceTier[]; readonly percentage: string | null }
    >
  | DomainEvent<"ItemMetaAdded", { readonly key: string; readonly value: string }>
  | DomainEvent<"ItemMetaChanged", { readonly key: string; readonly value: string }>
  | DomainEvent<"ItemMetaRemoved", { readonly key: string }>
  | DomainEvent<"ItemArchived", Record<string, never>>
  | DomainEvent<"ItemUnarchived", Record<string, never>>
  | DomainEvent<"ItemDeleted", { readonly id: string }>
  | AttachmentEvent;

export type ItemEventType = ItemEvent["type"];
export const itemEventTypes: readonly ItemEventType[] = [
  "ItemCreated",
  "ItemUpdated",
  "ItemPricesChanged",
  "ItemPriceTiersChanged",
  "ItemMetaAdded",
  "ItemMetaChanged",
  "ItemMetaRemoved",
  "ItemArchived",
  "ItemUnarchived",
  "ItemDeleted",
];

export type ItemState =
  | { readonly status: "none" }
  | { readonly status: "deleted"; readonly id: string }
  | (ItemContent & {
      readonly status: "active" | "archived";
      readonly id: string;
      /** Attached files (absent in states stored before they existed: none). */
      readonly files?: readonly AttachedFile[];
    });

export type LiveItem = Extract<ItemState, { reference: string }>;

export const initialItemState = (): ItemState => ({ status: "none" });

const live = (state: ItemState, change: (item: LiveItem) => ItemState): ItemState =>
  "reference" in state ? change(state) : state;

export const evolveItem = (state: ItemState, event: ItemEvent): ItemState => {
  switch (event.type) {
    case "ItemCreated":
      return { status: "active", ...event.data, saleTiers: [], purchaseTiers: [], metas: {} };
    case "ItemUpdated":
      return live(state, (item) => ({ ...item, ...event.data.changes }));
    case "ItemPricesChanged":
      return live(state, (item) => ({
        ...item,
        buyPrice: event.data.buyPrice,
        sellPrice: event.data.sellPrice,
      }));
    case "ItemPriceTiersChanged":
      return live(state, (item) =>
        event.data.side === "sale"
          ? { ...item, saleTiers: event.data.tiers }
          : { ...item, purchaseTiers: event.data.tiers },
      );
    case "ItemMetaAdded":
    case "ItemMetaChanged":
      return live(state, (item) => ({
        ...item,
        metas: { ...item.metas, [event.data.key]: event.data.value },
      }));
    case "ItemMetaRemoved":
      return live(state, (item) => {
        const { [event.data.key]: _removed, ...metas } = item.metas;
        return { ...item, metas };
      });
    case "ItemArchived":
      return live(state, (item) => ({ ...item, status: "archived" }));
    case "ItemUnarchived":
      return live(state, (item) => ({ ...item, status: "active" }));
    case "ItemDeleted":
      return { status: "deleted", id: event.data.id };
    case "FileAttached":
    case "FileDetached":
      return live(state, (item) => ({ ...item, files: evolveFiles(item.files ?? [], event) }));
    default:
      return event satisfies never;
  }
};
