import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { runSubscription } from "../billing/subscription.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { platformWithMonthlyPlan } from "../testing/billing-setup.ts";
import { platformInvoiceJob } from "./invoice-job.ts";
import { listPlatformInvoices } from "./platform-invoices.ts";

const billing = { secretKey: "sk_test_fake", webhookSecret: "whsec_job", apiUrl: null };
const seller = {
  sellerName: "Registre SAS",
  sellerSiren: "732829320",
  sellerVatNumber: "FR44732829320",
  sellerAddress: "3 place Bellecour, 69002 Lyon",
};

/**
 * The invoices' job behind the reactor (here absent, as when a payment was recorded while the seller's
 * identity was incomplete, or the reactor stopped between the payment and its invoice): it issues what
 * waits and e-mails it, once; run again, nothing more.
 */
describe.each(databaseKinds)("the platform invoices' job on %s", (kind) => {
  const { harness, call, send, register, mailsTo } = apiHarness(kind, { billing });

  it("invoices the payments left without an invoice, e-mails them once, and nothing more the next time", async () => {
    const { admin, plan } = await platformWithMonthlyPlan(
      harness.ctx,
      call,
      `invoice.job.${kind}@registre.fr`,
    );
    const owner = await register("Rattrapage");
    const org = await send("POST", "/user/orgs", owner.token, {
      name: "Atelier Rattrapage",
      siren: "552120222",
    });
    const token = org.body.token as string;
    const orgId = org.body.user.org.id as string;
    await call("GET", "/billing/subscription", token);
    await call("POST", "/billing/subscription/plan", token, { planId: plan.id });
    const at = new Date().toISOString();
    await runSubscription(harness.ctx, orgId, [{ type: "RenewPeriod", paymentId: "pi_job_1", at }], {
      commandId: crypto.randomUUID(),
      at,
    });
    const [job] = platformInvoiceJob(harness.ctx);
    if (!job) throw new Error("the job is listed with billing on");
    // The seller's identity incomplete: nothing issued yet.
    expect(await job.run(new Date())).toBe("0 invoiced");
    expect(await listPlatformInvoices(harness.ctx, orgId)).toEqual([]);

    for (const [key, value] of Object.entries(seller)) await call("PUT", `/params/${key}`, admin, { value });
    expect(await job.run(new Date())).toBe("1 invoiced");
    const [invoice] = await listPlatformInvoices(harness.ctx, orgId);
    expect(invoice).toMatchObject({ paymentId: "pi_job_1", emailed: { to: owner.email } });
    expect(await job.run(new Date())).toBe("0 invoiced");
    expect(
      mailsTo(owner.email).filter((m) => m.headers.get("subject")?.includes(invoice?.number ?? "?")),
    ).toHaveLength(1);
  });
});
