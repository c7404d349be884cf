import { randomUUID } from "node:crypto";
import { chartStreamId, contactStreamId, parisDate } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { listContacts } from "../../contacts/queries.ts";
import { apiHarness } from "../../testing/api-harness.ts";

const company = {
  kind: "company",
  name: "Boulangerie Martin SARL",
  types: ["customer"],
  addresses: [{ kind: "billing", line1: "12 rue des Lilas", postalCode: "69003", city: "Lyon" }],
  ibans: [{ iban: "FR76 3000 6000 0112 3456 7890 189", bic: "AGRIFRPP" }],
  emails: [{ address: "compta@boulangerie-martin.fr" }],
  phones: [{ kind: "work", number: "04 78 12 34 56" }],
  legal: { siren: "732 829 320", siret: "73282932000017", vatNumber: "FR44732829320" },
};

describe.each(databaseKinds)("contacts API on %s", (kind) => {
  const { harness, send, organisation } = apiHarness(kind);

  it("creates a company customer with its address and IBAN, and its auxiliary account in the same commit", async () => {
    const { token, orgId } = await organisation("Alice");
    const created = await send("POST", "/contacts", token, company);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: "company",
      name: "Boulangerie Martin SARL",
      types: ["customer"],
      siren: "732829320",
      customerAccount: "CBOULANGERI",
      addresses: [{ line1: "12 rue des Lilas", postalCode: "69003", city: "Lyon", country: "FR" }],
      ibans: [{ iban: "FR7630006000011234567890189", bic: "AGRIFRPP" }],
      phones: [{ number: "+33478123456" }],
      legal: { siren: "732829320", siret: "73282932000017", vatNumber: "FR44732829320" },
    });
    const account = await send("GET", "/accounting/accounts/CBOULANGERI", token);
    expect(account.body).toMatchObject({
      kind: "auxiliary",
      control: "411000",
      label: "Boulangerie Martin SARL",
    });
    // One commit: the contact's first event and the chart's account share the transaction.
    const store = harness.ctx.store;
    const contactEvents = await store.readStream(orgId, contactStreamId(created.body.id));
    const chart = await store.readStream(orgId, chartStreamId(orgId));
    const accountCreated = chart.filter((e) => e.type === "AccountCreated").at(-1);
    expect(accountCreated?.txId).toBe(contactEvents[0]?.txId);
    expect(contactEvents.map((e) => e.type)).toEqual([
      "ContactCreated",
      "ContactAuxiliaryAccountAssigned",
      "ContactAddressAdded",
      "ContactPhoneAdded",
      "ContactEmailAdded",
      "ContactIbanAdded",
      "ContactLegalIdentityAdded",
    ]);
    // The list finds it by part of its SIREN, typed with spaces, by city and by e-mail.
    for (const q of ["732 829", "lyon", "boulangerie-martin", "04 78 12"]) {
      const list = await send("GET", `/contacts?q=${encodeURIComponent(q)}`, token);
      expect(list.body.items.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
    }
    expect((await send("GET", "/contacts?type=supplier", token)).body.total).toBe(0);
  });

  it("counts the matches of the list up to its cap, and says when there are more", async () => {
    const { token, orgId } = await organisation("Camille");
    for (const name of ["Menuiserie Arnaud", "Menuiserie Blanc", "Menuiserie Colin"])
      expect(
        (await send("POST", "/contacts", token, { kind: "company", name, types: ["prospect"] })).status,
      ).toBe(201);
    const query = { status: "active", sort: "name", offset: 0, limit: 50, q: "menuiserie" } as const;
    const capped = await listContacts(harness.ctx, orgId, query, 2);
    expect(capped).toMatchObject({ total: 2, capped: true });
    expect(capped.items.map((c) => c.name)).toEqual([
      "Menuiserie Arnaud",
      "Menuiserie Blanc",
      "Menuiserie Colin",
    ]);
    expect(await listContacts(harness.ctx, orgId, query, 3)).toMatchObject({ total: 3, capped: false });
    const answered = await send("GET", "/contacts?q=menuis", token);
    expect(answered.body).toMatchObject({ total: 3, capped: false });
  });

  it("writes nothing twice when a create is sent again with the same key", async () => {
    const { token, orgId } = await organisation("Bruno");
    const key = randomUUID();
    const body = { ...company, name: "Maison Durand", ibans: [], legal: undefined, emails: [] };
    const first = await send("POST", "/contacts", token, body, { key });
    const again = await send("POST", "/contacts", token, body, { key });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect((await send("GET", "/contacts", token)).body.total).toBe(1);
    const chart = await harness.ctx.store.readStream(orgId, chartStreamId(orgId));
    expect(
      chart.filter(
        (e) => e.type === "AccountCreated" && (e.data as { number: string }).number === "CMAISONDURA",
      ),
    ).toHaveLength(1);
  });

  it("warns of possible duplicates with the matches, and creates the contact once acknowledged", async () => {
    const { token } = await organisation("Chloe");
    const first = await send("POST", "/contacts", token, company);
    const twin = { kind: "company", name: "BOULANGERIE  MARTIN", types: ["supplier"] };
    const warned = await send("POST", "/contacts", token, twin);
    expect(warned.status).toBe(409);
    expect(warned.body).toMatchObject({
      code: "contact.duplicate",
      detail: expect.stringContaining("Plusieurs contacts ont le même nom"),
      duplicates: [{ id: first.body.id, name: "Boulangerie Martin SARL", reasons: ["name"] }],
    });
    const english = await send("POST", "/contacts", token, twin, { lang: "en" });
    expect(english.body.detail).toContain("Multiple contacts with same name");
    const created = await send("POST", "/contacts", token, { ...twin, acknowledgeDuplicates: true });
    expect(created.status).toBe(201);
    expect(created.body.supplierAccount).toBe("FBOULANGERI");
    // Another organisation's IBAN is its own business; within one it is a duplicate.
    const sameIban = await send("POST", "/contacts", token, {
      kind: "person",
      lastName: "Moreau",
      ibans: [{ iban: "FR7630006000011234567890189" }],
    });
    expect(sameIban.status).toBe(409);
    expect(sameIban.body).toMatchObject({
      code: "contact.duplicateIban",
      errors: [{ path: "ibans.0.iban" }],
    });
  });

  it("refuses deleting a contact whose account has entries, archives it instead, and deletes an unused one", async () => {
    const { token } = await organisation("Denis");
    const used = (
      await send("POST", "/contacts", token, { kind: "company", name: "Garage Petit", types: ["customer"] })
    ).body;
    const draft = await send("POST", "/accounting/entries", token, {
      journal: "VT",
      date: parisDate(new Date()),
      pieceRef: "F-1",
      label: "Facture Garage Petit",
      lines: [
        { account: "411000", auxiliary: used.customerAccount, debit: 12_000, credit: 0 },
        { account: "706000", debit: 0, credit: 12_000 },
      ],
    });
    expect(draft.status).toBe(201);
    const refused = await send("DELETE", `/contacts/${used.id}`, token);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe("Contact utilisé dans des documents, il ne peut pas être supprimé.");
    expect((await send("DELETE", `/contacts/${used.id}`, token, undefined, { lang: "en" })).body.detail).toBe(
      "Contact used in docs, can't be deleted.",
    );
    const archived = await send("POST", `/contacts/${used.id}/archive`, token);
    expect(archived.body).toMatchObject({ status: "archived", types: ["oldCustomer"] });
    expect((await send("GET", "/contacts", token)).body.total).toBe(0);
    expect((await send("GET", "/contacts?status=archived", token)).body.total).toBe(1);

    const unused = (
      await send("POST", "/contacts", token, {
        kind: "company",
        name: "Quincaillerie Roux",
        types: ["supplier"],
      })
    ).body;
    expect((await send("DELETE", `/contacts/${unused.id}`, token)).status).toBe(204);
    expect((await send("GET", `/contacts/${unused.id}`, token)).status).toBe(404);
    expect((await send("GET", `/accounting/accounts/${unused.supplierAccount}`, token)).status).toBe(404);
    // Its code is never given again.
    const next = (
      await send("POST", "/contacts", token, {
        kind: "company",
        name: "Quincaillerie Roux",
        types: ["supplier"],
      })
    ).body;
    expect(next.supplierAccount).toBe("FQUINCAILLE2");
  });

  it("adds, changes and removes sub-records, each an event of the contact's history", async () => {
    const { token } = await organisation("Emma");
    const person = (
      await send("POST", "/contacts", token, {
        kind: "person",
        firstName: "Jeanne",
        lastName: "Leroy",
        types: ["prospect"],
      })
    ).body;
    const firm = (await send("POST", "/contacts", token, { kind: "company", name: "Leroy Conseil" })).body;
    const base = `/contacts/${person.id}`;
    const phone = await send("POST", `${base}/phones`, token, { kind: "cellular", number: "06 12 34 56 78" });
    expect(phone).toMatchObject({ status: 201, body: { kind: "cellular", number: "+33612345678" } });
    const changed = await send("PUT", `${base}/phones/${phone.body.id}`, token, {
      kind: "work",
      number: "01 42 68 53 00",
    });
    expect(changed.body).toMatchObject({ kind: "work", number: "+33142685300" });
    expect((await send("DELETE", `${base}/phones/${phone.body.id}`, token)).status).toBe(204);
    expect((await send("GET", `${base}/phones`, token)).body.items).toEqual([]);

    const link = await send("POST", `${base}/contacts`, token, { contactId: firm.id, job: "Gérant" });
    expect(link.body).toMatchObject({ contactId: firm.id, name: "Leroy Conseil", job: "GERANT" });
    // The company sees the person too.
    expect((await send("GET", `/contacts/${firm.id}/contacts`, token)).body.items).toMatchObject([
      { contactId: person.id, name: "Jeanne Leroy", inverse: true },
    ]);
    await send("POST", `${base}/notes`, token, { text: "Rappeler en janvier" });
    await send("POST", `${base}/metas`, token, { key: "secteur", value: "conseil" });
    expect((await send("PUT", `${base}/metas/secteur`, token, { value: "audit" })).body).toEqual({
      key: "secteur",
      value: "audit",
    });
    const terms = await send("POST", `${base}/paymentTerms`, token, { days: 45, endOfMonth: true });
    expect(terms.body).toMatchObject({ id: "main", days: 45, endOfMonth: true });
    const updated = await send("PUT", base, token, { types: ["prospect", "customer"], criteria: ["VIP"] });
    expect(updated.body).toMatchObject({
      types: ["prospect", "customer"],
      customerAccount: "CJEANNELERO",
      criteria: ["VIP"],
    });

    const history = (await send("GET", `${base}/histories`, token)).body.items.map(
      (l: { text: string }) => l.text,
    );
    expect(history).toContain("Téléphone retiré : 01 42 68 53 00.");
    expect(history).toContain("Lien ajouté vers Leroy Conseil.");
    expect(history).toContain("Types modifiés : ajoutés client ; retirés —.");
    expect(history.at(-1)).toBe("Contact créé : Jeanne Leroy (prospect).");
    const english = (await send("GET", `${base}/histories`, token, undefined, { lang: "en" })).body.items;
    expect(english.at(-1).text).toBe("Contact created: Jeanne Leroy (prospect).");
    expect((await send("GET", `${base}/sales`, token)).body).toEqual({ items: [] });
  });

  it("refuses bad values with the field and a message in French or English", async () => {
    const { token } = await organisation("Farid");
    const cases: [unknown, string, string, string, string][] = [
      [
        { kind: "company", name: " " },
        "name",
        "contact.companyNameRequired",
        "Saisissez le nom de la société.",
        "Enter a company name.",
      ],
      [
        { kind: "company", name: "X", emails: [{ address: "pas-un-mail" }] },
        "emails.0.address",
        "validation.invalidEmail",
        "E-mail invalide.",
        "Invalid email.",
      ],
      [
        { kind: "company", name: "X", ibans: [{ iban: "FR7630006000011234567890180" }] },
        "ibans.0.iban",
        "validation.invalidIban",
        "IBAN invalide.",
        "Invalid Iban.",
      ],
      [
        { kind: "company", name: "X", phones: [{ number: "12" }] },
        "phones.0.number",
        "validation.invalidPhone",
        "Numéro de téléphone invalide.",
        "Invalid phone number.",
      ],
      [
        { kind: "company", name: "X", legal: { vatNumber: "FR00732829320" } },
        "legal.vatNumber",
        "validation.invalidVatNumber",
        "Numéro de TVA invalide.",
        "Invalid VAT number.",
      ],
      [
        { kind: "company", name: "X", addresses: [{ line1: "1 rue", postalCode: "6900", city: "Lyon" }] },
        "addresses.0.postalCode",
        "contact.invalidPostalCode",
        "Code postal invalide",
        "Invalid postal code",
      ],
    ];
    for (const [body, path, code, fr, en] of cases) {
      const french = await send("POST", "/contacts", token, body);
      expect([french.status, french.body.code, french.body.errors?.[0]?.path]).toEqual([422, code, path]);
      expect(french.body.errors[0].message).toContain(fr);
      const english = await send("POST", "/contacts", token, body, { lang: "en" });
      expect(english.body.errors[0].message).toContain(en);
    }
    expect((await send("GET", "/contacts", token)).body.total).toBe(0);
    // The organisation users' routes stay where they were.
    expect((await send("GET", "/contacts/users", token)).status).toBe(200);
  });
});
