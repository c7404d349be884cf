import { type CommandCase, json } from "./command-cases.ts";

/** The platform's identity as a seller, set before its first invoice (`/params`). */
const seller = {
  sellerName: "Registre SAS",
  sellerSiren: "732829320",
  sellerVatNumber: "FR44732829320",
  sellerAddress: "3 place Bellecour, 69002 Lyon",
};

/** What the idempotency walk sends for the platform's invoices (billing on, the platform administrator). */
export const platformInvoiceCommands: Readonly<Record<string, CommandCase>> = {
  createPlatformInvoice: {
    status: 201,
    build: async (seed, c) => {
      for (const [key, value] of Object.entries(seller))
        await seed.ok("PUT", `/params/${key}`, c.admin, { value });
      return {
        path: "/registre/orgs/invoices",
        token: c.admin,
        body: json({
          orgId: c.orgId,
          kind: "invoice",
          lines: [{ label: `Formation ${c.name}`, quantity: "1.5", unitHtCents: 20_000, vatRate: "20" }],
        }),
      };
    },
  },
};
