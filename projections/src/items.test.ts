import { randomUUID } from "node:crypto";
import { itemStreamId } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { itemsProjector } from "./items.ts";
import { type GivenEvent, hostileTexts, projectorSpecification } from "./testing/index.ts";

const T0 = "2026-01-01T00:00:00.000Z";

const created = (orgId: string, id: string, reference: string, label: string): GivenEvent => ({
  orgId,
  streamId: itemStreamId(id),
  type: "ItemCreated",
  at: T0,
  data: {
    id,
    use: "sale",
    kind: "service",
    reference,
    label,
    description: null,
    unit: "HUR",
    vatRate: "20",
    vatExemption: null,
    sellAccount: "706000",
    buyAccount: null,
    buyPrice: null,
    sellPrice: "80.0000",
  },
});

const event = (orgId: string, id: string, type: string, data: unknown, at = T0): GivenEvent => ({
  orgId,
  streamId: itemStreamId(id),
  type,
  at,
  data,
});

const row = (
  orgId: string,
  id: string,
  reference: string,
  label: string,
  changes: Record<string, unknown> = {},
) => ({
  org_id: orgId,
  id,
  reference,
  label,
  description: null,
  use: "sale",
  kind: "service",
  unit: "HUR",
  vat_rate: "20",
  vat_exemption: null,
  sell_account: "706000",
  buy_account: null,
  buy_price: null,
  sell_price: "80.0000",
  sale_tiers: [],
  purchase_tiers: [],
  metas: {},
  status: "active",
  search: `${reference}\u001f${label}`.toLowerCase(),
  created_at: new Date(T0),
  updated_at: new Date(T0),
  ...changes,
});

describe.each(databaseKinds)("items read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, itemsProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given an item and every kind of change, then one row as the list and the forms read it", async () => {
    const org = randomUUID();
    const id = randomUUID();
    const later = "2026-02-01T00:00:00.000Z";
    const tiers = [{ fromQuantity: "10", unitPrice: "70.0000" }];
    await spec
      .given(
        created(org, id, "CONS-1", "Conseil"),
        event(org, id, "ItemUpdated", { changes: { label: "Conseil juridique", vatRate: "10" } }),
        event(org, id, "ItemPricesChanged", { buyPrice: "40.0000", sellPrice: "90.0000", percentage: null }),
        event(org, id, "ItemPriceTiersChanged", { side: "sale", tiers, percentage: null }),
        event(org, id, "ItemMetaAdded", { key: "couleur", value: "bleu" }),
        event(org, id, "ItemMetaAdded", { key: "taille", value: "M" }),
        event(org, id, "ItemMetaChanged", { key: "couleur", value: "rouge" }),
        event(org, id, "ItemMetaRemoved", { key: "taille" }),
        event(org, id, "ItemArchived", {}, later),
      )
      .then({
        items: [
          row(org, id, "CONS-1", "Conseil juridique", {
            vat_rate: "10",
            buy_price: "40.0000",
            sell_price: "90.0000",
            sale_tiers: tiers,
            metas: { couleur: "rouge" },
            status: "archived",
            updated_at: new Date(later),
          }),
        ],
      });
  });

  it("given items created, deleted and unarchived, then the deleted one has no row", async () => {
    const org = randomUUID();
    const [kept, gone, back] = [randomUUID(), randomUUID(), randomUUID()];
    await spec
      .given(
        created(org, kept, "A", "Kept"),
        created(org, gone, "B", "Gone"),
        event(org, gone, "ItemMetaAdded", { key: "k", value: "v" }),
        event(org, gone, "ItemDeleted", { id: gone }),
        created(org, back, "C", "Back"),
        event(org, back, "ItemArchived", {}),
        event(org, back, "ItemUnarchived", {}),
      )
      .then({ items: [row(org, kept, "A", "Kept"), row(org, back, "C", "Back")] });
  });

  it("given two items of one reference (a duplicate appended before reservations), then both rows, never a stopped read model", async () => {
    const org = randomUUID();
    const [first, twin, renamed] = [randomUUID(), randomUUID(), randomUUID()];
    await spec
      .given(
        created(org, first, "DUP-1", "Premier"),
        created(org, twin, "dup-1", "Jumeau"),
        created(org, renamed, "AUTRE", "Renommé"),
        event(org, renamed, "ItemUpdated", { changes: { reference: "Dup-1" } }),
      )
      .then({
        items: [
          row(org, first, "DUP-1", "Premier"),
          row(org, twin, "dup-1", "Jumeau"),
          row(org, renamed, "Dup-1", "Renommé"),
        ],
      });
  });

  it("given labels, references and metas no bulk writer should mangle, then each row holds them exactly, rebuilt too", async () => {
    const org = randomUUID();
    const ids = hostileTexts.map(() => randomUUID());
    await spec
      .given(
        ...ids.flatMap((id, i) => [
          created(org, id, `R${i} ${hostileTexts[i]}`, hostileTexts[i] ?? ""),
          event(org, id, "ItemMetaAdded", { key: hostileTexts[i] ?? "", value: hostileTexts[i] ?? "" }),
        ]),
      )
      .then({
        items: ids.map((id, i) =>
          row(org, id, `R${i} ${hostileTexts[i]}`, hostileTexts[i] ?? "", {
            metas: { [hostileTexts[i] ?? ""]: hostileTexts[i] },
            // Lowercased by PostgreSQL (a generated column), as the search's query is.
            search: expect.any(String),
          }),
        ),
      });
  });
});
