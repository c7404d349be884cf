import type { AppContext } from "../context.ts";
import { changeDocumentSettings } from "../documents/settings.ts";
import { registerUser } from "../identity/users.ts";
import { createOrganisation } from "../organisations.ts";
import { seedAtelierBooks } from "./books.ts";
import { seedDemoContacts } from "./contacts.ts";
import { seedDemoDocuments } from "./documents.ts";
import { seedDemoItems } from "./items.ts";
import { seedDemoLastYear, seedDemoLastYearReturns } from "./last-year.ts";
import { seedDemoPayments } from "./payments.ts";
import { seedDemoBankRules, seedDemoReconciliation } from "./reconcile.ts";
import { seedDemoStatements } from "./statements.ts";
import { seedDemoLastReturns } from "./vat.ts";

/** The README's demo login: owner of the demo organisation, and platform administrator. */
export const DEMO_LOGIN = {
  email: "demo@registre.fr",
  password: "demo-registre-2026",
  name: "Camille Démo",
} as const;

/**
 * The README's demo organisation (the worked example's company, with its January 2025 books) and
 * its owner, the demo login, its 30 items with their price tiers, last year's business from February
 * (`last-year.ts`: what the dashboard compares each month with), and this year's documents (quotes, orders,
 * delivery slips, invoices posted, a credit note, purchases), created once on an empty database.
 */
export const seedDemo = async (ctx: AppContext): Promise<string | null> => {
  const any = await ctx.database.db.selectFrom("organisations").select("org_id").limit(1).executeTakeFirst();
  if (any) return null;
  const metadata = () => ({ commandId: ctx.newId(), at: ctx.clock().toISOString(), userId: "system" });
  const userId = await registerUser(ctx, { ...DEMO_LOGIN, platformAdmin: true }, metadata());
  const orgId = await createOrganisation(
    ctx,
    {
      name: "Atelier Démo SARL",
      siren: "123456782",
      vatNumber: "FR11123456782",
      address: { line1: "12 rue des Artisans", postalCode: "69002", city: "Lyon", country: "FR" },
      fiscalYearStartMonth: 1,
      vatRegime: "reel_normal",
      vatOnDebits: true,
      // Replies to its documents' e-mails come here (their Reply-To).
      email: "contact@atelier-demo.fr",
    },
    metadata(),
    userId,
    { firstYear: { start: "2025-01-01", end: "2025-12-31" } },
  );
  // What its invoices must print (issue 23): the bank details to pay by transfer and the legal footer.
  await changeDocumentSettings(
    ctx,
    orgId,
    {
      bank: { holder: "Atelier Démo SARL", iban: "FR7630006000011234567890189", bic: "CRLYFRPP" },
      printBankDetails: true,
      legalMentions:
        "SARL au capital de 10 000 € — RCS Lyon 123 456 782 — TVA intracommunautaire FR11123456782",
    },
    metadata(),
  );
  // The contacts first: Alpha, Gamma and Beta open the auxiliary accounts the books post to.
  await seedDemoContacts(ctx, orgId, metadata);
  await seedAtelierBooks(ctx, orgId, metadata);
  await seedDemoItems(ctx, orgId, metadata);
  // Last year's business from February, so that each month compares with the same month a year before.
  await seedDemoLastYear(ctx, orgId, metadata);
  // A year of business through the documents: quotes, orders, deliveries, invoices posted, purchases.
  await seedDemoDocuments(ctx, orgId, metadata);
  // Banks, payment modes, the invoices paid before the bank's statement months; their cheque deposit.
  const transfers = await seedDemoPayments(ctx, orgId, metadata);
  // Last year's VAT returns, validated and paid, and this year's opening entry drawn again from its books.
  await seedDemoLastYearReturns(ctx, orgId, metadata);
  // The bank rules, then the bank's last three months of statements from its own CAMT.053 and CFONB 120
  // files (the automatic rules booking their lines on import), then most of their lines reconciled.
  await seedDemoBankRules(ctx, orgId, metadata);
  const plan = await seedDemoStatements(ctx, orgId, metadata, transfers);
  await seedDemoReconciliation(ctx, orgId, metadata, plan);
  // Last month's VAT return, once the statements' entries are in, paid on its day.
  await seedDemoLastReturns(ctx, orgId, metadata);
  return orgId;
};
