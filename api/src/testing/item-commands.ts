import { type Caller, type CommandCase, json, type Seed } from "./command-cases.ts";

let n = 0;
/** A code of each reference list that no seed holds, new at each call (the lists are platform-wide). */
const codes = {
  units: () => `Z${(++n).toString(36).toUpperCase().padStart(2, "0")}`,
  countries: () => `Q${String.fromCharCode(77 + (++n % 14))}`,
  activities: () => `00.${++n % 100}`,
  jobs: () => `WALK-${++n}`,
  bics: () => `WALKFR${(++n).toString(36).toUpperCase().padStart(2, "0")}`,
} as const;
const names = {
  units: "Unit",
  countries: "Country",
  activities: "Activity",
  jobs: "Job",
  bics: "Bic",
} as const;

const referenceCases = (kind: keyof typeof codes): Record<string, CommandCase> => {
  const added = async (seed: Seed, c: Caller) =>
    (await seed.ok("POST", `/registre/${kind}`, c.admin, { code: codes[kind](), label: `Essai ${c.name}` }))
      .code as string;
  return {
    [`create${names[kind]}Entry`]: {
      status: 201,
      build: async (_, c) => ({
        path: `/registre/${kind}`,
        token: c.admin,
        body: json({ code: codes[kind](), label: `Entrée ${c.name}`, labelEn: `Entry ${c.name}` }),
      }),
    },
    [`update${names[kind]}Entry`]: {
      status: 200,
      build: async (seed, c) => ({
        path: `/registre/${kind}/${await added(seed, c)}`,
        token: c.admin,
        body: json({ label: `Changée ${c.name}` }),
      }),
    },
    [`delete${names[kind]}Entry`]: {
      status: 204,
      build: async (seed, c) => ({ path: `/registre/${kind}/${await added(seed, c)}`, token: c.admin }),
    },
  };
};

const item = (c: Caller, reference = `IT-${c.name}-${++n}`) => ({
  use: "both",
  kind: "goods",
  reference,
  label: `Article ${c.name}`,
  vatRate: "20",
  buyPrice: "10",
  sellPrice: "19.9",
});
const created = async (seed: Seed, c: Caller) =>
  (await seed.ok("POST", "/items", c.token, item(c))).id as string;

/** Requests of the items' commands and of the platform's reference lists. */
export const itemCommands: Readonly<Record<string, CommandCase>> = {
  ...referenceCases("units"),
  ...referenceCases("countries"),
  ...referenceCases("activities"),
  ...referenceCases("jobs"),
  ...referenceCases("bics"),
  importItems: {
    status: 200,
    build: async (_, c) => ({
      path: "/items/import",
      token: c.token,
      body: {
        octets: new TextEncoder().encode(
          `Référence;Libellé;Prix de vente HT\r\nIMP-${c.name}-${++n};Import;12,50\r\n`,
        ) as Uint8Array<ArrayBuffer>,
      },
    }),
  },
  createItem: {
    status: 201,
    build: async (_, c) => ({ path: "/items", token: c.token, body: json(item(c)) }),
  },
  updateItem: {
    status: 200,
    build: async (seed, c) => ({
      path: `/items/${await created(seed, c)}`,
      token: c.token,
      body: json({ label: `Renommé ${c.name}`, status: "archived" }),
    }),
  },
  deleteItem: {
    status: 204,
    build: async (seed, c) => ({ path: `/items/${await created(seed, c)}`, token: c.token }),
  },
  setItemPrices: {
    status: 200,
    build: async (seed, c) => ({
      path: `/items/${await created(seed, c)}/prices`,
      token: c.token,
      body: json({ sellPrice: "24.5", saleTiers: [{ fromQuantity: "10", unitPrice: "22" }] }),
    }),
  },
  bulkUpdateItemPrices: {
    status: 200,
    build: async (seed, c) => ({
      path: "/items/bulk/prices",
      token: c.token,
      body: json({ ids: [await created(seed, c), await created(seed, c)], percentage: "5", prices: "both" }),
    }),
  },
  createItemMeta: {
    status: 201,
    build: async (seed, c) => ({
      path: "/items/metas",
      token: c.token,
      body: json({ itemId: await created(seed, c), key: "ean", value: `301${c.name}` }),
    }),
  },
  updateItemMeta: {
    status: 200,
    build: async (seed, c) => {
      const id = await created(seed, c);
      await seed.ok("POST", "/items/metas", c.token, { itemId: id, key: "ean", value: "1" });
      return { path: `/items/metas/${id}:ean`, token: c.token, body: json({ value: `302${c.name}` }) };
    },
  },
  deleteItemMeta: {
    status: 204,
    build: async (seed, c) => {
      const id = await created(seed, c);
      await seed.ok("POST", "/items/metas", c.token, { itemId: id, key: "ean", value: "1" });
      return { path: `/items/metas/${id}:ean`, token: c.token };
    },
  },
  createItemPriceTier: {
    status: 201,
    build: async (seed, c) => ({
      path: "/items/prices",
      token: c.token,
      body: json({ itemId: await created(seed, c), side: "purchase", fromQuantity: "50", unitPrice: "8.5" }),
    }),
  },
  updateItemPriceTier: {
    status: 200,
    build: async (seed, c) => {
      const id = await created(seed, c);
      await seed.ok("POST", "/items/prices", c.token, {
        itemId: id,
        side: "sale",
        fromQuantity: "5",
        unitPrice: "18",
      });
      // A new quantity too: a retry after a lost answer finds the tier where the first attempt moved it.
      return {
        path: `/items/prices/${id}:sale:5`,
        token: c.token,
        body: json({ fromQuantity: "6", unitPrice: "17" }),
      };
    },
  },
  deleteItemPriceTier: {
    status: 204,
    build: async (seed, c) => {
      const id = await created(seed, c);
      await seed.ok("POST", "/items/prices", c.token, {
        itemId: id,
        side: "sale",
        fromQuantity: "5",
        unitPrice: "18",
      });
      return { path: `/items/prices/${id}:sale:5`, token: c.token };
    },
  },
};
