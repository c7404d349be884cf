import type { CommandMetadata } from "@registre/core";
import { createContact } from "../contacts/create.ts";
import type { AppContext } from "../context.ts";
import { createDocument } from "../documents/commands.ts";
import { createOrganisation } from "../organisations.ts";
import { CreateContactInput } from "../schemas/contacts.ts";
import type { Call } from "./api-harness.ts";

/** A customer company with its billing address and SIREN (the invoice's mandatory mentions). */
export const customerBody = (name = "Alpha SARL") => ({
  kind: "company",
  name,
  types: ["customer"],
  addresses: [{ kind: "billing", line1: "3 place Bellecour", postalCode: "69002", city: "Lyon" }],
  legal: { siren: "732 829 320", vatNumber: "FR44732829320" },
});

/**
 * An organisation whose invoices carry every mandatory mention (address, SIREN, VAT number), with a
 * customer, a supplier and a service item: what the documents tests start from.
 */
export const documentsOrganisation = async (
  call: Call,
  register: (name: string) => Promise<{ token: string; email: string; id: string }>,
  name: string,
) => {
  const owner = await register(name);
  const org = await call("POST", "/user/orgs", owner.token, {
    name: `Atelier ${name}`,
    siren: "552120222",
    vatNumber: "FR27552120222",
    address: { line1: "1 rue de la Paix", postalCode: "75002", city: "Paris", country: "FR" },
  });
  if (org.status !== 201) throw new Error(`organisation refused: ${JSON.stringify(org.body)}`);
  const token = org.body.token as string;
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await call(method, path, token, body);
    if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const customer = await ok("POST", "/contacts", customerBody());
  const supplier = await ok("POST", "/contacts", {
    kind: "company",
    name: "Beta Fournitures",
    types: ["supplier"],
    addresses: [{ kind: "billing", line1: "8 rue du Port", postalCode: "13002", city: "Marseille" }],
  });
  const item = await ok("POST", "/items", {
    use: "both",
    kind: "services",
    reference: "CONSEIL",
    label: "Conseil",
    unit: "HUR",
    vatRate: "20",
    sellPrice: "80",
    buyPrice: "40",
    sellAccount: "706000",
    buyAccount: "604000",
  });
  const years = await ok("GET", "/accounting/balance-sheet");
  return {
    token,
    orgId: org.body.user.org.id as string,
    ok,
    customerId: customer.id as string,
    supplierId: supplier.id as string,
    itemId: item.id as string,
    year: years.items[0] as { id: string; start: string; end: string },
  };
};

/**
 * Through the commands, not the API: an organisation with every mandatory mention and a customer, and
 * `invoice(unitPrice)` drafting a one-line sales invoice (20 %, 706000) to it on `day`.
 */
export const invoicingBooks = async (
  ctx: AppContext,
  name: string,
  day: string,
  metadata: () => CommandMetadata,
) => {
  const orgId = await createOrganisation(
    ctx,
    {
      name,
      siren: "552120222",
      vatNumber: "FR27552120222",
      address: { line1: "1 rue de la Paix", postalCode: "75002", city: "Paris", country: "FR" },
      fiscalYearStartMonth: 1,
    },
    metadata(),
  );
  const customerId = await createContact(
    ctx,
    orgId,
    CreateContactInput.parse(customerBody()),
    metadata(),
    "fr",
  );
  const invoice = (unitPrice: string) =>
    createDocument(
      ctx,
      orgId,
      {
        kind: "invoice",
        direction: "sales",
        issueDate: day,
        contactId: customerId,
        lines: [
          { kind: "free", label: "Conseil", quantity: "1", unitPrice, vatRate: "20", account: "706000" },
        ],
      },
      metadata(),
    );
  return { orgId, invoice };
};
