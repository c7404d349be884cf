import { parisDate } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { documentsOrganisation } from "../../testing/documents-setup.ts";

describe.each(databaseKinds)("documents (/docs) on %s", (kind) => {
  const { call, send, register, join } = apiHarness(kind);

  it("creates, reads, lists, changes and deletes drafts; a quote is numbered at creation and follows its lifecycle", async () => {
    const o = await documentsOrganisation(call, register, "Devis");
    const day = parisDate(new Date());
    const template = await call("GET", "/docs/create/sales-quote", o.token);
    expect(template.body).toMatchObject({
      kind: "quote",
      direction: "sales",
      issueDate: day,
      numberedAt: "creation",
      series: [{ id: "sales-quote", next: `DE${day.slice(0, 4)}-00001` }],
      nextStatuses: ["sent", "accepted", "refused", "cancelled"],
    });
    const quote = await call("POST", "/docs", o.token, {
      kind: "quote",
      direction: "sales",
      issueDate: day,
      contactId: o.customerId,
      label: "Audit",
      lines: [
        { kind: "title", label: "Prestations" },
        { kind: "item", itemId: o.itemId, quantity: "3", discount: "10" },
      ],
    });
    expect(quote.status).toBe(201);
    expect(quote.body).toMatchObject({
      number: `DE${day.slice(0, 4)}-00001`,
      status: "draft",
      totalExclTax: 21_600,
    });
    const id = quote.body.id as string;

    const changed = await call("PUT", `/docs/${id}`, o.token, {
      reference: "REF-1",
      lines: [
        { kind: "item", id: "L2", itemId: o.itemId, quantity: "5" },
        { kind: "comment", text: "Sur site" },
      ],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.lines.map((l: { id: string; kind: string }) => [l.id, l.kind])).toEqual([
      ["L2", "item"],
      ["L3", "comment"],
    ]);
    expect(changed.body).toMatchObject({ reference: "REF-1", totalExclTax: 40_000, totalInclTax: 48_000 });

    const list = await call("GET", "/docs?direction=sales&kind=quote&q=ref-1", o.token);
    expect(list.body).toMatchObject({ total: 1, totals: { totalExclTax: 40_000, totalInclTax: 48_000 } });
    expect((await call("GET", "/docs?direction=sales&kind=invoice", o.token)).body.total).toBe(0);

    // The lifecycle: a refused transition is a clear problem, in French and English.
    expect((await call("PUT", `/docs/${id}/status/sent`, o.token)).body.status).toBe("sent");
    const refusedFr = await send("PUT", `/docs/${id}/status/delivered`, o.token);
    expect(refusedFr).toMatchObject({ status: 409, body: { code: "doc.transitionRefused" } });
    expect(refusedFr.body.detail).toBe("Changement d’état refusé : sent vers delivered.");
    const refusedEn = await send("PUT", `/docs/${id}/status/validated`, o.token, undefined, { lang: "en" });
    expect(refusedEn.body.detail).toBe("Status change refused: sent to validated.");
    expect((await call("PUT", `/docs/${id}/status/accepted`, o.token)).body.nextStatuses).toEqual([
      "cancelled",
    ]);
    const notDraft = await send("PUT", `/docs/${id}`, o.token, { label: "x" }, { lang: "en" });
    expect(notDraft).toMatchObject({ status: 409, body: { code: "doc.notDraft" } });

    // A quote accepted becomes an order (numbered CO…), then an invoice; links both ways.
    const order = await call("POST", "/docs", o.token, {
      kind: "order",
      direction: "sales",
      issueDate: day,
      from: { relation: "transform", docId: id, kind: "order" },
    });
    expect(order.body).toMatchObject({
      kind: "order",
      number: `CO${day.slice(0, 4)}-00001`,
      totalExclTax: 40_000,
    });
    expect(order.body.origin).toMatchObject({ relation: "transform", docId: id, kind: "quote" });
    const origin = await call("GET", `/docs/${id}`, o.token);
    // The children with their numbers and dates; what remains of each line to make into each kind.
    expect(origin.body.children).toEqual([
      {
        docId: order.body.id,
        kind: "order",
        relation: "transform",
        number: order.body.number,
        issueDate: day,
      },
    ]);
    expect(origin.body.remaining).toEqual({ order: { L2: "0" }, invoice: { L2: "5" } });
    // The order delivered in part: what remains to deliver goes down, what remains to invoice does not.
    expect((await call("PUT", `/docs/${order.body.id}/status/accepted`, o.token)).status).toBe(200);
    const delivery = await call("POST", "/docs", o.token, {
      kind: "delivery",
      direction: "sales",
      issueDate: day,
      from: { relation: "transform", docId: order.body.id, kind: "delivery", quantities: { L2: "2" } },
    });
    expect(delivery.status).toBe(201);
    const delivered = await call("GET", `/docs/${order.body.id}`, o.token);
    expect(delivered.body.remaining).toEqual({ delivery: { L2: "3" }, invoice: { L2: "5" } });
    expect(delivered.body.children).toEqual([
      {
        docId: delivery.body.id,
        kind: "delivery",
        relation: "transform",
        number: delivery.body.number,
        issueDate: day,
      },
    ]);
    expect(delivery.body.remaining).toEqual({ invoice: { L2: "2" } });
    // The list's summaries name the children by id only.
    const listed = await call("GET", "/docs?direction=sales&kind=order", o.token);
    expect(listed.body.items[0].children).toEqual([
      { docId: delivery.body.id, kind: "delivery", relation: "transform" },
    ]);

    // A draft without children is deleted; one with children is not.
    const draft = await call("POST", "/docs", o.token, {
      kind: "invoice",
      direction: "sales",
      issueDate: day,
    });
    expect((await call("DELETE", `/docs/${draft.body.id}`, o.token)).status).toBe(204);
    expect(
      (await send("GET", `/docs/${draft.body.id}`, o.token, undefined, { lang: "en" })).body,
    ).toMatchObject({
      status: 404,
      code: "doc.notFound",
      detail: "Document not found.",
    });

    const stats = await call("GET", "/docs/stats/sales-quote", o.token);
    expect(stats.body.total).toEqual({ count: 1, totalExclTax: 40_000, totalInclTax: 48_000 });
    expect(stats.body.byStatus.accepted.count).toBe(1);
  });

  it("credits an invoice, lists the contact's sales and dues, keeps a history, and refuses to delete what documents use", async () => {
    const o = await documentsOrganisation(call, register, "Avoir");
    const day = parisDate(new Date());
    const invoice = await call("POST", "/docs", o.token, {
      kind: "invoice",
      direction: "sales",
      issueDate: day,
      contactId: o.customerId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "10" }],
    });
    const id = invoice.body.id as string;
    const refusedCredit = await send("POST", "/docs", o.token, {
      kind: "creditNote",
      direction: "sales",
      issueDate: day,
      from: { relation: "creditNote", docId: id, selection: { kind: "whole" } },
    });
    expect(refusedCredit).toMatchObject({ status: 409, body: { code: "doc.creditNeedsValidatedInvoice" } });
    const validated = await call("PUT", `/docs/${id}/status/validated`, o.token);
    const credit = await call("POST", "/docs", o.token, {
      kind: "creditNote",
      direction: "sales",
      issueDate: day,
      from: {
        relation: "creditNote",
        docId: id,
        selection: { kind: "amounts", amounts: [{ net: "80", vatRate: "20" }] },
      },
    });
    expect(credit.body).toMatchObject({ kind: "creditNote", number: null, totalInclTax: 9_600 });
    const av = await call("PUT", `/docs/${credit.body.id}/status/validated`, o.token);
    expect(av.body.number).toBe(`AV${day.slice(0, 4)}-00001`);
    const entry = await call("GET", `/accounting/entries/mvt/${av.body.entryMvt}`, o.token);
    expect(
      entry.body.lines.map((l: { account: string; debit: number; credit: number }) => [
        l.account,
        l.debit,
        l.credit,
      ]),
    ).toEqual([
      ["411000", 0, 9_600],
      ["709000", 8_000, 0],
      ["445740", 1_600, 0],
    ]);

    const sales = await call("GET", `/contacts/${o.customerId}/sales`, o.token);
    expect(sales.body.items.map((d: { kind: string }) => d.kind).sort()).toEqual(["creditNote", "invoice"]);
    const due = await call("GET", `/contacts/${o.customerId}/sales/due`, o.token);
    expect(due.body.items).toMatchObject([
      {
        id,
        number: validated.body.number,
        due: 96_000,
        dueDate: validated.body.dueDate,
        daysLate: 0,
        penalty: 0,
      },
    ]);
    expect((await call("GET", `/contacts/${o.customerId}/purchases/due`, o.token)).body.items).toEqual([]);

    // History notes: added, read, changed, removed; the stream's events beside them.
    const note = await call("POST", "/docs/histories", o.token, { docId: id, text: "Relancé par téléphone" });
    expect(note).toMatchObject({
      status: 201,
      body: { docId: id, date: day, text: "Relancé par téléphone" },
    });
    expect(
      (await call("PUT", `/docs/histories/${note.body.id}`, o.token, { text: "Relancé" })).body.text,
    ).toBe("Relancé");
    const history = await call("GET", `/docs/histories?docId=${id}`, o.token);
    expect(history.body.notes).toHaveLength(1);
    expect(history.body.events.map((e: { type: string }) => e.type)).toEqual([
      "DocumentHistoryEntryChanged",
      "DocumentHistoryEntryAdded",
      "DocumentChildLinked",
      "DocumentValidated",
      "DocumentCreated",
    ]);
    // The validation names the entry it posted and its place in the log (the time machine's moment).
    const validation = history.body.events.find((e: { type: string }) => e.type === "DocumentValidated");
    expect(validation).toMatchObject({
      entryMvt: expect.any(String),
      position: expect.any(Number),
      entryPosition: expect.any(Number),
    });
    expect(validation.entryPosition).toBeGreaterThan(validation.position);
    expect(
      (
        await call(
          "GET",
          `/accounting/history/entries/${validation.entryMvt}?position=${validation.entryPosition}`,
          o.token,
        )
      ).body.asOf,
    ).toMatchObject({ status: "validated", origin: "document" });
    expect((await call("DELETE", `/docs/histories/${note.body.id}`, o.token)).status).toBe(204);
    expect((await call("GET", `/docs/histories/${note.body.id}`, o.token)).status).toBe(404);

    const contact = await send("DELETE", `/contacts/${o.customerId}`, o.token, undefined, { lang: "en" });
    expect(contact).toMatchObject({ status: 409, body: { code: "contact.usedInDocs" } });
    const item = await send("DELETE", `/items/${o.itemId}`, o.token);
    expect(item.status).toBe(409);
  });

  it("checks the right of the document's side and kind", async () => {
    const o = await documentsOrganisation(call, register, "Droits");
    const accountant = await register("Compta");
    await join(o.token, accountant, "accountant");
    const token = (await call("POST", "/user/orgs/change", accountant.token, { orgId: o.orgId })).body
      .token as string;
    const day = parisDate(new Date());
    const refused = await send("POST", "/docs", token, {
      kind: "invoice",
      direction: "sales",
      issueDate: day,
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: "identity.forbidden", params: { code: "sales.invoices" } },
    });
    const invoice = await call("POST", "/docs", o.token, {
      kind: "invoice",
      direction: "sales",
      issueDate: day,
    });
    expect((await call("GET", `/docs/${invoice.body.id}`, token)).status).toBe(200);
    expect((await call("PUT", `/docs/${invoice.body.id}/status/validated`, token)).status).toBe(403);
  });
});
