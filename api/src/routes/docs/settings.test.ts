import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";

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
