import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { type Books, openBooks } from "./atelier.ts";

/**
 * The CA12 (réel simplifié, yearly) through the API's real commands: a year's sales, purchases and a
 * fixed asset; the July and December instalments (55 % and 40 % of last year's base) posted 445810 /
 * 445510, once; the yearly return deducting them — a credit refunded for one organisation, a balance due
 * for another; next year's instalment on the return's line 57. And corrections of an earlier CA3 carried
 * by a later one, with their reasons.
 */

type Box = { code: string; base: number | null; tax: number | null };
const filled = (boxes: Box[]) =>
  Object.fromEntries(
    boxes
      .filter((b) => (b.base ?? 0) !== 0 || (b.tax ?? 0) !== 0)
      .map((b) => [b.code, b.base !== null && b.tax !== null ? [b.base, b.tax] : (b.base ?? b.tax)]),
  );
type Line = { account: string; debit: number; credit: number };
const summary = (lines: Line[]) => lines.map((l) => [l.account, l.debit, l.credit]);
type Org = { email: string; password: string };

const vat = (kind: string, base?: number) => ({
  rate: "20",
  kind,
  regime: "domestic",
  ...(base !== undefined && { base }),
});

describe.each(databaseKinds)(
  "the CA12 and its instalments, and corrections, through the API (%s)",
  (kind) => {
    let books: Books;
    const orgs: Record<"credit" | "due" | "normal", Org> = {
      credit: { email: "", password: "motdepasse1" },
      due: { email: "", password: "motdepasse1" },
      normal: { email: "", password: "motdepasse1" },
    };
    /** Acts as the owner of `org`, signed in again (sessions expire after 14 days of the test's clock). */
    const as = async (org: Org, day?: string) => {
      if (day) books.setDay(day);
      books.signIn("", org);
      await books.signInAgain();
    };
    const entry = (date: string, pieceRef: string, lines: unknown[]) =>
      books.ok("POST", "/accounting/entries", {
        journal: "OD",
        date,
        pieceRef,
        label: pieceRef,
        lines,
        validate: true,
      });
    const instalment = (period: string, extra: Record<string, unknown> = {}) =>
      books.call("POST", "/accounting/entries/vat", { period, ...extra });

    beforeAll(async () => {
      books = await openBooks(kind);
      books.setDay("2026-01-02");
      const sirens = { credit: "123456782", due: "732829320", normal: "552100554" };
      for (const name of ["credit", "due", "normal"] as const) {
        const org = orgs[name];
        org.email = `ca12.${name}.${Math.random().toString(36).slice(2)}@exemple.fr`;
        const user = await books.ok("POST", "/register", { email: org.email, password: org.password, name });
        books.signIn(user.token, org);
        const created = await books.ok("POST", "/user/orgs", {
          name: `CA12 ${name} SARL`,
          siren: sirens[name],
          address: { line1: "5 rue des Artisans", postalCode: "69001", city: "Lyon", country: "FR" },
          fiscalYearStartMonth: 1,
          ...(name !== "normal" && { vatRegime: "reel_simplifie" }),
        });
        books.signIn(created.token, org);
        if (name === "normal") {
          await entry("2026-01-15", "V-JAN", [
            { account: "471000", debit: 120_000, credit: 0 },
            { account: "707000", debit: 0, credit: 100_000 },
            { account: "445710", debit: 0, credit: 20_000, vat: vat("goods", 100_000) },
          ]);
          await entry("2026-03-15", "V-MAR", [
            { account: "471000", debit: 240_000, credit: 0 },
            { account: "707000", debit: 0, credit: 200_000 },
            { account: "445710", debit: 0, credit: 40_000, vat: vat("goods", 200_000) },
          ]);
          continue;
        }
        // The year: 20 000 of sales (4 000 of VAT), 6 000 of goods bought (1 200), a machine of 5 000 (1 000).
        await entry("2026-03-10", "V-1", [
          { account: "471000", debit: 2_400_000, credit: 0 },
          { account: "707000", debit: 0, credit: 2_000_000 },
          { account: "445710", debit: 0, credit: 400_000, vat: vat("goods", 2_000_000) },
        ]);
        await entry("2026-04-10", "A-1", [
          { account: "607000", debit: 600_000, credit: 0 },
          { account: "445660", debit: 120_000, credit: 0, vat: vat("goods", 600_000) },
          { account: "471000", debit: 0, credit: 720_000 },
        ]);
        await entry("2026-05-10", "I-1", [
          { account: "218300", debit: 500_000, credit: 0 },
          { account: "445620", debit: 100_000, credit: 0, vat: vat("fixedAsset", 500_000) },
          { account: "471000", debit: 0, credit: 600_000 },
        ]);
      }
    }, 240_000);
    afterAll(async () => books?.close());

    it("refuses an instalment before its month, without a base, and for an organisation filing CA3s", async () => {
      await as(orgs.credit, "2026-06-15");
      const early = await instalment("2026-AC1", { reference: 3_000 });
      expect([early.status, early.body.code]).toEqual([409, "vat.instalmentNotYet"]);
      await as(orgs.credit, "2026-07-10");
      const unknown = await instalment("2026-AC1");
      expect([unknown.status, unknown.body.code, unknown.body.errors?.[0]?.path]).toEqual([
        422,
        "vat.instalmentReferenceUnknown",
        "reference",
      ]);
      await as(orgs.normal, "2026-07-10");
      const normal = await instalment("2026-AC1", { reference: 3_000 });
      expect([normal.status, normal.body.code]).toEqual([422, "vat.instalmentNotYearly"]);
    });

    it("posts the July instalment once, even sent twice at once: 55 % of the base, 445810 / 445510 in OD", async () => {
      await as(orgs.credit, "2026-07-10");
      const sent = await Promise.all([
        instalment("2026-AC1", { reference: 3_000 }),
        instalment("2026-AC1", { reference: 3_000 }),
      ]);
      expect(sent.map((s) => s.status).sort()).toEqual([201, 409]);
      expect(sent.find((s) => s.status === 409)?.body.code).toBe("vat.alreadyValidated");
      const july = sent.find((s) => s.status === 201)?.body;
      expect(july).toMatchObject({
        period: "2026-AC1",
        kind: "instalment",
        status: "validated",
        form: { id: "3514-SD" },
      });
      expect(filled(july.boxes)).toEqual({ "01": [3_000, 1_650] });
      const posted = await books.ok("GET", `/accounting/entries/mvt/${july.settlementMvt}`);
      expect(posted).toMatchObject({ journal: "OD", date: "2026-07-10", status: "validated" });
      expect(summary(posted.lines)).toEqual([
        ["445810", 165_000, 0],
        ["445510", 0, 165_000],
      ]);
      const again = await instalment("2026-AC1", { reference: 3_000 });
      expect([again.status, again.body.code]).toEqual([409, "vat.alreadyValidated"]);
      // Paid by the bank: the instalment is paid.
      await entry("2026-07-15", "TVA 2026-AC1", [
        { account: "445510", debit: 165_000, credit: 0 },
        { account: "512000", debit: 0, credit: 165_000 },
      ]);
      expect((await books.ok("GET", "/accounting/vat/2026-AC1")).status).toBe("paid");

      await as(orgs.due);
      expect((await instalment("2026-AC1", { reference: 1_500 })).body.boxes[0].tax).toBe(825);
    });

    it("posts the December instalment, 40 %; none under 1 000 €; the year lists both before its return", async () => {
      await as(orgs.due, "2026-12-05");
      const low = await books.ok("GET", "/accounting/vat/2026-AC2?reference=900");
      expect(low.status).toBe("notDue");
      expect(low.warnings.map((w: { code: string }) => w.code)).toEqual(["vat.instalmentBelowThreshold"]);
      const refused = await instalment("2026-AC2", { reference: 900 });
      expect([refused.status, refused.body.code]).toEqual([422, "vat.instalmentBelowThreshold"]);
      expect((await instalment("2026-AC2", { reference: 1_500 })).body.boxes[0].tax).toBe(600);
      await as(orgs.credit);
      expect((await instalment("2026-AC2", { reference: 3_000 })).body.boxes[0].tax).toBe(1_200);
      const overview = await books.ok("GET", "/accounting/vat?year=2026");
      expect(overview.periodicity).toBe("yearly");
      expect(
        overview.periods.map((p: { period: string; kind: string; status: string; due: number | null }) => [
          p.period,
          p.kind,
          p.status,
          p.due,
        ]),
      ).toEqual([
        ["2026-AC1", "instalment", "paid", 1_650],
        ["2026-AC2", "instalment", "validated", 1_200],
        ["2026", "return", "toPrepare", 0],
      ]);
    });

    it("validates the CA12 deducting the instalments: instalments above the VAT due leave a credit, refunded", async () => {
      await as(orgs.credit, "2027-01-10");
      const live = await books.ok("GET", "/accounting/vat/2026?refund=1050");
      expect(live).toMatchObject({ kind: "return", status: "toPrepare", form: { id: "3517-S-SD" } });
      const validated = await books.ok("POST", "/accounting/entries/vat", { period: "2026", refund: 1_050 });
      expect(filled(validated.boxes)).toEqual({
        "5A": [20_000, 4_000],
        "16": 4_000,
        "20": 1_200,
        "23": 1_000,
        "27": 2_200,
        "28": 1_800,
        "30": 2_850,
        "34": 1_050,
        "35": 1_050,
        "57": 2_800,
      });
      const settlement = await books.ok("GET", `/accounting/entries/mvt/${validated.settlementMvt}`);
      expect(settlement).toMatchObject({ journal: "OD", date: "2026-12-31", status: "validated" });
      expect(summary(settlement.lines)).toEqual([
        ["445710", 400_000, 0],
        ["445620", 0, 100_000],
        ["445660", 0, 120_000],
        ["445810", 0, 285_000],
        ["445830", 105_000, 0],
      ]);
      // The instalments of a year whose CA12 is validated can no longer be declared.
      const late = await instalment("2026-AC2", { reference: 3_000 });
      expect([late.status, late.body.code]).toEqual([409, "vat.alreadyValidated"]);
    });

    it("validates the CA12 with a balance due, then takes next year's instalment on its line 57", async () => {
      await as(orgs.due, "2027-01-10");
      const validated = await books.ok("POST", "/accounting/entries/vat", { period: "2026" });
      expect(filled(validated.boxes)).toMatchObject({ "28": 1_800, "30": 1_425, "33": 375, "57": 2_800 });
      const settlement = await books.ok("GET", `/accounting/entries/mvt/${validated.settlementMvt}`);
      expect(summary(settlement.lines).slice(-2)).toEqual([
        ["445810", 0, 142_500],
        ["445510", 0, 37_500],
      ]);
      const overview = await books.ok("GET", "/accounting/vat?year=2026");
      expect(overview.periods.map((p: { status: string; due: number }) => [p.status, p.due])).toEqual([
        ["validated", 825],
        ["validated", 600],
        ["validated", 375],
      ]);
      const csv = await books.call("GET", "/accounting/vat/2026/csv");
      expect(csv.body).toContain("3517-S-SD");
      expect(csv.body).toContain("2026;gross;5A;");
      expect(csv.body).toContain(";20000;4000");
      const pdf = await books.app.request("/api/accounting/vat/2026/pdf", {
        headers: { authorization: `Bearer ${books.token()}` },
      });
      expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);

      await as(orgs.due, "2027-07-05");
      await books.ok("POST", "/accounting/balance-sheet", {});
      const known = await instalment("2027-AC1", { reference: 3_000 });
      expect([known.status, known.body.code]).toEqual([422, "vat.instalmentReferenceKnown"]);
      const july = await instalment("2027-AC1");
      expect([july.status, july.body.boxes[0]]).toMatchObject([201, { base: 2_800, tax: 1_540 }]);
    });

    it("carries corrections of an earlier CA3 with their reasons in boxes 15 and 21, settled, the earlier return unchanged", async () => {
      await as(orgs.normal, "2026-04-02");
      await books.ok("POST", "/accounting/entries/vat", { period: "2026-01" });
      await books.ok("POST", "/accounting/entries/vat", { period: "2026-02" });
      const january = await books.ok("GET", "/accounting/vat/2026-01");
      const correction = {
        period: "2026-01",
        kind: "payBack",
        amount: 12_340,
        reason: "Facture fournisseur restée impayée",
      };
      const noReason = await books.call("POST", "/accounting/entries/vat", {
        period: "2026-03",
        corrections: [{ ...correction, reason: "" }],
      });
      expect([noReason.status, noReason.body.code]).toEqual([422, "validation.invalid"]);
      const raw = await books.app.request("/api/accounting/entries/vat", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${books.token()}` },
        body: JSON.stringify({ period: "2026-03", corrections: [{ ...correction, reason: undefined }] }),
      });
      expect([raw.status, raw.headers.get("content-type")]).toEqual([
        422,
        "application/problem+json; charset=utf-8",
      ]);
      expect(noReason.body.errors.map((e: { path: string }) => e.path)).toEqual(["corrections.0.reason"]);
      const negative = await books.call("POST", "/accounting/entries/vat", {
        period: "2026-03",
        corrections: [{ ...correction, amount: -1 }],
      });
      expect(negative.body.errors.map((e: { path: string }) => e.path)).toEqual(["corrections.0.amount"]);
      const later = await books.call("POST", "/accounting/entries/vat", {
        period: "2026-03",
        corrections: [{ ...correction, period: "2026-04" }],
      });
      expect([later.status, later.body.code, later.body.errors[0].path]).toEqual([
        422,
        "vat.correctionNotEarlier",
        "corrections.0.period",
      ]);

      const deducted = { period: "2026-01", kind: "deduct", amount: 5_060, reason: "Déduction oubliée" };
      // Previewed before validating: the return as it would be declared with them, nothing written.
      const preview = (corrections: string) =>
        books.call("GET", `/accounting/vat/2026-03?corrections=${encodeURIComponent(corrections)}`);
      const previewed = await preview(JSON.stringify([correction, deducted]));
      expect(previewed.status).toBe(200);
      expect([previewed.body.status, filled(previewed.body.boxes)]).toMatchObject([
        "toPrepare",
        { "15": 123, "16": 523, "21": 51, "23": 51, "32": 472 },
      ]);
      expect(previewed.body.corrections).toEqual([
        { ...correction, account: "445660" },
        { ...deducted, account: "445660" },
      ]);
      const notEarlier = await preview(JSON.stringify([{ ...correction, period: "2026-04" }]));
      expect(notEarlier.body.warnings).toContainEqual(
        expect.objectContaining({ code: "vat.correctionNotEarlier", blocking: true }),
      );
      for (const broken of ["[{", JSON.stringify([{ ...correction, reason: "" }]), "{}"]) {
        const refused = await preview(broken);
        expect([refused.status, refused.body.code, refused.body.errors[0].path]).toEqual([
          422,
          "validation.invalid",
          expect.stringMatching(/^corrections/),
        ]);
      }
      const onInstalment = await books.call(
        "GET",
        `/accounting/vat/2026-AC1?corrections=${encodeURIComponent(JSON.stringify([correction]))}`,
      );
      expect([onInstalment.status, onInstalment.body.code]).toEqual([422, "vat.correctionOnInstalment"]);
      expect(filled((await books.ok("GET", "/accounting/vat/2026-03")).boxes)).not.toHaveProperty("15");
      const march = await books.ok("POST", "/accounting/entries/vat", {
        period: "2026-03",
        corrections: [correction, deducted],
      });
      expect(filled(march.boxes)).toMatchObject({
        "08": [2_000, 400],
        "15": 123,
        "16": 523,
        "21": 51,
        "23": 51,
        "32": 472,
      });
      expect(march.corrections).toEqual([
        { ...correction, account: "445660" },
        { ...deducted, account: "445660" },
      ]);
      const settlement = await books.ok("GET", `/accounting/entries/mvt/${march.settlementMvt}`);
      expect(summary(settlement.lines)).toEqual([
        ["445710", 40_000, 0],
        ["445660", 12_340, 0],
        ["445660", 0, 5_060],
        ["445510", 0, 47_200],
        ["758000", 0, 80],
      ]);
      expect(settlement.lines[1].label).toBe("Régularisation 2026-01 : Facture fournisseur restée impayée");
      // The return read again keeps them; January, corrected, never changes.
      expect((await books.ok("GET", "/accounting/vat/2026-03")).corrections).toHaveLength(2);
      const januaryAgain = await books.ok("GET", "/accounting/vat/2026-01");
      expect([januaryAgain.boxes, januaryAgain.corrections]).toEqual([january.boxes, []]);
      const csv = await books.call("GET", "/accounting/vat/2026-03/csv");
      expect(csv.body).toContain(
        "2026-03;correction;15;2026-01 — Facture fournisseur restée impayée;;123.40",
      );
    });
  },
);
