import { cleanText, requiredText } from "../accounting/text.ts";
import { type Decider, DomainError } from "../decider.ts";
import { type AttachmentCommand, decideAttachment } from "../files/attachments.ts";
import {
  evolveItem,
  type ItemDefinition,
  type ItemEvent,
  type ItemKind,
  type ItemState,
  type ItemUse,
  initialItemState,
  itemKinds,
  itemUses,
  type LiveItem,
  type PriceTier,
  type TierSide,
  tierSides,
  type VatRate,
  vatRates,
} from "./item.ts";
import { changeByPercentage, normalisePercentage, normalisePrice, normaliseTiers } from "./prices.ts";

/** The accounts an item of a kind posts to unless told otherwise (PCG: 707/607, 706/604, 701/601, 708/6068). */
export const defaultItemAccounts: Readonly<
  Record<ItemKind, { readonly sell: string; readonly buy: string }>
> = {
  goods: { sell: "707000", buy: "607000" },
  services: { sell: "706000", buy: "604000" },
  products: { sell: "701000", buy: "601000" },
  other: { sell: "708000", buy: "606800" },
};

/** Common UN/ECE Recommendation 20 codes; any well-formed code is accepted. */
export const commonUnitCodes = {
  C62: "one",
  H87: "piece",
  HUR: "hour",
  DAY: "day",
  MON: "month",
  ANN: "year",
  MIN: "minute",
  KGM: "kilogram",
  TNE: "tonne",
  MTR: "metre",
  MTK: "square metre",
  MTQ: "cubic metre",
  KMT: "kilometre",
  LTR: "litre",
  SET: "set",
  PR: "pair",
  XPK: "package",
  LS: "lump sum",
} as const;

/** Legal grounds often printed for exempt items (CGI). */
export const vatExemptionMentions = [
  "TVA non applicable, art. 293 B du CGI",
  "Exonération de TVA, article 261 du CGI",
  "Exonération de TVA, article 262 ter I du CGI",
  "Exonération de TVA, article 262 I du CGI",
  "Autoliquidation",
] as const;

type Optional<T> = T | null | undefined;

export type ItemInput = {
  readonly use: ItemUse;
  readonly kind: ItemKind;
  readonly reference: string;
  readonly label: string;
  readonly description?: Optional<string>;
  /** C62 ("one") when absent. */
  readonly unit?: Optional<string>;
  readonly vatRate: VatRate;
  readonly vatExemption?: Optional<string>;
  /** The kind's default (`defaultItemAccounts`) when absent and the item is sold. */
  readonly sellAccount?: Optional<string>;
  /** The kind's default when absent and the item is bought. */
  readonly buyAccount?: Optional<string>;
};

/** `referenceTaken`: another item of the organisation has this reference (the shell asks the read model). */
export type ItemReferenceContext = { readonly referenceTaken: boolean };

export type ItemCommand =
  | {
      readonly type: "CreateItem";
      readonly data: ItemInput & {
        readonly id: string;
        readonly buyPrice?: Optional<string>;
        readonly sellPrice?: Optional<string>;
      };
      readonly context: ItemReferenceContext;
    }
  | { readonly type: "UpdateItem"; readonly data: Partial<ItemInput>; readonly context: ItemReferenceContext }
  /** A price absent stays; null removes it. */
  | {
      readonly type: "ChangeItemPrices";
      readonly data: {
        readonly buyPrice?: string | null | undefined;
        readonly sellPrice?: string | null | undefined;
      };
    }
  | {
      readonly type: "SetItemPriceTiers";
      readonly data: { readonly side: TierSide; readonly tiers: readonly PriceTier[] };
    }
  /** One item's share of a bulk update by a percentage (`planBulkPriceUpdate`): prices and tiers of `prices`. */
  | {
      readonly type: "UpdateItemPricesByPercentage";
      readonly data: { readonly percentage: string; readonly prices: "sell" | "buy" | "both" };
    }
  | { readonly type: "SetItemMeta"; readonly data: { readonly key: string; readonly value: string } }
  | { readonly type: "RemoveItemMeta"; readonly data: { readonly key: string } }
  | { readonly type: "ArchiveItem"; readonly data: Record<string, never> }
  | { readonly type: "UnarchiveItem"; readonly data: Record<string, never> }
  /** `used`: a document line names the item (the shell asks the read models). */
  | { readonly type: "DeleteItem"; readonly data: { readonly used: boolean } }
  | AttachmentCommand;

export type ItemCommandType = ItemCommand["type"];

const oneOf = <T extends string>(values: readonly T[], value: string, field: string): T => {
  if (!(values as readonly string[]).includes(value))
    throw new DomainError("validation.notAllowed", { field, value });
  return value as T;
};

const sells = (use: ItemUse): boolean => use !== "purchase";
const buys = (use: ItemUse): boolean => use !== "sale";

const account = (value: string, field: "sellAccount" | "buyAccount"): string => {
  const number = value.trim().toUpperCase();
  // Sales to 70x; purchases to class 6, or class 2 for a fixed asset bought.
  const pattern = field === "sellAccount" ? /^70\d[0-9A-Z]{0,17}$/ : /^[26]\d{2}[0-9A-Z]{0,17}$/;
  if (!pattern.test(number)) throw new DomainError("item.invalidAccount", { field, value });
  return number;
};

const unitCode = (value: Optional<string>): string => {
  const unit = (value ?? "C62").trim().toUpperCase();
  if (!/^[A-Z0-9]{2,3}$/.test(unit))
    throw new DomainError("item.invalidUnit", { field: "unit", value: value ?? "" });
  return unit;
};

/** The definition the item will have: `input` over `current`, checked as a whole. */
const definition = (input: Partial<ItemInput>, current: ItemDefinition | null): ItemDefinition => {
  const use = oneOf(itemUses, input.use ?? current?.use ?? "", "use");
  const kind = oneOf(itemKinds, input.kind ?? current?.kind ?? "", "kind");
  const vatRate = oneOf(vatRates, input.vatRate ?? current?.vatRate ?? "", "vatRate");
  const mention =
    input.vatExemption !== undefined
      ? cleanText(input.vatExemption ?? "") || null
      : (current?.vatExemption ?? null);
  if (vatRate === "exempt" && mention === null)
    throw new DomainError("item.exemptionMentionRequired", { field: "vatExemption" });
  if (vatRate !== "exempt" && mention !== null && input.vatExemption !== undefined)
    throw new DomainError("item.exemptionMentionNotExempt", { field: "vatExemption", vatRate });
  if (mention && mention.length > 200)
    throw new DomainError("validation.tooLong", { field: "vatExemption", max: 200 });
  const defaults = defaultItemAccounts[kind];
  // An account left as the old kind's default follows the kind; one chosen stays.
  const carried = (side: "sell" | "buy"): string | null => {
    const held = current?.[`${side}Account`] ?? null;
    return current && held === defaultItemAccounts[current.kind][side] ? defaults[side] : held;
  };
  const accountOf = (side: "sell" | "buy", needed: boolean): string | null => {
    const field = `${side}Account` as const;
    if (!needed) {
      if (input[field]) throw new DomainError("validation.notAllowed", { field, value: input[field] ?? "" });
      return null;
    }
    const given = input[field];
    if (given) return account(given, field);
    return carried(side) ?? defaults[side];
  };
  const description = input.description !== undefined ? input.description : (current?.description ?? null);
  const descriptionText = description?.replace(/\r\n?/g, "\n").trim() || null;
  if (descriptionText && descriptionText.length > 5000)
    throw new DomainError("validation.tooLong", { field: "description", max: 5000 });
  return {
    use,
    kind,
    reference: requiredText(input.reference ?? current?.reference, "reference", 60),
    label: requiredText(input.label ?? current?.label, "label", 200),
    description: descriptionText,
    unit: input.unit !== undefined || !current ? unitCode(input.unit) : current.unit,
    vatRate,
    vatExemption: vatRate === "exempt" ? mention : null,
    sellAccount: accountOf("sell", sells(use)),
    buyAccount: accountOf("buy", buys(use)),
  };
};

const optionalPrice = (value: Optional<string>, field: string): string | null =>
  value === null || value === undefined || value.trim() === "" ? null : normalisePrice(value, field);

const existing = (state: ItemState): LiveItem => {
  if (!("reference" in state)) throw new DomainError("item.notFound", {}, 404);
  return state;
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const checkReference = (reference: string, context: ItemReferenceContext): void => {
  if (context.referenceTaken)
    throw new DomainError("item.duplicateReference", { field: "reference", value: reference }, 409);
};

const sideAllowed = (item: Pick<ItemDefinition, "use">, side: TierSide): boolean =>
  side === "sale" ? sells(item.use) : buys(item.use);

const decide = (command: ItemCommand, state: ItemState): ItemEvent[] => {
  if (command.type === "CreateItem") {
    if (state.status !== "none") throw new DomainError("item.exists", {}, 409);
    const { id, buyPrice, sellPrice, ...input } = command.data;
    const item = definition(input, null);
    checkReference(item.reference, command.context);
    return [
      {
        type: "ItemCreated",
        data: {
          id,
          ...item,
          buyPrice: optionalPrice(buyPrice, "buyPrice"),
          sellPrice: optionalPrice(sellPrice, "sellPrice"),
        },
      },
    ];
  }
  const item = existing(state);
  switch (command.type) {
    case "UpdateItem": {
      const {
        status: _s,
        id: _id,
        saleTiers,
        purchaseTiers,
        metas: _m,
        buyPrice: _b,
        sellPrice: _p,
        ...current
      } = item;
      const next = definition(command.data, current);
      const changes = Object.fromEntries(
        Object.entries(next).filter(([key, value]) => current[key as keyof ItemDefinition] !== value),
      ) as Partial<ItemDefinition>;
      if (Object.keys(changes).length === 0) return [];
      if (changes.reference !== undefined) checkReference(changes.reference, command.context);
      const events: ItemEvent[] = [{ type: "ItemUpdated", data: { changes } }];
      // A side the item no longer has loses its tiers.
      if (!sells(next.use) && saleTiers.length > 0)
        events.push({ type: "ItemPriceTiersChanged", data: { side: "sale", tiers: [], percentage: null } });
      if (!buys(next.use) && purchaseTiers.length > 0)
        events.push({
          type: "ItemPriceTiersChanged",
          data: { side: "purchase", tiers: [], percentage: null },
        });
      return events;
    }
    case "ChangeItemPrices": {
      const { buyPrice, sellPrice } = command.data;
      const prices = {
        buyPrice: buyPrice === undefined ? item.buyPrice : optionalPrice(buyPrice, "buyPrice"),
        sellPrice: sellPrice === undefined ? item.sellPrice : optionalPrice(sellPrice, "sellPrice"),
      };
      if (prices.buyPrice === item.buyPrice && prices.sellPrice === item.sellPrice) return [];
      return [{ type: "ItemPricesChanged", data: { ...prices, percentage: null } }];
    }
    case "SetItemPriceTiers": {
      const side = oneOf(tierSides, command.data.side, "side");
      if (!sideAllowed(item, side) && command.data.tiers.length > 0)
        throw new DomainError("item.tiersSideNotUsed", { field: `${side}Tiers`, use: item.use });
      const tiers = normaliseTiers(command.data.tiers, side);
      const current = side === "sale" ? item.saleTiers : item.purchaseTiers;
      return same(tiers, current)
        ? []
        : [{ type: "ItemPriceTiersChanged", data: { side, tiers, percentage: null } }];
    }
    case "UpdateItemPricesByPercentage": {
      const percentage = normalisePercentage(command.data.percentage);
      const which = oneOf(["sell", "buy", "both"] as const, command.data.prices, "prices");
      // A price raised past the bound of a price is refused like one typed in.
      const changed = (price: string, field: string) =>
        normalisePrice(changeByPercentage(price, percentage), field);
      const change = (price: string | null, field: string) => (price === null ? null : changed(price, field));
      const changeTiers = (tiers: readonly PriceTier[], side: TierSide) =>
        tiers.map((tier, index) => ({
          ...tier,
          unitPrice: changed(tier.unitPrice, `${side}Tiers.${index}.unitPrice`),
        }));
      const sell = which !== "buy";
      const buy = which !== "sell";
      const prices = {
        buyPrice: buy ? change(item.buyPrice, "buyPrice") : item.buyPrice,
        sellPrice: sell ? change(item.sellPrice, "sellPrice") : item.sellPrice,
      };
      const events: ItemEvent[] = [];
      if (prices.buyPrice !== item.buyPrice || prices.sellPrice !== item.sellPrice)
        events.push({ type: "ItemPricesChanged", data: { ...prices, percentage } });
      for (const [side, on, tiers] of [
        ["sale", sell, item.saleTiers],
        ["purchase", buy, item.purchaseTiers],
      ] as const) {
        const next = on ? changeTiers(tiers, side) : tiers;
        if (!same(next, tiers))
          events.push({ type: "ItemPriceTiersChanged", data: { side, tiers: next, percentage } });
      }
      return events;
    }
    case "SetItemMeta": {
      const { key } = command.data;
      if (!/^[A-Za-z0-9_.-]{1,64}$/.test(key))
        throw new DomainError("validation.notAllowed", { field: "key", value: key });
      const value = command.data.value.trim();
      if (value.length > 1000) throw new DomainError("validation.tooLong", { field: "value", max: 1000 });
      const current = item.metas[key];
      if (current === undefined) return [{ type: "ItemMetaAdded", data: { key, value } }];
      return current === value ? [] : [{ type: "ItemMetaChanged", data: { key, value } }];
    }
    case "RemoveItemMeta":
      if (item.metas[command.data.key] === undefined)
        throw new DomainError("item.metaNotFound", { field: "key", value: command.data.key }, 404);
      return [{ type: "ItemMetaRemoved", data: { key: command.data.key } }];
    case "ArchiveItem":
      return item.status === "archived" ? [] : [{ type: "ItemArchived", data: {} }];
    case "UnarchiveItem":
      return item.status === "archived" ? [{ type: "ItemUnarchived", data: {} }] : [];
    case "DeleteItem":
      if (command.data.used) throw new DomainError("item.used", {}, 409);
      return [{ type: "ItemDeleted", data: { id: item.id } }];
    case "AttachFile":
    case "DetachFile":
      return decideAttachment(command, item.files ?? []);
    default:
      return command satisfies never;
  }
};

export const itemDecider: Decider<ItemCommand, ItemEvent, ItemState> = {
  decide,
  evolve: evolveItem,
  initialState: initialItemState,
};
