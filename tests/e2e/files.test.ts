/**
 * Attachments and share links against the real API, as the demo login: a PDF attached to a validated
 * invoice from its page and downloaded back (the same bytes); a share link created from the document,
 * opened in a fresh browser that never signed in (French light at desktop width, English dark at mobile
 * width), its PDF fetched; the link revoked, the page then says to contact the sender. A shared invoice
 * shows what its PDF shows (a line's discount and unit) and where it stands after a payment and a credit
 * note: paid, credit notes deducted, what is left; « Payée » once nothing is.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parisDate } from "@registre/core";
import { describe, expect, test } from "vitest";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

/** Text as read on the screen, its no-break and narrow spaces as plain ones. */
const spaces = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

/** A one-page PDF (what a supplier's quote might be), built here. */
const pdfBytes = (): Buffer => {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
};

describe("attachments and share links (Chromium)", () => {
  const { api, openContext, open, anonymousContext, serverUrl } = demoSuite();

  test(
    "attaches a PDF to an invoice and downloads it; shares the invoice and opens the link in a fresh browser",
    async () => {
      const list = await api("GET", "/docs?direction=sales&kind=invoice&status=validated");
      const invoice = list.items[0] as { id: string; number: string };
      const context = await openContext("fr");
      const page = await context.newPage();
      try {
        await open(page, `/org/docs/${invoice.id}`);
        await page.getByTestId("attachments").waitFor();

        // Attach: the file chooser of « Joindre un fichier ».
        const pdf = pdfBytes();
        const chooser = page.waitForEvent("filechooser");
        await page.getByTestId("attachment-add").click();
        await (await chooser).setFiles({
          name: "bon de commande signé.pdf",
          mimeType: "application/pdf",
          buffer: pdf,
        });
        const row = page.getByTestId("attachment-row").filter({ hasText: "bon de commande signé.pdf" });
        await row.waitFor();
        expect(await row.textContent()).toContain("PDF");
        await page.screenshot({ path: join(artifactsDir, "files-attachments-fr.png") });

        // Download: the same bytes, under the file's name.
        const download = page.waitForEvent("download");
        await row.getByTestId("attachment-download").click();
        const saved = await download;
        expect(saved.suggestedFilename()).toBe("bon de commande signé.pdf");
        expect(readFileSync((await saved.path()) as string).equals(pdf)).toBe(true);

        // Share: a link, shown once, listed among the active ones.
        await page.getByTestId("doc-share").click();
        await page.getByTestId("share-create").click();
        const link = await page.getByTestId("share-link").inputValue();
        expect(link).toMatch(/\/share\/docs\?token=sh_[\w-]{43}$/);
        await expect.poll(() => page.getByTestId("share-row").count()).toBeGreaterThan(0);
        await page.screenshot({ path: join(artifactsDir, "files-share-dialog-fr.png") });

        const path = new URL(link).pathname + new URL(link).search;
        const customer = await anonymousContext({ locale: "fr" });
        const mobile = await anonymousContext({ locale: "en", width: 390, height: 844, theme: "dark" });
        try {
          const shared = await customer.newPage();
          await shared.goto(new URL(path, serverUrl()).toString());
          await shared.getByTestId("shared-title").waitFor();
          expect(await shared.getByTestId("shared-title").textContent()).toBe(`Facture ${invoice.number}`);
          expect(await shared.getByTestId("shared-seller").textContent()).toBe("Atelier Démo SARL");
          expect(await shared.getByTestId("shared-line").count()).toBeGreaterThan(0);
          expect(await shared.getByTestId("shared-due").textContent()).toMatch(/€$/);
          expect(await shared.evaluate(() => localStorage.getItem("token"))).toBeNull();
          await shared.screenshot({ path: join(artifactsDir, "files-shared-fr-light.png"), fullPage: true });
          // The PDF, through the token alone.
          const href = (await shared.getByTestId("shared-pdf").getAttribute("href")) as string;
          const file = await customer.request.get(new URL(href, serverUrl()).toString());
          expect(file.headers()["content-type"]).toBe("application/pdf");
          expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");

          const phone = await mobile.newPage();
          await phone.goto(new URL(path, serverUrl()).toString());
          await phone.getByTestId("shared-title").waitFor();
          expect(await phone.getByTestId("shared-title").textContent()).toBe(`Invoice ${invoice.number}`);
          expect(
            await phone.evaluate(() => document.documentElement.getAttribute("data-mantine-color-scheme")),
          ).toBe("dark");
          // Nothing wider than the phone but the lines' own scroller.
          expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          await phone.screenshot({
            path: join(artifactsDir, "files-shared-en-dark-mobile.png"),
            fullPage: true,
          });

          // Revoked: the same page now says to contact the sender.
          await page.getByTestId("share-revoke").first().click();
          await page.getByTestId("share-revoke-modal-confirm").click();
          await expect.poll(() => page.getByTestId("share-row").count()).toBe(0);
          await shared.reload();
          await shared.getByTestId("shared-invalid").waitFor();
          expect(await shared.getByTestId("shared-invalid").textContent()).toContain(
            "Veuillez contacter l’expéditeur pour plus d’informations.",
          );
          await phone.reload();
          await phone.getByTestId("shared-invalid").waitFor();
          expect(await phone.getByTestId("shared-invalid").textContent()).toContain(
            "Please contact the sender for more information.",
          );
          await phone.screenshot({ path: join(artifactsDir, "files-shared-invalid-en-dark.png") });
        } finally {
          await customer.close();
          await mobile.close();
        }
        // The storage screen and an item's files, in English.
        const english = await openContext("en");
        try {
          const screen = await english.newPage();
          await open(screen, "/org/settings/clouddrive");
          expect(await screen.getByTestId("storage-provider").textContent()).toBe("The server's data folder");
          await screen.screenshot({ path: join(artifactsDir, "files-storage-en.png") });
          const items = await api("GET", "/items?status=active");
          await open(screen, `/org/items/${items.items[0].id}`);
          await screen.getByTestId("attachment-list").waitFor();
          expect(await screen.getByTestId("attachment-list").textContent()).toContain("No file attached.");
          await screen.screenshot({ path: join(artifactsDir, "files-item-en.png"), fullPage: true });
        } finally {
          await english.close();
        }
      } finally {
        await context.close();
      }
    },
    browserTimeout * 2,
  );

  test(
    "shows a shared invoice's discounted line and what is left due after a payment and a credit note",
    async () => {
      const day = parisDate(new Date());
      const { items } = await api("GET", "/docs?direction=sales&kind=invoice&status=validated");
      const contactId = (items[0] as { contactId: string }).contactId;
      // 3 h × 65,00 − 10 % = 175,50 HT, 210,60 TTC.
      const draft = await api("POST", "/docs", {
        kind: "invoice",
        direction: "sales",
        issueDate: day,
        contactId,
        lines: [
          {
            kind: "free",
            label: "Pose de cloisons",
            account: "706000",
            unit: "HUR",
            quantity: "3",
            unitPrice: "65",
            discount: "10",
            vatRate: "20",
          },
        ],
      });
      const invoice = await api("PUT", `/docs/${draft.id}/status/validated`);
      await api("POST", "/payments/sales", {
        date: day,
        amount: 10_000,
        modeId: "transfer",
        allocations: [{ docId: invoice.id, amount: 10_000 }],
      });
      // A credit note of one hour (58,50 + 20 % = 70,20), deducted from the invoice in a payment of 20,00.
      const line = (await api("GET", `/docs/${invoice.id}`)).lines[0];
      const creditDraft = await api("POST", "/docs", {
        kind: "creditNote",
        direction: "sales",
        issueDate: day,
        from: {
          relation: "creditNote",
          docId: invoice.id,
          selection: { kind: "lines", quantities: { [line.id]: "1" } },
        },
      });
      const credit = await api("PUT", `/docs/${creditDraft.id}/status/validated`);
      await api("POST", "/payments/sales", {
        date: day,
        amount: 2_000,
        modeId: "transfer",
        allocations: [
          { docId: invoice.id, amount: 9_020 },
          { docId: credit.id, amount: 7_020 },
        ],
      });
      const { url } = await api("POST", `/docs/${invoice.id}/shares`, {});
      const path = new URL(url).pathname + new URL(url).search;

      const customer = await anonymousContext({ locale: "fr" });
      const mobile = await anonymousContext({ locale: "en", width: 390, height: 844 });
      try {
        const shared = await customer.newPage();
        await shared.goto(new URL(path, serverUrl()).toString());
        await shared.getByTestId("shared-title").waitFor();
        const row = shared.getByTestId("shared-line").first();
        expect(spaces(await row.textContent())).toContain("heure");
        expect(spaces(await row.getByTestId("shared-line-discount").textContent())).toBe("10 %");
        expect(spaces(await row.textContent())).toContain("175,50 €");
        expect(spaces(await shared.getByTestId("shared-paid").textContent())).toBe("120,00 €");
        expect(spaces(await shared.getByTestId("shared-credited").textContent())).toBe("70,20 €");
        expect(spaces(await shared.getByTestId("shared-due").textContent())).toBe("20,40 €");
        expect(spaces(await shared.getByTestId("shared-totals").textContent())).toContain("Reste à payer");
        expect(spaces(await shared.getByTestId("doc-status").textContent())).toBe(
          "Payée en partie · reste 20,40 €",
        );
        expect(spaces(await shared.getByTestId("shared-mentions").textContent())).toContain(
          "Indemnité forfaitaire pour frais de recouvrement : 40 €",
        );
        await shared.screenshot({ path: join(artifactsDir, "files-shared-settled-fr.png"), fullPage: true });

        const phone = await mobile.newPage();
        await phone.goto(new URL(path, serverUrl()).toString());
        await phone.getByTestId("shared-title").waitFor();
        expect(spaces(await phone.getByTestId("shared-lines-mobile").textContent())).toContain(
          "3 × 65.00 / hour − 10% · VAT 20%",
        );
        expect(spaces(await phone.getByTestId("shared-totals").textContent())).toContain(
          "Credit notes deducted",
        );
        expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await phone.screenshot({
          path: join(artifactsDir, "files-shared-settled-en-mobile.png"),
          fullPage: true,
        });

        // The rest paid: « Payée », nothing left.
        await api("POST", "/payments/sales", {
          date: day,
          amount: 2_040,
          modeId: "transfer",
          allocations: [{ docId: invoice.id, amount: 2_040 }],
        });
        await shared.reload();
        await shared.getByTestId("shared-title").waitFor();
        expect(spaces(await shared.getByTestId("doc-status").textContent())).toBe("Payée");
        expect(spaces(await shared.getByTestId("shared-due").textContent())).toBe("0,00 €");
        await shared.screenshot({ path: join(artifactsDir, "files-shared-paid-fr.png"), fullPage: true });
      } finally {
        await customer.close();
        await mobile.close();
      }
    },
    browserTimeout * 2,
  );
});
