import type { AppContext } from "./context.ts";
import { createOrganisation } from "./organisations.ts";

/** The README's demo organisation (the worked example's company), created once on an empty database. */
export const seedDemo = async (ctx: AppContext): Promise<string | null> => {
  const any = await ctx.database.db.selectFrom("organisations").select("org_id").limit(1).executeTakeFirst();
  if (any) return null;
  return createOrganisation(
    ctx,
    {
      name: "Atelier Démo SARL",
      siren: "123456782",
      vatNumber: "FR11123456782",
      address: { line1: "12 rue des Artisans", postalCode: "69002", city: "Lyon", country: "FR" },
      fiscalYearStartMonth: 1,
      vatRegime: "reel_normal",
      vatOnDebits: true,
    },
    { commandId: ctx.newId(), at: ctx.clock().toISOString(), userId: "system" },
  );
};
