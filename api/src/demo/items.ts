import type { CommandMetadata, ItemCommand, PriceTier } from "@registre/core";
import type { AppContext } from "../context.ts";
import { derivedId } from "../ids.ts";
import { createItem } from "../items/items.ts";

type DemoItem = {
  reference: string;
  label: string;
  use: "sale" | "purchase" | "both";
  kind: "goods" | "services" | "products" | "other";
  unit: string;
  vatRate: "20" | "10" | "5.5";
  buy?: string;
  sell?: string;
  sale?: [string, string][];
  purchase?: [string, string][];
};

/**
 * The demo workshop's catalogue: furniture it makes or resells, its services, and what it buys. What it
 * makes and its services carry their cost price (wood and hours; an hour's cost for the services), so that
 * the dashboard's margins by item make sense; the gift voucher has none (its margin is not counted).
 */
const demoItems: DemoItem[] = [
  {
    reference: "CH-CHENE",
    label: "Chaise en chêne massif",
    use: "both",
    kind: "goods",
    unit: "C62",
    vatRate: "20",
    buy: "48",
    sell: "119",
    sale: [
      ["10", "109"],
      ["50", "99"],
    ],
    purchase: [["20", "44.5"]],
  },
  {
    reference: "CH-HETRE",
    label: "Chaise en hêtre teinté",
    use: "both",
    kind: "goods",
    unit: "C62",
    vatRate: "20",
    buy: "35",
    sell: "89",
    sale: [
      ["10", "82"],
      ["40", "76"],
    ],
  },
  {
    reference: "TAB-FERME",
    label: "Table de ferme 200 × 90 cm",
    use: "sale",
    kind: "products",
    unit: "C62",
    vatRate: "20",
    buy: "610",
    sell: "1290",
    sale: [["3", "1190"]],
  },
  {
    reference: "TAB-BASSE",
    label: "Table basse noyer",
    use: "sale",
    kind: "products",
    unit: "C62",
    vatRate: "20",
    buy: "245",
    sell: "540",
  },
  {
    reference: "BUF-3P",
    label: "Buffet trois portes",
    use: "sale",
    kind: "products",
    unit: "C62",
    vatRate: "20",
    buy: "890",
    sell: "1850",
  },
  {
    reference: "ETG-MUR",
    label: "Étagère murale chêne 80 cm",
    use: "both",
    kind: "goods",
    unit: "C62",
    vatRate: "20",
    buy: "28.4",
    sell: "69",
    sale: [
      ["5", "62"],
      ["20", "57.5"],
    ],
  },
  {
    reference: "TAB-CHEV",
    label: "Tabouret de bar",
    use: "both",
    kind: "goods",
    unit: "C62",
    vatRate: "20",
    buy: "31",
    sell: "79",
    sale: [["6", "72"]],
  },
  {
    reference: "LIT-140",
    label: "Lit 140 × 190 en chêne",
    use: "sale",
    kind: "products",
    unit: "C62",
    vatRate: "20",
    buy: "720",
    sell: "1490",
  },
  {
    reference: "PLAN-CHENE",
    label: "Plateau chêne sur mesure",
    use: "sale",
    kind: "products",
    unit: "MTK",
    vatRate: "20",
    buy: "150",
    sell: "320",
    sale: [
      ["5", "295"],
      ["15", "270"],
    ],
  },
  {
    reference: "POSE-H",
    label: "Pose et installation",
    use: "sale",
    kind: "services",
    unit: "HUR",
    vatRate: "20",
    buy: "24",
    sell: "55",
    sale: [
      ["8", "50"],
      ["35", "45"],
    ],
  },
  {
    reference: "RENOV-H",
    label: "Rénovation de meuble ancien (heure)",
    use: "sale",
    kind: "services",
    unit: "HUR",
    vatRate: "10",
    buy: "22",
    sell: "48",
  },
  {
    reference: "ETUDE",
    label: "Étude et plan d’agencement",
    use: "sale",
    kind: "services",
    unit: "LS",
    vatRate: "20",
    buy: "160",
    sell: "450",
  },
  {
    reference: "LIVR-LYON",
    label: "Livraison Lyon et métropole",
    use: "sale",
    kind: "services",
    unit: "LS",
    vatRate: "20",
    buy: "21",
    sell: "45",
  },
  {
    reference: "LIVR-KM",
    label: "Livraison hors métropole",
    use: "sale",
    kind: "services",
    unit: "KMT",
    vatRate: "20",
    buy: "0.55",
    sell: "1.2",
    sale: [
      ["100", "1.05"],
      ["300", "0.95"],
    ],
  },
  {
    reference: "ATELIER-J",
    label: "Journée d’atelier découverte",
    use: "sale",
    kind: "services",
    unit: "DAY",
    vatRate: "20",
    buy: "75",
    sell: "180",
    sale: [["4", "160"]],
  },
  {
    reference: "CIRE-500",
    label: "Cire d’abeille naturelle 500 ml",
    use: "both",
    kind: "goods",
    unit: "C62",
    vatRate: "20",
    buy: "6.9",
    sell: "16.5",
    sale: [["12", "14.9"]],
    purchase: [["24", "6.2"]],
  },
  {
    reference: "HUILE-1L",
    label: "Huile dure pour plan de travail 1 L",
    use: "both",
    kind: "goods",
    unit: "LTR",
    vatRate: "20",
    buy: "14.2",
    sell: "32",
    purchase: [["12", "12.9"]],
  },
  {
    reference: "PATINS",
    label: "Patins feutre (lot de 16)",
    use: "both",
    kind: "goods",
    unit: "SET",
    vatRate: "20",
    buy: "1.85",
    sell: "5.9",
    sale: [
      ["10", "5.2"],
      ["50", "4.5"],
    ],
  },
  {
    reference: "BOIS-CHENE",
    label: "Chêne massif brut 27 mm",
    use: "purchase",
    kind: "goods",
    unit: "MTQ",
    vatRate: "20",
    buy: "1650",
    purchase: [
      ["2", "1580"],
      ["5", "1490"],
    ],
  },
  {
    reference: "BOIS-HETRE",
    label: "Hêtre étuvé 27 mm",
    use: "purchase",
    kind: "goods",
    unit: "MTQ",
    vatRate: "20",
    buy: "980",
    purchase: [["3", "930"]],
  },
  {
    reference: "CP-18",
    label: "Contreplaqué bouleau 18 mm",
    use: "purchase",
    kind: "goods",
    unit: "MTK",
    vatRate: "20",
    buy: "38.5",
    purchase: [
      ["20", "35"],
      ["60", "32.4"],
    ],
  },
  {
    reference: "VIS-4X40",
    label: "Vis inox 4 × 40 (boîte de 200)",
    use: "purchase",
    kind: "other",
    unit: "XBX",
    vatRate: "20",
    buy: "12.8",
    purchase: [["10", "11.5"]],
  },
  {
    reference: "COLLE-PU",
    label: "Colle polyuréthane 750 g",
    use: "purchase",
    kind: "other",
    unit: "C62",
    vatRate: "20",
    buy: "17.4",
  },
  {
    reference: "ABRASIF",
    label: "Disques abrasifs grain 120 (lot de 50)",
    use: "purchase",
    kind: "other",
    unit: "SET",
    vatRate: "20",
    buy: "22",
    purchase: [["5", "19.8"]],
  },
  {
    reference: "VERNIS",
    label: "Vernis aqueux mat 2,5 L",
    use: "purchase",
    kind: "other",
    unit: "C62",
    vatRate: "20",
    buy: "64.9",
  },
  {
    reference: "QUINC-CHAR",
    label: "Charnières invisibles (paire)",
    use: "both",
    kind: "goods",
    unit: "PR",
    vatRate: "20",
    buy: "3.4",
    sell: "8.5",
    sale: [["20", "7.6"]],
    purchase: [["100", "2.95"]],
  },
  {
    reference: "POIGNEE",
    label: "Poignée laiton vieilli",
    use: "both",
    kind: "goods",
    unit: "C62",
    vatRate: "20",
    buy: "4.1",
    sell: "11.9",
    sale: [["10", "10.5"]],
  },
  {
    reference: "COUSSIN",
    label: "Coussin d’assise lin lavé",
    use: "both",
    kind: "goods",
    unit: "C62",
    vatRate: "20",
    buy: "11",
    sell: "29",
    sale: [["4", "26"]],
  },
  {
    reference: "CARTE-KDO",
    label: "Bon cadeau atelier",
    use: "sale",
    kind: "services",
    unit: "C62",
    vatRate: "20",
    sell: "100",
  },
  {
    reference: "TRANSP-FOUR",
    label: "Transport fournisseur (forfait)",
    use: "purchase",
    kind: "services",
    unit: "LS",
    vatRate: "20",
    buy: "85",
  },
];

const tiers = (pairs: [string, string][] | undefined): PriceTier[] =>
  (pairs ?? []).map(([fromQuantity, unitPrice]) => ({ fromQuantity, unitPrice }));

/** The demo organisation's 30 items, created through the item commands (ids derived, so seeding twice writes nothing twice). */
export const seedDemoItems = async (
  ctx: AppContext,
  orgId: string,
  metadata: () => CommandMetadata,
): Promise<void> => {
  for (const [index, item] of demoItems.entries()) {
    const id = derivedId(orgId, "demo-item", index);
    const commands = (context: { readonly referenceTaken: boolean }): ItemCommand[] => [
      {
        type: "CreateItem",
        data: {
          id,
          use: item.use,
          kind: item.kind,
          reference: item.reference,
          label: item.label,
          unit: item.unit,
          vatRate: item.vatRate,
          buyPrice: item.buy ?? null,
          sellPrice: item.sell ?? null,
        },
        context,
      },
      ...(item.sale
        ? [{ type: "SetItemPriceTiers" as const, data: { side: "sale" as const, tiers: tiers(item.sale) } }]
        : []),
      ...(item.purchase
        ? [
            {
              type: "SetItemPriceTiers" as const,
              data: { side: "purchase" as const, tiers: tiers(item.purchase) },
            },
          ]
        : []),
    ];
    await createItem(ctx, orgId, id, item.reference, commands, {
      ...metadata(),
      commandId: derivedId(orgId, "demo-item-command", index),
    });
  }
};

export const demoItemCount = demoItems.length;
