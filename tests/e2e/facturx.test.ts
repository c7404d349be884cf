/**
 * Receiving a supplier's Factur-X as the demo login: the fixtures' PDF (../shared/fixtures/facturx)
 * uploaded on /org/purchases/invoices/import, what it says shown, its unknown supplier proposed, then the
 * draft purchase invoice created and opened with the invoice's totals; the same supplier's XML then
 * recognised by its SIREN, in English. The fixtures' seller has the demo organisation's own SIREN
 * (123 456 782): the preview and the draft's page say so, and nothing is refused. Screenshots in French
 * and English.
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { DocsPages } from "./pages/docs-pages.ts";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

const fixture = (path: string) =>
  fileURLToPath(new URL(`../../../shared/fixtures/facturx/${path}`, import.meta.url));
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

describe("supplier invoice import (Chromium, Factur-X)", () => {
  const { openContext, serverUrl } = demoSuite();

  test(
    "the fixtures' Factur-X PDF becomes a draft purchase invoice with the right totals",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      const docs = new DocsPages(page, serverUrl());
      try {
        await docs.open("/org/purchases/invoices");
        await page.getByTestId("doc-import").click();
        await page.waitForURL(/\/org\/purchases\/invoices\/import$/);
        await page.locator('input[type="file"]').setInputFiles(fixture("pdf/invoice_EN16931.pdf"));
        await page.getByTestId("import-read").waitFor();
        expect(await page.getByTestId("import-number").textContent()).toBe("F20260023");
        expect(await page.getByTestId("import-seller").textContent()).toBe("LE FOURNISSEUR");
        expect(plain(await page.getByTestId("import-excl").textContent())).toBe("100,00 €");
        expect(plain(await page.getByTestId("import-incl").textContent())).toBe("104,90 €");
        expect(await page.getByTestId("import-vat-table").locator("tbody tr").count()).toBe(4);
        expect(await page.getByTestId("import-proposal").textContent()).toContain("LE FOURNISSEUR sera créé");
        const ownSiren =
          "Ce fournisseur a le SIREN de votre organisation (123 456 782) : la facture viendrait de vous-même. Vérifiez le fournisseur avant de la valider.";
        expect(plain(await page.getByTestId("doc-warning").textContent())).toBe(ownSiren);
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.screenshot({ path: join(artifactsDir, "facturx-import-fr.png"), fullPage: true });

        await page.getByTestId("import-create").click();
        await page.waitForURL(/\/org\/docs\/[0-9a-f-]{36}$/);
        await page.getByTestId("doc-totals").waitFor();
        expect(await docs.total("total-excl")).toBe("100,00 €");
        expect(await docs.total("total-vat")).toBe("4,90 €");
        expect(await docs.total("total-incl")).toBe("104,90 €");
        expect(await docs.status()).toBe("Brouillon");
        expect(plain(await page.getByTestId("doc-warning").textContent())).toBe(ownSiren);
        await page.screenshot({ path: join(artifactsDir, "facturx-draft-fr.png"), fullPage: true });
      } finally {
        await context.close();
      }

      const english = await openContext("en");
      const en = await english.newPage();
      try {
        await new DocsPages(en, serverUrl()).open("/org/purchases/invoices/import");
        await en.locator('input[type="file"]').setInputFiles(fixture("xml/factur-x-basic.xml"));
        await en.getByTestId("import-match").waitFor();
        expect(await en.getByTestId("import-match").textContent()).toBe(
          "Supplier recognised by its SIREN: LE FOURNISSEUR.",
        );
        expect(plain(await en.getByTestId("import-incl").textContent())).toBe("€104.90");
        expect(plain(await en.getByTestId("doc-warning").textContent())).toContain(
          "This supplier has your organisation’s SIREN (123 456 782)",
        );
        await en.setViewportSize({ width: 1280, height: 800 });
        await en.screenshot({ path: join(artifactsDir, "facturx-import-en.png"), fullPage: true });
      } finally {
        await english.close();
      }
    },
    3 * browserTimeout,
  );
});
