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
