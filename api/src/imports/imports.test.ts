import { randomUUID } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { defaultUploadLimits } from "../uploads/limits.ts";
import { importContacts } from "./contacts-import.ts";

const alpha = {
  kind: "company",
  name: "Boulangerie Martin SARL",
  types: ["customer"],
  job: null,
  website: "https://boulangerie-martin.fr",
  criteria: ["pain", "bio"],
  addresses: [
    { kind: "billing", line1: "12 rue des Lilas", line2: "Bât. B", postalCode: "69003", city: "Lyon" },
  ],
  ibans: [{ iban: "FR76 3000 6000 0112 3456 7890 189", bic: "AGRIFRPP" }],
  emails: [{ address: "compta@boulangerie-martin.fr" }],
  phones: [
    { kind: "work", number: "04 78 12 34 56" },
    { kind: "cellular", number: "06 12 34 56 78" },
  ],
  legal: { siren: "732 829 320", siret: "73282932000017", vatNumber: "FR44732829320", capital: "10000.50" },
};
const bob = {
  kind: "person",
  firstName: "Jeanne",
  lastName: "Dupont; dite « Jo »",
  types: ["supplier", "partner"],
  job: "ARTISAN",
  emails: [{ address: "jeanne@dupont.fr" }],
  phones: [{ kind: "cellular", number: "+33 6 98 76 54 32" }],
};
const prospect = { kind: "company", name: "=Formule & Cie", types: ["prospect"] };

const chair = {
  use: "both",
  kind: "goods",
  reference: "CH-01",
  label: "Chaise en chêne; « confort »",
  unit: "C62",
  vatRate: "5.5",
  buyPrice: "40",
  sellPrice: "79.9",
  saleTiers: [
    { fromQuantity: "10", unitPrice: "74.5" },
    { fromQuantity: "50", unitPrice: "69" },
  ],
};
const service = {
  use: "sale",
  kind: "services",
  reference: "POSE",
  label: "Pose à l'heure",
  unit: "HUR",
  vatRate: "exempt",
  vatExemption: "TVA non applicable, art. 293 B du CGI",
  sellPrice: "45.1234",
};

describe.each(databaseKinds)("CSV and vCard import and export on %s", (kind) => {
  const { harness, register } = apiHarness(kind);

  const request = async (
    method: string,
    path: string,
    token: string,
    body?: unknown,
    options: {
      key?: string;
      lang?: string;
      bytes?: Uint8Array | string;
      headers?: Record<string, string>;
    } = {},
  ) => {
    const raw = options.bytes;
    return harness.app.request(`/api${path}`, {
      method,
      headers: {
        ...(body !== undefined && { "content-type": "application/json" }),
        ...(raw !== undefined && { "content-type": "application/octet-stream" }),
        authorization: `Bearer ${token}`,
        "accept-language": options.lang ?? "fr",
        ...(options.key && { "idempotency-key": options.key }),
        ...options.headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      ...(raw !== undefined && { body: raw as BodyInit }),
    });
  };
  const send = async (...args: Parameters<typeof request>) => {
    const res = await request(...args);
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
    return { status: res.status, body: (res.status === 204 ? null : await res.json()) as any };
  };
  const upload = (
    path: string,
    token: string,
    bytes: Uint8Array | string,
    options: { key?: string; lang?: string } = {},
  ) => send("POST", path, token, undefined, { ...options, bytes });

  const organisation = async (name: string) => {
    const owner = await register(name);
    const org = await send("POST", "/user/orgs", owner.token, {
      name: `Atelier ${name}`,
      siren: "552120222",
    });
    return { token: org.body.token as string, orgId: org.body.user.org.id as string };
  };
  const text = async (path: string, token: string) => {
    const res = await request("GET", path, token);
    expect(res.status).toBe(200);
    return {
      type: res.headers.get("content-type"),
      body: new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer()),
    };
  };
  const head = async () => (await harness.ctx.store.head()) as unknown;
  const contacts = async (token: string) =>
    (await send("GET", "/contacts?status=all&limit=200", token)).body.items;

  it("exports contacts as French CSV and imports it back: the same contacts, with their auxiliary accounts", async () => {
    const a = await organisation("Alice");
    for (const body of [alpha, bob, prospect])
      expect((await send("POST", "/contacts", a.token, body)).status).toBe(201);
    const exported = await text("/contacts/export?status=all", a.token);
    expect(exported.type).toBe("text/csv; charset=utf-8");
    expect(exported.body.startsWith("\ufeffNature;Raison sociale;Prénom;Nom;")).toBe(true);
    expect(exported.body).toContain("\r\n");
    expect(exported.body).toContain("10000,50");
    expect(exported.body).toMatch(/;\d{2}\/\d{2}\/\d{4}\r\n/);
    expect(exported.body).toContain("'=Formule & Cie");
    // A filter is honoured: only the customers.
    const customers = await text("/contacts/export?type=customer", a.token);
    expect(customers.body.trim().split("\r\n")).toHaveLength(2);

    const b = await organisation("Bruno");
    const imported = await upload("/contacts/import", b.token, exported.body);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({
      written: true,
      created: 3,
      errors: [],
      encoding: "utf-8",
      delimiter: ";",
    });
    const again = await text("/contacts/export?status=all", b.token);
    expect(again.body).toBe(exported.body);
    const listed = await contacts(b.token);
    expect(listed.find((c: { name: string }) => c.name === "Boulangerie Martin SARL").customerAccount).toBe(
      "CBOULANGERI",
    );
    expect(listed.find((c: { name: string }) => c.name.startsWith("Jeanne")).supplierAccount).toBeTruthy();
  });

  it("exports items as French CSV and imports them back the same", async () => {
    const a = await organisation("Carla");
    for (const body of [chair, service])
      expect((await send("POST", "/items", a.token, body)).status).toBe(201);
    const exported = await text("/items/export?status=all", a.token);
    expect(exported.body.startsWith("\ufeffRéférence;Libellé;")).toBe(true);
    expect(exported.body).toContain("79,90");
    expect(exported.body).toContain("10:74,50 | 50:69,00");
    expect(exported.body).toContain("5,5");
    const b = await organisation("Denis");
    const imported = await upload("/items/import", b.token, exported.body);
    expect(imported.body).toMatchObject({ written: true, created: 2, errors: [] });
    expect((await text("/items/export?status=all", b.token)).body).toBe(exported.body);
  });

  it("exports one contact and a selection as vCard 4.0 and imports them back", async () => {
    const a = await organisation("Emma");
    const one = await send("POST", "/contacts", a.token, alpha);
    const two = await send("POST", "/contacts", a.token, bob);
    const card = await text(`/contacts/${one.body.id}/vcard`, a.token);
    expect(card.type).toBe("text/vcard; charset=utf-8");
    expect(card.body).toMatch(/^BEGIN:VCARD\r\nVERSION:4.0\r\n/);
    const selection = await text(`/contacts/vcards?ids=${one.body.id},${two.body.id}`, a.token);
    expect(selection.body.match(/BEGIN:VCARD/g)).toHaveLength(2);

    const b = await organisation("Fabien");
    const imported = await upload("/contacts/import?format=vcard", b.token, selection.body);
    expect(imported.body).toMatchObject({ written: true, created: 2, errors: [] });
    const withoutUid = (s: string) => s.replace(/UID;VALUE=text:[^\r]*\r\n/g, "");
    const back = await text("/contacts/vcards?status=all", b.token);
    expect(withoutUid(back.body)).toBe(withoutUid(selection.body));
  });

  it("reads a Windows-1252 file, guesses its English or French headers and remembers the mapping", async () => {
    const { token } = await organisation("Gaspard");
    const csv = "Société;Ville;Courriel\r\nÉlectricité Générale Lefèvre;Orléans;contact@egl.fr\r\n";
    const bytes = Uint8Array.from([...csv].map((c) => c.charCodeAt(0)));
    const imported = await upload("/contacts/import", token, bytes);
    expect(imported.body).toMatchObject({
      encoding: "windows-1252",
      mapping: { name: "Société", city: "Ville", email: "Courriel" },
      written: false,
      errors: [{ line: 2, field: "postalCode" }],
    });
    // The user maps the city to nothing: the file is then written, and its mapping remembered.
    const mapping = encodeURIComponent(JSON.stringify({ name: "Société", email: "Courriel" }));
    const written = await upload(`/contacts/import?mapping=${mapping}`, token, bytes);
    expect(written.body).toMatchObject({ written: true, created: 1 });
    expect((await contacts(token))[0]).toMatchObject({
      name: "Électricité Générale Lefèvre",
      email: "contact@egl.fr",
    });
    const next = await upload("/contacts/import?dryRun=true", token, bytes);
    expect(next.body.mapping).toMatchObject({ name: "Société", email: "Courriel", city: null });
  });

  it("refuses a file without the required columns, an empty file and a file of 50 MB, with their messages", async () => {
    const { token } = await organisation("Hugo");
    const missing = await upload("/contacts/import", token, "E-mail;Ville\r\na@b.fr;Lyon\r\n");
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: "import.missingColumns" });
    const noLabel = await upload("/items/import", token, "Référence;Prix de vente HT\r\nA1;10\r\n", {
      lang: "en",
    });
    expect(noLabel.body).toMatchObject({
      code: "import.missingColumns",
      detail: "Missing required columns: Libellé.",
    });
    for (const empty of ["", "\ufeff", "Raison sociale;Ville\r\n"]) {
      const answer = await upload("/contacts/import", token, empty, { lang: "en" });
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe("import.emptyFile");
      expect(answer.body.detail).toMatch(/^File is empty or invalid/);
    }
    expect((await upload("/items/import", token, "")).body.detail).toMatch(/^Fichier vide ou invalide/);
    // Declared 50 MB: refused before a byte is read.
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const declared = await harness.app.request("/api/contacts/import", {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/octet-stream",
        "content-length": String(defaultUploadLimits.contacts.bytes + 1),
      },
      body,
      duplex: "half",
    } as RequestInit);
    expect(declared.status).toBe(413);
    expect(declared.headers.get("content-type")).toContain("application/problem+json");
    expect((await declared.json()).code).toBe("upload.tooLarge");
    expect(pulled).toBeLessThanOrEqual(1);
    // Sent without its length, past the limit is refused too.
    const big = await upload("/items/import", token, new Uint8Array(defaultUploadLimits.items.bytes + 1));
    expect(big.status).toBe(413);
  });

  it("a dry run writes nothing; a failing line refuses the whole file with its line number", async () => {
    const { token } = await organisation("Ines");
    const csv = [
      "Raison sociale;Types;IBAN;Code postal;Ville;Adresse",
      "Alpha;client;;69003;Lyon;1 rue A",
      "Beta;fournisseur;FR76 3000 6000 0112 3456 7890 999;69003;Lyon;2 rue B",
      "Gamma;client;;69003;Lyon;3 rue C",
    ].join("\r\n");
    const before = await head();
    const refused = await upload("/contacts/import", token, csv, { lang: "en" });
    expect(refused.body).toMatchObject({
      written: false,
      created: 0,
      errors: [{ line: 3, field: "iban", message: "Invalid Iban." }],
    });
    const dry = await upload("/contacts/import?dryRun=true", token, csv.replace(" 999", " 189"));
    expect(dry.body).toMatchObject({ dryRun: true, written: false, created: 3, errors: [] });
    expect(dry.body.preview[0]).toEqual({
      line: 2,
      values: { name: "Alpha", types: "client", postalCode: "69003", city: "Lyon", line1: "1 rue A" },
    });
    expect(await head()).toEqual(before);
    expect(await contacts(token)).toEqual([]);
    // An unknown type is an error on its line too.
    const bad = await upload("/contacts/import", token, "Raison sociale;Types\r\nDelta;ami\r\n");
    expect(bad.body.errors).toMatchObject([{ line: 2, field: "types", code: "import.unknownType" }]);
  });

  it("lists the first 1,000 errors of a file and counts them all: the answer stays small, the file refused whole", async () => {
    const { token } = await organisation("Lou");
    const lines = ["Raison sociale;Types"];
    for (let i = 1; i <= 1_500; i++) lines.push(`Societe ${i};ami`);
    const before = await head();
    const refused = await upload("/contacts/import", token, lines.join("\r\n"), { lang: "en" });
    expect(refused.body).toMatchObject({ written: false, created: 0, errorCount: 1_500, warningCount: 0 });
    expect(refused.body.errors).toHaveLength(1_000);
    expect(refused.body.errors[0]).toMatchObject({ line: 2, field: "types", code: "import.unknownType" });
    expect(refused.body.errors.at(-1)).toMatchObject({ line: 1_001 });
    expect(await head()).toEqual(before);
  });

  it("cleans the texts of a received file rather than refusing them: controls, end-of-file bytes and bidirectional overrides dropped", async () => {
    const { token } = await organisation("Noemie");
    const csv =
      'Raison sociale;Types;Adresse;Code postal;Ville;Note\r\n"\u0000Alpha\u202e SARL\u0007";client;"1 rue\r\nA";69003;"Ly\u001aon";"Vu au salon\r\nstand\u0007 12"\r\n';
    const imported = await upload("/contacts/import", token, csv);
    expect(imported.body).toMatchObject({ written: true, created: 1, errors: [] });
    const [alpha] = await contacts(token);
    expect(alpha).toMatchObject({ name: "Alpha SARL" });
    const detail = (await send("GET", `/contacts/${alpha.id}`, token)).body;
    expect(Object.values(detail.addresses)).toMatchObject([{ line1: "1 rue A", city: "Lyon" }]);
    expect(Object.values(detail.notes).map((n) => (n as { text: string }).text)).toEqual([
      "Vu au salon\nstand 12",
    ]);
    const items = await upload(
      "/items/import",
      token,
      'Référence;Libellé;Description;Prix de vente HT\r\nA1;"Chaise\u202e en chêne\u0000";"Deux\r\nlignes\u0007";10\r\n',
    );
    expect(items.body).toMatchObject({ written: true, created: 1, errors: [] });
    const item = (await send("GET", "/items?limit=10", token)).body.items[0];
    expect(item).toMatchObject({ label: "Chaise en chêne" });
  });

  it("reads a job, a country and an APE code as the code or a French or English label, and refuses an unknown one by line", async () => {
    const { token } = await organisation("Lina");
    const header = "Nom;Prénom;Fonction;Adresse;Code postal;Ville;Pays;Code APE";
    const refusedCsv = [
      header,
      "Durand;Paul;Gérant;1 rue A;69003;Lyon;Belgique;6201Z",
      "Morel;Léa;Astronaute;2 rue B;69003;Lyon;FR;",
      "Petit;Jean;comptable;3 rue C;69003;Lyon;Atlantide;99.99Z",
    ].join("\r\n");
    // The platform's lists are seeded on their first read (events of their own); from then on a refused
    // import, dry or not, writes nothing.
    await upload("/contacts/import?dryRun=true", token, refusedCsv);
    const before = await head();
    // The dry run names each unknown value on its line, in the reader's language, and writes nothing.
    const dry = await upload("/contacts/import?dryRun=true", token, refusedCsv, { lang: "en" });
    expect(dry.body).toMatchObject({ dryRun: true, written: false, created: 0 });
    expect(dry.body.errors).toEqual([
      {
        line: 3,
        field: "job",
        code: "contact.unknownJob",
        message: "Unknown job (Astronaute): pick it from the list.",
      },
      {
        line: 4,
        field: "country",
        code: "contact.unknownCountry",
        message: "Unknown country (Atlantide): pick it from the list.",
      },
    ]);
    const refused = await upload("/contacts/import", token, refusedCsv);
    expect(refused.body).toMatchObject({ written: false, created: 0 });
    expect(refused.body.errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([
      [3, "job"],
      [4, "country"],
    ]);
    expect(refused.body.errors[0].message).toBe(
      "Fonction inconnue (Astronaute) : choisissez-la dans la liste.",
    );
    const badApe = await upload(
      "/contacts/import?dryRun=true",
      token,
      `${header}\r\nRoux;Max;;;;;;99.99Z\r\n`,
    );
    expect(badApe.body.errors).toMatchObject([
      { line: 2, field: "apeCode", code: "contact.unknownActivity" },
    ]);
    expect(await head()).toEqual(before);

    // French label, English label and code (any case) are all stored as the lists' codes.
    const csv = [
      header,
      "Durand;Paul;Gérant;1 rue A;69003;Lyon;Belgique;6201Z",
      "Morel;Léa;Managing director;2 rue B;69003;Lyon;fr;62.01z",
      "Petit;Jean;comptable;3 rue C;69003;Lyon;Germany;",
    ].join("\r\n");
    const written = await upload("/contacts/import", token, csv);
    expect(written.body).toMatchObject({ written: true, created: 3, errors: [] });
    const listed = await contacts(token);
    const stored = async (lastName: string) => {
      const id = listed.find((c: { name: string }) => c.name.includes(lastName)).id;
      const detail = (await send("GET", `/contacts/${id}`, token)).body;
      return [detail.job, detail.addresses[0].country, detail.legal?.apeCode ?? null];
    };
    expect(await stored("Durand")).toEqual(["GERANT", "BE", "62.01Z"]);
    expect(await stored("Morel")).toEqual(["GERANT", "FR", "62.01Z"]);
    expect(await stored("Petit")).toEqual(["COMPTABLE", "DE", null]);

    // A vCard's TITLE and ADR country too.
    const card = (title: string, country: string) =>
      `BEGIN:VCARD\r\nVERSION:4.0\r\nN:Blanc;Zoé;;;\r\nFN:Zoé Blanc\r\nTITLE:${title}\r\nADR:;;4 rue D;Lyon;;69003;${country}\r\nEND:VCARD\r\n`;
    const vcardRefused = await upload(
      "/contacts/import?format=vcard&dryRun=true",
      token,
      card("Comptable", "France") + card("Jongleur", "France"),
    );
    expect(vcardRefused.body.errors).toMatchObject([{ line: 2, field: "job", code: "contact.unknownJob" }]);
    const vcard = await upload("/contacts/import?format=vcard", token, card("Accountant", "France"));
    expect(vcard.body).toMatchObject({ written: true, created: 1, errors: [] });
    const zoe = (await contacts(token)).find((c: { name: string }) => c.name.includes("Blanc"));
    const detail = (await send("GET", `/contacts/${zoe.id}`, token)).body;
    expect([detail.job, detail.addresses[0].country]).toEqual(["COMPTABLE", "FR"]);
  });

  it("warns of duplicates (the organisation's and the file's) and imports them only once acknowledged", async () => {
    const { token } = await organisation("Jules");
    await send("POST", "/contacts", token, alpha);
    const csv = "Raison sociale;E-mail\r\nBoulangerie Martin;x@y.fr\r\nZeta;z@z.fr\r\nZeta SAS;\r\n";
    const preview = await upload("/contacts/import?dryRun=true", token, csv);
    expect(preview.body.warnings).toMatchObject([
      {
        line: 2,
        code: "contact.duplicate",
        duplicates: [{ name: "Boulangerie Martin SARL", reasons: ["name"] }],
      },
      { line: 4, code: "import.duplicateInFile" },
    ]);
    const refused = await upload("/contacts/import", token, csv);
    expect(refused.body).toMatchObject({
      written: false,
      errors: [{ code: "import.duplicatesNotAcknowledged" }],
    });
    const written = await upload("/contacts/import?acknowledgeDuplicates=true", token, csv);
    expect(written.body).toMatchObject({ written: true, created: 3 });
    expect(await contacts(token)).toHaveLength(4);
  });

  it("a retried import writes nothing twice, and an interrupted one finishes when run again", async () => {
    const { token, orgId } = await organisation("Karim");
    const rows = Array.from({ length: 7 }, (_, i) => `Client ${i};client;7500${i};Paris;${i} rue X`);
    const csv = ["Raison sociale;Types;Code postal;Ville;Adresse", ...rows].join("\n");
    const key = randomUUID();
    const first = await upload("/contacts/import", token, csv, { key });
    const second = await upload("/contacts/import", token, csv, { key });
    expect(second.body).toEqual(first.body);
    expect(await contacts(token)).toHaveLength(7);

    // Interrupted after its first batch of 3, then run again under the same command id.
    const other = csv.replaceAll("Client", "Fournisseur").replaceAll(";client;", ";fournisseur;");
    const metadata: CommandMetadata = {
      commandId: randomUUID(),
      at: new Date().toISOString(),
      userId: "test",
    };
    const options = {
      format: "csv",
      dryRun: false,
      acknowledgeDuplicates: false,
      locale: "fr",
      batchSize: 3,
    } as const;
    await expect(
      importContacts(harness.ctx, orgId, new TextEncoder().encode(other), metadata, {
        ...options,
        onProgress: () => {
          throw new Error("the server stopped");
        },
      }),
    ).rejects.toThrow("the server stopped");
    await harness.ctx.runner.drain();
    expect(await contacts(token)).toHaveLength(10);
    const resumed = await importContacts(
      harness.ctx,
      orgId,
      new TextEncoder().encode(other),
      metadata,
      options,
    );
    expect(resumed).toMatchObject({ written: true, created: 7, errors: [], warnings: [] });
    const all = await contacts(token);
    expect(all).toHaveLength(14);
    const codes = all.flatMap((c: { customerAccount: string | null; supplierAccount: string | null }) =>
      [c.customerAccount, c.supplierAccount].filter(Boolean),
    );
    expect(new Set(codes).size).toBe(14);
  });
});
