import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { expectRefused, refusedOnField, refusedWith } from "../testing/refusals.ts";
import { planBulkPriceUpdate } from "./bulk.ts";
import { type ItemCommand, itemDecider } from "./decide.ts";
import { type ItemEvent, type ItemState, itemEventTypes, itemStreamId } from "./item.ts";

const spec = deciderSpecification(itemDecider);
const id = "i-chair";
const free = { referenceTaken: false };

type CreateData = Extract<ItemCommand, { type: "CreateItem" }>["data"];
const create = (data: Partial<CreateData> = {}, context = free): ItemCommand => ({
  type: "CreateItem",
  data: { id, use: "both", kind: "goods", reference: "CH-01", label: "Chaise", vatRate: "20", ...data },
  context,
});
type CreatedData = Extract<ItemEvent, { type: "ItemCreated" }>["data"];
const created = (data: Partial<CreatedData> = {}): ItemEvent => ({
  type: "ItemCreated",
  data: {
    id,
    use: "both",
    kind: "goods",
    reference: "CH-01",
    label: "Chaise",
    description: null,
    unit: "C62",
    vatRate: "20",
    vatExemption: null,
    sellAccount: "707000",
    buyAccount: "607000",
    buyPrice: null,
    sellPrice: null,
    ...data,
  },
});
const update = (data: Extract<ItemCommand, { type: "UpdateItem" }>["data"], context = free): ItemCommand => ({
  type: "UpdateItem",
  data,
  context,
});
const tiers = (
  side: "sale" | "purchase",
  list: { fromQuantity: string; unitPrice: string }[],
): ItemCommand => ({
  type: "SetItemPriceTiers",
  data: { side, tiers: list },
});

it("keeps each item in its own stream and names every event type", () => {
  expect(itemStreamId("i-1")).toBe("item-i-1");
  expect(new Set(itemEventTypes).size).toBe(itemEventTypes.length);
});

describe("creating an item", () => {
  const given = spec.given([]);

  it("takes the accounts of its kind, for the sides it has", () => {
    given.when(create()).then([created()]);
    given
      .when(create({ kind: "services", use: "sale" }))
      .then([created({ kind: "services", use: "sale", sellAccount: "706000", buyAccount: null })]);
    given
      .when(create({ kind: "products", use: "purchase" }))
      .then([created({ kind: "products", use: "purchase", sellAccount: null, buyAccount: "601000" })]);
    given
      .when(create({ kind: "other" }))
      .then([created({ kind: "other", sellAccount: "708000", buyAccount: "606800" })]);
  });

  it("keeps accounts, unit, description and prices given, prices normalised to at most 4 decimals", () => {
    given
      .when(
        create({
          sellAccount: "707100",
          buyAccount: "218300",
          unit: "h87",
          description: " Chaise en chêne\r\nAssise paille ",
          sellPrice: "49.9",
          buyPrice: "20.1250",
        }),
      )
      .then([
        created({
          sellAccount: "707100",
          buyAccount: "218300",
          unit: "H87",
          description: "Chaise en chêne\nAssise paille",
          sellPrice: "49.90",
          buyPrice: "20.125",
        }),
      ]);
  });

  it("needs the legal mention of an exempt item, and refuses one on a taxed item", () => {
    const mention = "TVA non applicable, art. 293 B du CGI";
    given
      .when(create({ vatRate: "exempt", vatExemption: mention }))
      .then([created({ vatRate: "exempt", vatExemption: mention })]);
    given
      .when(create({ vatRate: "exempt" }))
      .thenThrows(refusedOnField("item.exemptionMentionRequired", "vatExemption"));
    given
      .when(create({ vatExemption: mention }))
      .thenThrows(refusedOnField("item.exemptionMentionNotExempt", "vatExemption"));
  });

  it("refuses what is not valid, naming the field", () => {
    given
      .when(create({ vatRate: "19.6" as "20" }))
      .thenThrows(refusedOnField("validation.notAllowed", "vatRate"));
    given.when(create({ use: "rent" as "sale" })).thenThrows(refusedOnField("validation.notAllowed", "use"));
    given
      .when(create({ kind: "stuff" as "goods" }))
      .thenThrows(refusedOnField("validation.notAllowed", "kind"));
    given.when(create({ reference: " " })).thenThrows(refusedOnField("validation.required", "reference"));
    given.when(create({ label: "x".repeat(201) })).thenThrows(refusedOnField("validation.tooLong", "label"));
    given.when(create({ unit: "piece" })).thenThrows(refusedOnField("item.invalidUnit", "unit"));
    given
      .when(create({ sellPrice: "12.34567" }))
      .thenThrows(refusedOnField("validation.invalidAmount", "sellPrice"));
    given.when(create({ buyPrice: "-1" })).thenThrows(refusedOnField("validation.invalidAmount", "buyPrice"));
    given
      .when(create({ sellPrice: "12,5" }))
      .thenThrows(refusedOnField("validation.invalidAmount", "sellPrice"));
    given
      .when(create({ sellAccount: "607000" }))
      .thenThrows(refusedOnField("item.invalidAccount", "sellAccount"));
    given
      .when(create({ buyAccount: "707000" }))
      .thenThrows(refusedOnField("item.invalidAccount", "buyAccount"));
    given
      .when(create({ use: "sale", buyAccount: "607000" }))
      .thenThrows(refusedOnField("validation.notAllowed", "buyAccount"));
    given
      .when(create({}, { referenceTaken: true }))
      .thenThrows(refusedOnField("item.duplicateReference", "reference", 409));
    spec
      .given([created()])
      .when(create())
      .thenThrows(refusedWith("item.exists", {}, 409));
  });
});

describe("changing an item", () => {
  const given = spec.given([created()]);

  it("records only what changed; accounts left at the kind's defaults follow a new kind", () => {
    given.when(update({ kind: "services", label: "Chaise (montage)" })).then([
      {
        type: "ItemUpdated",
        data: {
          changes: {
            kind: "services",
            label: "Chaise (montage)",
            sellAccount: "706000",
            buyAccount: "604000",
          },
        },
      },
    ]);
    spec
      .given([created({ sellAccount: "707100" })])
      .when(update({ kind: "services" }))
      .then([{ type: "ItemUpdated", data: { changes: { kind: "services", buyAccount: "604000" } } }]);
    given.when(update({ label: "Chaise" })).then([]);
  });

  it("checks a new reference is free", () => {
    given
      .when(update({ reference: "CH-02" }, { referenceTaken: true }))
      .thenThrows(refusedOnField("item.duplicateReference", "reference", 409));
    given
      .when(update({ reference: "CH-02" }))
      .then([{ type: "ItemUpdated", data: { changes: { reference: "CH-02" } } }]);
  });

  it("drops the side the item no longer has, with its tiers", () => {
    spec
      .given([
        created(),
        {
          type: "ItemPriceTiersChanged",
          data: { side: "purchase", tiers: [{ fromQuantity: "10", unitPrice: "18.00" }], percentage: null },
        },
      ])
      .when(update({ use: "sale" }))
      .then([
        { type: "ItemUpdated", data: { changes: { use: "sale", buyAccount: null } } },
        { type: "ItemPriceTiersChanged", data: { side: "purchase", tiers: [], percentage: null } },
      ]);
  });

  it("changes prices, a null removing one, an absent one staying", () => {
    given
      .when({ type: "ChangeItemPrices", data: { sellPrice: "50" } })
      .then([{ type: "ItemPricesChanged", data: { buyPrice: null, sellPrice: "50.00", percentage: null } }]);
    const priced = spec.given([created({ sellPrice: "50.00", buyPrice: "20.00" })]);
    priced
      .when({ type: "ChangeItemPrices", data: { buyPrice: null } })
      .then([{ type: "ItemPricesChanged", data: { buyPrice: null, sellPrice: "50.00", percentage: null } }]);
    priced.when({ type: "ChangeItemPrices", data: { sellPrice: "50.0000" } }).then([]);
  });

  it("sorts price tiers by quantity and refuses a quantity twice, a side the item has not", () => {
    given
      .when(
        tiers("sale", [
          { fromQuantity: "100", unitPrice: "40" },
          { fromQuantity: "10.50", unitPrice: "45.5" },
        ]),
      )
      .then([
        {
          type: "ItemPriceTiersChanged",
          data: {
            side: "sale",
            tiers: [
              { fromQuantity: "10.5", unitPrice: "45.50" },
              { fromQuantity: "100", unitPrice: "40.00" },
            ],
            percentage: null,
          },
        },
      ]);
    given
      .when(
        tiers("sale", [
          { fromQuantity: "10", unitPrice: "45" },
          { fromQuantity: "10.0", unitPrice: "44" },
        ]),
      )
      .thenThrows(refusedOnField("item.duplicateTierQuantity", "saleTiers"));
    given
      .when(tiers("sale", [{ fromQuantity: "0", unitPrice: "45" }]))
      .thenThrows(refusedOnField("validation.invalidQuantity", "saleTiers.0.fromQuantity"));
    given
      .when(tiers("purchase", [{ fromQuantity: "5", unitPrice: "x" }]))
      .thenThrows(refusedOnField("validation.invalidAmount", "purchaseTiers.0.unitPrice"));
    spec
      .given([created({ use: "sale", buyAccount: null })])
      .when(tiers("purchase", [{ fromQuantity: "5", unitPrice: "10" }]))
      .thenThrows(refusedOnField("item.tiersSideNotUsed", "purchaseTiers"));
  });

  it("adds, changes and removes metas", () => {
    given
      .when({ type: "SetItemMeta", data: { key: "ean", value: "3012345678901" } })
      .then([{ type: "ItemMetaAdded", data: { key: "ean", value: "3012345678901" } }]);
    const withMeta = spec.given([created(), { type: "ItemMetaAdded", data: { key: "ean", value: "1" } }]);
    withMeta
      .when({ type: "SetItemMeta", data: { key: "ean", value: "2" } })
      .then([{ type: "ItemMetaChanged", data: { key: "ean", value: "2" } }]);
    withMeta
      .when({ type: "RemoveItemMeta", data: { key: "ean" } })
      .then([{ type: "ItemMetaRemoved", data: { key: "ean" } }]);
    given
      .when({ type: "RemoveItemMeta", data: { key: "ean" } })
      .thenThrows(refusedOnField("item.metaNotFound", "key", 404));
    given
      .when({ type: "SetItemMeta", data: { key: "é", value: "2" } })
      .thenThrows(refusedOnField("validation.notAllowed", "key"));
  });
});

describe("bulk price update by a percentage", () => {
  const priced = [
    created({ sellPrice: "10.00", buyPrice: "4.3333" }),
    {
      type: "ItemPriceTiersChanged",
      data: { side: "sale", tiers: [{ fromQuantity: "10", unitPrice: "9.99" }], percentage: null },
    },
  ] as const satisfies readonly ItemEvent[];

  it("changes prices and tiers, each rounded half up to the cent", () => {
    spec
      .given([...priced])
      .when({ type: "UpdateItemPricesByPercentage", data: { percentage: "5", prices: "both" } })
      .then([
        { type: "ItemPricesChanged", data: { buyPrice: "4.55", sellPrice: "10.50", percentage: "5" } },
        {
          type: "ItemPriceTiersChanged",
          data: { side: "sale", tiers: [{ fromQuantity: "10", unitPrice: "10.49" }], percentage: "5" },
        },
      ]);
    spec
      .given([...priced])
      .when({ type: "UpdateItemPricesByPercentage", data: { percentage: "-2.5", prices: "buy" } })
      .then([
        { type: "ItemPricesChanged", data: { buyPrice: "4.22", sellPrice: "10.00", percentage: "-2.5" } },
      ]);
  });

  it("refuses a price raised past the bound of a price", () => {
    spec
      .given([created({ sellPrice: "90000000000.00" })])
      .when({ type: "UpdateItemPricesByPercentage", data: { percentage: "20", prices: "sell" } })
      .thenThrows(refusedOnField("validation.invalidAmount", "sellPrice"));
  });

  it("plans one commit over the selection, an item without a price to change writing nothing", () => {
    const stateOf = (events: readonly ItemEvent[]): ItemState =>
      events.reduce(itemDecider.evolve, itemDecider.initialState());
    const plan = planBulkPriceUpdate(
      [
        { id: "i-chair", state: stateOf(priced) },
        { id: "i-free", state: stateOf([created({ id: "i-free" })]) },
      ],
      { percentage: "10", prices: "sell" },
    );
    expect(plan).toEqual([
      {
        streamId: "item-i-chair",
        events: [
          { type: "ItemPricesChanged", data: { buyPrice: "4.3333", sellPrice: "11.00", percentage: "10" } },
          {
            type: "ItemPriceTiersChanged",
            data: { side: "sale", tiers: [{ fromQuantity: "10", unitPrice: "10.99" }], percentage: "10" },
          },
        ],
      },
    ]);
    expectRefused(
      () => planBulkPriceUpdate([], { percentage: "10", prices: "sell" }),
      refusedOnField("item.emptySelection", "items"),
    );
    expectRefused(
      () =>
        planBulkPriceUpdate([{ id: "i-chair", state: stateOf(priced) }], {
          percentage: "-100",
          prices: "sell",
        }),
      refusedOnField("validation.invalidPercentage", "percentage"),
    );
    expectRefused(
      () =>
        planBulkPriceUpdate(
          [
            { id: "i-chair", state: stateOf(priced) },
            { id: "i-chair", state: stateOf(priced) },
          ],
          { percentage: "1", prices: "sell" },
        ),
      refusedOnField("item.duplicateSelection", "items"),
    );
    expectRefused(
      () =>
        planBulkPriceUpdate([{ id: "i-none", state: itemDecider.initialState() }], {
          percentage: "1",
          prices: "sell",
        }),
      refusedWith("item.notFound", {}, 404),
    );
  });
});

describe("archiving and deleting", () => {
  it("archives and unarchives, once", () => {
    spec
      .given([created()])
      .when({ type: "ArchiveItem", data: {} })
      .then([{ type: "ItemArchived", data: {} }]);
    const archived = spec.given([created(), { type: "ItemArchived", data: {} }]);
    archived.when({ type: "ArchiveItem", data: {} }).then([]);
    archived.when({ type: "UnarchiveItem", data: {} }).then([{ type: "ItemUnarchived", data: {} }]);
  });

  it("refuses to delete an item a document line uses", () => {
    spec
      .given([created()])
      .when({ type: "DeleteItem", data: { used: true } })
      .thenThrows(refusedWith("item.used", {}, 409));
    spec
      .given([created()])
      .when({ type: "DeleteItem", data: { used: false } })
      .then([{ type: "ItemDeleted", data: { id } }]);
    spec
      .given([created(), { type: "ItemDeleted", data: { id } }])
      .when({ type: "ArchiveItem", data: {} })
      .thenThrows(refusedWith("item.notFound", {}, 404));
  });
});
