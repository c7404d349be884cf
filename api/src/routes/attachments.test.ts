import { createHash } from "node:crypto";
import { parisDate } from "@registre/core";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { attachFile } from "../files/attachments.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { fileForm, tinyPdf, tinyPng } from "../testing/files.ts";

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const day = () => parisDate(new Date());

describe.each(databaseKinds)("attachments of documents, contacts and items on %s", (kind) => {
  const { harness, call, send, register, join } = apiHarness(kind, { maxFileBytes: 64 * 1024 });

  const upload = async (
    token: string,
    path: string,
    name: string,
    bytes: Uint8Array<ArrayBuffer>,
    lang = "fr",
  ) => {
    const res = await harness.app.request(`/api${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "accept-language": lang },
      body: fileForm(name, bytes),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
    return { status: res.status, body: (await res.json()) as any };
  };
  const download = (token: string, path: string) =>
    harness.app.request(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const eventCount = async (orgId: string) =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from events where org_id = ${orgId}`.execute(
          harness.ctx.database.db,
        )
      ).rows[0]?.n,
    );
  const invoiceOf = async (token: string) =>
    (await call("POST", "/docs", token, { kind: "invoice", direction: "sales", issueDate: day() })).body
      .id as string;

  it("attaches a PDF to an invoice, lists it, downloads the same bytes, records it in the history, removes it", async () => {
    const o = await documentsOrganisation(call, register, "Joint");
    const id = await invoiceOf(o.token);
    const pdf = tinyPdf();
    const attached = await upload(o.token, `/docs/${id}/files`, "Facture fournisseur été.pdf", pdf);
    expect(attached).toMatchObject({
      status: 201,
      body: {
        name: "Facture fournisseur été.pdf",
        size: pdf.byteLength,
        contentType: "application/pdf",
        sha256: sha(pdf),
      },
    });
    const { fileId } = attached.body;
    const list = await call("GET", `/docs/${id}/files`, o.token);
    expect(list.body.files).toEqual([attached.body]);
    expect(attached.body.attachedBy).toBe("Joint");

    const res = await download(o.token, `/docs/${id}/files/${fileId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(
      "filename*=UTF-8''Facture%20fournisseur%20%C3%A9t%C3%A9.pdf",
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);

    // The fact is on the document's stream, without the bytes.
    const events = await harness.ctx.store.readStream(o.orgId, `doc-${id}`);
    const fact = events.find((e) => e.type === "FileAttached");
    expect(fact?.data).toEqual({
      fileId,
      name: "Facture fournisseur été.pdf",
      size: pdf.byteLength,
      contentType: "application/pdf",
      sha256: sha(pdf),
    });
    expect(fact?.metadata.userId).toBeTruthy();

    expect((await send("DELETE", `/docs/${id}/files/${fileId}`, o.token)).status).toBe(204);
    expect((await call("GET", `/docs/${id}/files`, o.token)).body.files).toEqual([]);
    expect((await download(o.token, `/docs/${id}/files/${fileId}`)).status).toBe(404);
    expect((await send("DELETE", `/docs/${id}/files/${fileId}`, o.token)).body.code).toBe("file.notFound");
    const history = await call("GET", `/docs/histories?docId=${id}`, o.token);
    expect(
      history.body.events.slice(0, 2).map((e: { type: string; detail: string }) => [e.type, e.detail]),
    ).toEqual([
      ["FileDetached", "Facture fournisseur été.pdf"],
      ["FileAttached", "Facture fournisseur été.pdf"],
    ]);
  });

  it("tells a file by its bytes, not its name, and refuses the rest with a clear code, appending nothing", async () => {
    const o = await documentsOrganisation(call, register, "Octets");
    const id = await invoiceOf(o.token);
    const png = await upload(o.token, `/docs/${id}/files`, "releve.pdf", await tinyPng());
    expect(png.body).toMatchObject({ contentType: "image/png", name: "releve.pdf" });
    const csv = await upload(
      o.token,
      `/docs/${id}/files`,
      "lignes.csv",
      new TextEncoder().encode("a;b\n1;2\n"),
    );
    expect(csv.body.contentType).toBe("text/csv");

    const before = await eventCount(o.orgId);
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
    const refusals = [
      [await upload(o.token, `/docs/${id}/files`, "facture.pdf", exe), 422, "file.unsupportedType"],
      [await upload(o.token, `/docs/${id}/files`, "vide.pdf", new Uint8Array()), 422, "file.emptyOrInvalid"],
      [
        await upload(o.token, `/docs/${id}/files`, "tronque.pdf", tinyPdf().slice(0, 60)),
        422,
        "file.emptyOrInvalid",
      ],
      [
        await upload(
          o.token,
          `/docs/${id}/files`,
          "faux.png",
          new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
        ),
        422,
        "file.emptyOrInvalid",
      ],
      [await upload(o.token, `/docs/${id}/files`, "../../etc/passwd", tinyPdf()), 422, "file.invalidName"],
      [await upload(o.token, `/docs/${id}/files`, "..", tinyPdf()), 422, "file.invalidName"],
      [await upload(o.token, `/docs/${id}/files`, "a\\b.pdf", tinyPdf()), 422, "file.invalidName"],
      [
        await upload(o.token, `/docs/${id}/files`, "gros.csv", new Uint8Array(70 * 1024).fill(65)),
        413,
        "file.tooLarge",
      ],
    ] as const;
    for (const [answer, status, code] of refusals) expect(answer).toMatchObject({ status, body: { code } });
    expect(refusals[1][0].body.detail).toBe("Fichier vide ou invalide.");
    expect(refusals[1][0].body.errors[0].path).toBe("file");
    const english = await upload(o.token, `/docs/${id}/files`, "vide.txt", new Uint8Array(), "en");
    expect(english.body.detail).toBe("File is empty or invalid.");
    // Past the input guard's limit for forms: refused before it is read.
    const huge = await upload(o.token, `/docs/${id}/files`, "huge.pdf", new Uint8Array(8 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(await eventCount(o.orgId)).toBe(before);
    expect((await call("GET", `/docs/${id}/files`, o.token)).body.files).toHaveLength(2);
  });

  it("attaches files to contacts and items under their own rights", async () => {
    const o = await documentsOrganisation(call, register, "Fiches");
    const csv = new TextEncoder().encode("date;montant\n2026-01-02;12,50\n");
    const onContact = await upload(o.token, `/contacts/${o.customerId}/files`, "historique.csv", csv);
    expect(onContact).toMatchObject({ status: 201, body: { contentType: "text/csv" } });
    const onItem = await upload(
      o.token,
      `/items/${o.itemId}/files`,
      "notice.txt",
      new TextEncoder().encode("Mode d’emploi"),
    );
    expect(onItem).toMatchObject({ status: 201, body: { contentType: "text/plain" } });
    expect((await call("GET", `/contacts/${o.customerId}/files`, o.token)).body.files).toHaveLength(1);
    const item = await download(o.token, `/items/${o.itemId}/files/${onItem.body.fileId}`);
    expect(await item.text()).toBe("Mode d’emploi");
    const contactHistory = await call("GET", `/contacts/${o.customerId}/histories`, o.token);
    expect(contactHistory.body.items[0].text).toBe("Fichier joint : historique.csv.");

    // The accountant reads contacts' and items' files but may not attach or remove any, nor a document's.
    const accountant = await register("Compta");
    await join(o.token, accountant, "accountant");
    const token = (await call("POST", "/user/orgs/change", accountant.token, { orgId: o.orgId })).body.token;
    expect((await call("GET", `/contacts/${o.customerId}/files`, token)).status).toBe(200);
    expect((await upload(token, `/contacts/${o.customerId}/files`, "x.csv", csv)).status).toBe(403);
    expect((await send("DELETE", `/items/${o.itemId}/files/${onItem.body.fileId}`, token)).status).toBe(403);
    const doc = await invoiceOf(o.token);
    expect(await upload(token, `/docs/${doc}/files`, "x.pdf", tinyPdf())).toMatchObject({
      status: 403,
      body: { params: { code: "sales.invoices.files" } },
    });
  });

  it("never reaches another organisation's owners or files", async () => {
    const a = await documentsOrganisation(call, register, "Alpha");
    const b = await documentsOrganisation(call, register, "Bravo");
    const docA = await invoiceOf(a.token);
    const docB = await invoiceOf(b.token);
    const file = (await upload(a.token, `/docs/${docA}/files`, "secret.pdf", tinyPdf())).body.fileId;
    const before = await eventCount(a.orgId);
    const beforeB = await eventCount(b.orgId);
    expect((await call("GET", `/docs/${docA}/files`, b.token)).status).toBe(404);
    expect((await download(b.token, `/docs/${docA}/files/${file}`)).status).toBe(404);
    expect((await download(b.token, `/docs/${docB}/files/${file}`)).status).toBe(404);
    expect((await send("DELETE", `/docs/${docA}/files/${file}`, b.token)).status).toBe(404);
    expect((await send("DELETE", `/docs/${docB}/files/${file}`, b.token)).status).toBe(404);
    expect((await upload(b.token, `/docs/${docA}/files`, "x.pdf", tinyPdf())).status).toBe(404);
    expect((await upload(b.token, `/contacts/${a.customerId}/files`, "x.pdf", tinyPdf())).status).toBe(404);
    expect((await upload(b.token, `/items/${a.itemId}/files`, "x.pdf", tinyPdf())).status).toBe(404);
    // The same file id under one of A's other owners is not there either.
    expect((await download(a.token, `/contacts/${a.customerId}/files/${file}`)).status).toBe(404);
    expect(await eventCount(a.orgId)).toBe(before);
    expect(await eventCount(b.orgId)).toBe(beforeB);
  });

  it("lets other code attach a file to a document (attachFile), once per command", async () => {
    const o = await documentsOrganisation(call, register, "Service");
    const id = await invoiceOf(o.token);
    const metadata = { commandId: harness.ctx.newId(), at: new Date().toISOString() };
    const owner = { kind: "doc", id } as const;
    const first = await attachFile(
      harness.ctx,
      o.orgId,
      owner,
      { name: "original.pdf", bytes: tinyPdf() },
      metadata,
    );
    const again = await attachFile(
      harness.ctx,
      o.orgId,
      owner,
      { name: "original.pdf", bytes: tinyPdf() },
      metadata,
    );
    expect(again.fileId).toBe(first.fileId);
    expect(
      (await call("GET", `/docs/${id}/files`, o.token)).body.files.map((f: { name: string }) => f.name),
    ).toEqual(["original.pdf"]);
  });
});
