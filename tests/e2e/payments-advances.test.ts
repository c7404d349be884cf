/**
 * A customer's advance used later, against the real API as the demo login: money received with nothing
 * allocated shows as « Avoir / avance disponible » on the payment form of one of the customer's open
 * invoices, one click allocates it (the invoice's amount due falls by it), and the payment's own screen
 * offers its advance for the open invoices, in English too; screenshots in both languages.
 */

import { join } from "node:path";
import { parisDate } from "@registre/core";
import { describe, expect, test } from "vitest";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

const spaces = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

describe("payments advances (Chromium, payments API)", () => {
  const { api, openContext, open } = demoSuite();

  test(
    "shows a customer's advance on an invoice's payment form and allocates it in one click",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      try {
        const list = await api("GET", "/docs?direction=sales&kind=invoice&limit=200");
        const invoice = list.items.find(
          (d: { paymentStatus: string | null; due: number }) => d.paymentStatus === "unpaid" && d.due > 5_000,
        );
        expect(invoice).toBeTruthy();
        const day = parisDate(new Date());
        const received = await api("POST", "/payments/sales", {
          date: day,
          amount: 5_000,
          modeId: "transfer",
          contactId: invoice.contactId,
          reference: "AVANCE E2E",
        });
        expect(received).toMatchObject({ unallocated: 5_000 });

        await open(page, `/org/sales/payments/create?docId=${invoice.id}`);
        const notice = page.getByTestId("advances-notice");
        await notice.waitFor();
        expect(spaces(await notice.textContent())).toContain("Avoir / avance disponible :");
        const row = page.getByTestId("advance-row").filter({ hasText: "AVANCE E2E" });
        expect(spaces(await row.textContent())).toContain("reste 50,00 €");
        await page.screenshot({ path: join(artifactsDir, "payment-advance-fr.png") });
        await row.getByTestId("advance-use").click();
        await expect
          .poll(async () => (await api("GET", `/docs/${invoice.id}`)).due as number)
          .toBe(invoice.due - 5_000);
        expect(await api("GET", `/payments/${received.id}`)).toMatchObject({
          unallocated: 0,
          allocated: 5_000,
        });

        // A second advance, offered on its own payment's screen, in English.
        const second = await api("POST", "/payments/sales", {
          date: day,
          amount: 2_500,
          modeId: "transfer",
          contactId: invoice.contactId,
          reference: "AVANCE E2E 2",
        });
        const en = await openContext("en");
        const enPage = await en.newPage();
        await enPage.goto(new URL(`/org/payments/${second.id}`, page.url()).toString());
        const panel = enPage.getByTestId("advance-panel");
        await panel.waitFor();
        expect(await panel.textContent()).toContain("Advance available: €25.00");
        await enPage.getByLabel(`Allocate ${invoice.number}`).fill("25");
        await enPage.screenshot({ path: join(artifactsDir, "payment-advance-en.png") });
        await enPage.getByTestId("advance-save").click();
        await expect
          .poll(async () => (await api("GET", `/docs/${invoice.id}`)).due as number)
          .toBe(invoice.due - 7_500);
        await en.close();
      } finally {
        await context.close();
      }
    },
    browserTimeout * 2,
  );
});
