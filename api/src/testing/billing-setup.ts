import type { AppContext } from "../context.ts";
import { registerUser } from "../identity/users.ts";
import type { Call } from "./api-harness.ts";

/**
 * The billing tests' platform: a platform administrator (`email`, signed in: `admin` is its token)
 * and the monthly plan it created (« Mensuel », 12.50 € HT a month, VAT 20 %, nothing included).
 */
export const platformWithMonthlyPlan = async (ctx: AppContext, call: Call, email: string) => {
  await registerUser(
    ctx,
    { email, password: "motdepasse1", name: "Admin", platformAdmin: true },
    { commandId: crypto.randomUUID(), at: new Date().toISOString() },
  );
  const admin = (await call("POST", "/login", undefined, { email, password: "motdepasse1" })).body
    .token as string;
  const plan = (
    await call("POST", "/registre/billing/plans", admin, {
      name: "Mensuel",
      months: 1,
      priceHtCents: 1250,
      vatRate: "20",
      includes: [],
    })
  ).body as { id: string };
  return { admin, plan };
};

/**
 * The platform's identity as a seller, complete (`/params`, each key set with `PUT /params/{key}`): without
 * it no platform invoice is issued. A company of Lyon, its SIREN, SIRET and VAT number valid.
 */
export const platformSellerParams = {
  sellerName: "Registre SAS",
  sellerLegalForm: "SAS",
  sellerCapital: "10000",
  sellerSiren: "732829320",
  sellerSiret: "73282932000074",
  sellerVatNumber: "FR44732829320",
  sellerRcs: "RCS Lyon 732 829 320",
  sellerAddress: "3 place Bellecour, 69002 Lyon",
  sellerEmail: "factures@registre.test",
} as const;
