import { type CommandMetadata, parisDate } from "@registre/core";
import { readModels } from "@registre/projections";
import { createContact } from "../contacts/create.ts";
import type { AppContext } from "../context.ts";
import { createDocument } from "../documents/commands.ts";
import { validateDocument } from "../documents/validation.ts";
import { loadConnection, setConnection } from "../einvoicing/connection.ts";
import { syncOrganisationNow } from "../einvoicing/sync.ts";
import { registerUser } from "../identity/users.ts";
import { createOrganisation } from "../organisations.ts";
import { demoContacts } from "./contacts.ts";
import { DEMO_LOGIN } from "./index.ts";

/**
 * The demo's e-invoicing (issue 25): when `registre serve` started the local approved platform beside
 * Registre (`cli/local-platform.ts`), the demo organisation and its customer and supplier Menuiserie
 * Perrin et Fils — a second demo organisation, with its own login — each get an account on that
 * platform (through its admin API, over HTTP: the product never imports the platform) and a
 * connection in Registre. Then each sends the other an invoice through the sending reactor: Atelier
 * Démo's restoration work to Perrin, Perrin's oak boards to Atelier Démo; each arrives in the other's
 * inbox as a draft purchase invoice. Done once (Perrin's organisation exists afterwards); on a later
 * start only the accounts are put back on the platform (its data file lost, or a new port).
 */
export type DemoPlatform = {
  /** The platform's base URL; its admin API is under `<url>/admin`. */
  readonly url: string;
  readonly flowUrl: string;
  readonly directoryUrl: string;
  readonly tokenUrl: string;
};

/** The second demo organisation's login (the demo login's password). */
export const PERRIN_LOGIN = {
  email: "perrin@registre.fr",
  password: DEMO_LOGIN.password,
  name: "Antoine Perrin",
} as const;

const ATELIER = { siren: "123456782", vatNumber: "FR11123456782", name: "Atelier Démo SARL" } as const;
const PERRIN_NAME = "Menuiserie Perrin et Fils";

/** Perrin as the demo organisation's contacts know it (its SIREN with its Luhn key, its address). */
const perrinContact = () => {
  const contact = demoContacts().find((c) => c.kind === "company" && c.name === PERRIN_NAME);
  const siren = contact?.legal?.siren;
  const address = contact?.addresses?.[0];
  if (!contact || !siren || !address) throw new Error(`the demo's contacts have no ${PERRIN_NAME}`);
  return { siren, vatNumber: contact.legal?.vatNumber ?? null, address };
};

const admin = async (platform: DemoPlatform, method: "POST" | "PUT", path: string, body: unknown) => {
  const res = await fetch(`${platform.url}/admin${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`local platform: ${method} /admin${path} → ${res.status} ${await res.text()}`);
};

const orgOf = async (ctx: AppContext, siren: string) =>
  (
    await ctx.database.db
      .selectFrom("organisations")
      .select("org_id")
      .where("siren", "=", siren)
      .orderBy("org_id")
      .executeTakeFirst()
  )?.org_id ?? null;

const clientIdOf = (siren: string) => `registre-demo-${siren}`;

/**
 * Puts the organisation's account back on the platform, with the credentials its connection holds —
 * when that connection is still the demo's own (its client id), pointed at this platform's address
 * (the port may have changed). A connection the user pointed elsewhere is left alone.
 */
const restoreAccount = async (
  ctx: AppContext,
  platform: DemoPlatform,
  orgId: string,
  siren: string,
  name: string,
  metadata: () => CommandMetadata,
) => {
  const connection = await loadConnection(ctx, orgId);
  if (!connection || connection.clientId !== clientIdOf(siren)) return;
  if (connection.flowUrl !== platform.flowUrl)
    await setConnection(
      ctx,
      orgId,
      {
        flowUrl: platform.flowUrl,
        directoryUrl: platform.directoryUrl,
        tokenUrl: platform.tokenUrl,
        clientId: connection.clientId,
      },
      metadata(),
    );
  await admin(platform, "POST", "/accounts", {
    siren,
    name,
    clientId: connection.clientId,
    clientSecret: connection.clientSecret,
  });
};

/** Connects the organisation to the platform: its account there, its connection here, the webhook. */
const connect = async (
  ctx: AppContext,
  platform: DemoPlatform,
  orgId: string,
  siren: string,
  name: string,
  metadata: () => CommandMetadata,
  webhookBase: string | undefined,
) => {
  const clientId = clientIdOf(siren);
  const clientSecret = `demo-${ctx.newId()}`;
  const { generatedWebhookSecret } = await setConnection(
    ctx,
    orgId,
    {
      flowUrl: platform.flowUrl,
      directoryUrl: platform.directoryUrl,
      tokenUrl: platform.tokenUrl,
      clientId,
      clientSecret,
      generateWebhookSecret: true,
    },
    metadata(),
  );
  await admin(platform, "POST", "/accounts", { siren, name, clientId, clientSecret });
  if (webhookBase && generatedWebhookSecret)
    await admin(platform, "PUT", `/accounts/${siren}/webhook`, {
      url: `${webhookBase}/api/einvoicing/webhook/${orgId}`,
      secret: generatedWebhookSecret,
    });
};

/** Syncs both organisations until each has received an invoice (the platform works in the background). */
const syncUntilReceived = async (ctx: AppContext, orgIds: readonly string[], timeoutMs: number) => {
  const waiting = new Set(orgIds);
  const deadline = Date.now() + timeoutMs;
  while (waiting.size > 0 && Date.now() < deadline) {
    await ctx.runner.drain();
    for (const orgId of [...waiting])
      if ((await syncOrganisationNow(ctx, orgId))?.received) waiting.delete(orgId);
    if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await ctx.runner.drain();
  return waiting.size === 0;
};

/**
 * Seeds the demo's e-invoicing on the platform (see above). Answers Perrin's organisation when it was
 * made now, null otherwise (no demo organisation, or done on an earlier start).
 */
export const seedDemoEInvoicing = async (
  ctx: AppContext,
  platform: DemoPlatform,
  options: { webhookBase?: string; log?: (message: string) => void; syncTimeoutMs?: number } = {},
): Promise<string | null> => {
  const atelier = await orgOf(ctx, ATELIER.siren);
  if (!atelier) return null;
  const perrin = perrinContact();
  const existing = await orgOf(ctx, perrin.siren);
  if (existing) {
    // Done on an earlier start: the accounts put back (the platform's data file may be gone).
    const metadata = () => ({ commandId: ctx.newId(), at: ctx.clock().toISOString(), userId: "system" });
    await restoreAccount(ctx, platform, atelier, ATELIER.siren, ATELIER.name, metadata);
    await restoreAccount(ctx, platform, existing, perrin.siren, PERRIN_NAME, metadata);
    return null;
  }
  const metadata = () => ({ commandId: ctx.newId(), at: ctx.clock().toISOString(), userId: "system" });
  // The demo's own invoices reacted to first, with no connection: none of them is sent.
  await ctx.runner.drain();
  const userId = await registerUser(ctx, PERRIN_LOGIN, metadata());
  const year = ctx.clock().toISOString().slice(0, 4);
  const perrinOrg = await createOrganisation(
    ctx,
    {
      name: PERRIN_NAME,
      siren: perrin.siren,
      ...(perrin.vatNumber && { vatNumber: perrin.vatNumber }),
      address: {
        line1: perrin.address.line1,
        postalCode: perrin.address.postalCode ?? "",
        city: perrin.address.city ?? "",
        country: "FR",
      },
      fiscalYearStartMonth: 1,
      vatRegime: "reel_normal",
      vatOnDebits: true,
      email: "contact@menuiserie-perrin.fr",
    },
    metadata(),
    userId,
    { firstYear: { start: `${year}-01-01`, end: `${year}-12-31` } },
  );
  const atelierAtPerrin = await createContact(
    ctx,
    perrinOrg,
    {
      kind: "company",
      name: ATELIER.name,
      types: ["customer", "supplier"],
      addresses: [
        { kind: "billing", line1: "12 rue des Artisans", postalCode: "69002", city: "Lyon", country: "FR" },
      ],
      emails: [{ address: "contact@atelier-demo.fr" }],
      legal: { siren: ATELIER.siren, vatNumber: ATELIER.vatNumber },
    },
    metadata(),
    "fr",
  );
  await connect(ctx, platform, atelier, ATELIER.siren, ATELIER.name, metadata, options.webhookBase);
  await connect(ctx, platform, perrinOrg, perrin.siren, PERRIN_NAME, metadata, options.webhookBase);

  const today = parisDate(ctx.clock());
  // Atelier Démo's restoration of Perrin's old workbench: validated, sent by the reactor.
  const perrinAtAtelier = await readModels(ctx.database)
    .selectFrom("contacts")
    .select("contact_id")
    .where("org_id", "=", atelier)
    .where("name", "=", PERRIN_NAME)
    .executeTakeFirstOrThrow();
  const items = await ctx.database.db
    .selectFrom("items")
    .select(["id", "reference"])
    .where("org_id", "=", atelier)
    .where("reference", "in", ["RENOV-H", "CIRE-500"])
    .execute();
  const item = (reference: string) => items.find((i) => i.reference === reference)?.id ?? "";
  const sale = await createDocument(
    ctx,
    atelier,
    {
      kind: "invoice",
      direction: "sales",
      issueDate: today,
      contactId: perrinAtAtelier.contact_id,
      label: "Rénovation d’un établi ancien",
      lines: [
        { kind: "item", itemId: item("RENOV-H"), quantity: "6" },
        { kind: "item", itemId: item("CIRE-500"), quantity: "2" },
      ],
    },
    metadata(),
  );
  await validateDocument(ctx, atelier, sale, metadata(), today);
  // Perrin's oak boards sold to Atelier Démo: its own invoice, sent the same way.
  const boards = await createDocument(
    ctx,
    perrinOrg,
    {
      kind: "invoice",
      direction: "sales",
      issueDate: today,
      contactId: atelierAtPerrin,
      label: "Plateaux de chêne massif",
      lines: [
        {
          kind: "free",
          label: "Plateau de chêne massif 200 × 90 cm, raboté",
          unit: "C62",
          quantity: "2",
          unitPrice: "340.00",
          vatRate: "20",
          nature: "goods",
          account: "701000",
        },
      ],
    },
    metadata(),
  );
  await validateDocument(ctx, perrinOrg, boards, metadata(), today);
  // Each invoice in the other's inbox before the server opens (later, the sync job every minute).
  const delivered = await syncUntilReceived(ctx, [perrinOrg, atelier], options.syncTimeoutMs ?? 20_000);
  if (!delivered)
    options.log?.("the demo's invoices are not delivered yet: the e-invoicing sync will bring them");
  return perrinOrg;
};
