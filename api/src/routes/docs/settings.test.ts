import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { documentsOrganisation } from "../../testing/documents-setup.ts";

describe.each(databaseKinds)(
  "document settings and preferences (/docs/settings, /docs/pref) on %s",
  (kind) => {
    const { call, send, organisation, register, join } = apiHarness(kind);

    it("answers the defaults, changes what is sent, refuses a bad format in French and English", async () => {
      const { token } = await organisation("Reglages");
      const settings = await call("GET", "/docs/settings", token);
      expect(settings.status).toBe(200);
      expect(settings.body).toMatchObject({
        earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
        bank: null,
        printBankDetails: false,
        usedSeries: [],
      });
      const bank = { holder: "Atelier Reglages", iban: "FR76 3000 6000 0112 3456 7890 189", bic: "AGRIFRPP" };
      const changed = await call("PUT", "/docs/settings", token, {
        bank,
        printBankDetails: true,
        legalMentions: "SARL au capital de 10 000 €",
      });
      expect(changed.body).toMatchObject({
        bank: { ...bank, iban: "FR7630006000011234567890189" },
        printBankDetails: true,
        legalMentions: "SARL au capital de 10 000 €",
      });
      const series = [
        ...settings.body.series,
        { id: "fb", kind: "invoice", direction: "sales", label: "B", format: "FB-{YYYY}" },
      ];
      const fr = await send("PUT", "/docs/settings", token, { series });
      expect(fr).toMatchObject({ status: 422, body: { code: "doc.invalidSeriesFormat" } });
      expect(fr.body.detail).toContain("Format de numérotation invalide");
      expect(fr.body.errors[0].path).toBe("format");
      const en = await send("PUT", "/docs/settings", token, { series }, { lang: "en" });
      expect(en.body.detail).toContain("Invalid numbering format");
      const ok = await call("PUT", "/docs/settings", token, {
        series: [
          ...settings.body.series,
          { id: "fb", kind: "invoice", direction: "sales", label: "B", format: "FB-{YYYY}-{###}" },
        ],
      });
      expect(ok.body.series.map((s: { id: string }) => s.id)).toContain("fb");
      const missing = await send(
        "PUT",
        "/docs/settings",
        token,
        { printBankDetails: true, bank: null },
        { lang: "en" },
      );
      expect(missing).toMatchObject({ status: 422, body: { code: "docSettings.bankMissing" } });
    });

    it("warns of the seller's mentions the settings leave out, on the settings and before an invoice is issued — never refusing it (issue 23, point 10)", async () => {
      const o = await documentsOrganisation(call, register, "Mentions");
      const codes = (warnings: { code: string }[]) => warnings.map((w) => w.code);
      // « Atelier Mentions »: no legal form; customers may pay by transfer, no IBAN printed.
      const bare = await o.ok("GET", "/docs/settings");
      expect(codes(bare.warnings)).toEqual([
        "docSettings.mention.legalForm",
        "docSettings.mention.bankDetails",
      ]);
      expect(bare.warnings[1]).toMatchObject({
        field: "printBankDetails",
        message:
          "Les coordonnées bancaires ne sont pas imprimées sur les factures : un client qui paie par virement n’y trouve pas l’IBAN.",
      });
      const draft = await o.ok("POST", "/docs", {
        kind: "invoice",
        direction: "sales",
        issueDate: o.year.start,
        contactId: o.customerId,
        lines: [{ kind: "item", itemId: o.itemId, quantity: "1" }],
      });
      const check = await send("GET", `/docs/${draft.id}/validate`, o.token, undefined, { lang: "en" });
      expect(check.body).toMatchObject({ valid: true, problems: [] });
      expect(check.body.warnings.map((w: { message: string }) => w.message)).toEqual([
        "The seller's legal form (SARL, SAS…, or “EI” for a sole trader) appears neither in its name nor in the documents' legal mentions.",
        "The bank details are not printed on invoices: a customer paying by transfer does not find the IBAN on them.",
      ]);
      // A company: its capital and registration asked for too.
      const sarl = await o.ok("PUT", "/docs/settings", { legalMentions: "SARL Atelier Mentions" });
      expect(codes(sarl.warnings)).toEqual([
        "docSettings.mention.shareCapital",
        "docSettings.mention.registration",
        "docSettings.mention.bankDetails",
      ]);
      const complete = await o.ok("PUT", "/docs/settings", {
        legalMentions: "SARL au capital de 10 000 € — RCS Paris 552 120 222",
        bank: { holder: "Atelier Mentions", iban: "FR7630006000011234567890189", bic: null },
        printBankDetails: true,
      });
      expect(complete.warnings).toEqual([]);
      expect((await o.ok("GET", `/docs/${draft.id}/validate`)).warnings).toEqual([]);
      // A warning never blocks: an invoice is validated without its mentions complete.
      await o.ok("PUT", "/docs/settings", { printBankDetails: false });
      expect(codes((await o.ok("GET", `/docs/${draft.id}/validate`)).warnings)).toEqual([
        "docSettings.mention.bankDetails",
      ]);
      const validated = await o.ok("PUT", `/docs/${draft.id}/status/validated`);
      expect(validated.status).toBe("validated");
      expect((await o.ok("GET", `/docs/${draft.id}/validate`)).warnings).toEqual([]);
    });

    it("keeps mine and the organisation's preferences; only who may change the organisation sets its own", async () => {
      const { token, orgId } = await organisation("Prefs");
      const accountant = await register("Compta");
      await join(token, accountant, "accountant");
      const list = await call("GET", "/docs/pref", token);
      expect(list.body).toEqual({
        items: [],
        effective: { sort: "-date", status: "all", period: "all", pageSize: 50, source: "default" },
      });
      expect((await call("POST", "/docs/pref", token, { scope: "org", status: "draft" })).status).toBe(201);
      expect((await call("PUT", "/docs/pref/me", token, { pageSize: 20 })).body).toMatchObject({
        scope: "me",
        pageSize: 20,
        status: "all",
      });
      expect((await call("GET", "/docs/pref/org", token)).body).toMatchObject({
        scope: "org",
        status: "draft",
      });
      expect((await call("GET", "/docs/pref", token)).body.effective).toMatchObject({
        source: "user",
        pageSize: 20,
      });
      expect((await call("DELETE", "/docs/pref/me", token)).status).toBe(204);
      expect((await call("GET", "/docs/pref", token)).body.effective).toMatchObject({
        source: "org",
        status: "draft",
      });
      const other = (await call("POST", "/user/orgs/change", accountant.token, { orgId })).body
        .token as string;
      const refused = await call("PUT", "/docs/pref/org", other, { status: "late" });
      expect(refused).toMatchObject({ status: 403, body: { code: "identity.forbidden" } });
    });
  },
);
