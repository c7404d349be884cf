/**
 * Issue 11's list benchmark: `listDocuments` (what GET /docs calls: a page of 50, the count and the
 * selection's totals) on one organisation of BENCH_DOCS documents (1,000,000 by default), p50 / p95 per
 * variant (first page, one side and kind, a status, a contact, a month), beside the raw anchor of the
 * same run (the same page alone as one plain statement).
 *
 * Set-up, fast: one organisation and a real draft invoice through the command path (`createOrganisation`,
 * `createContact`, `createDocument`); its DocumentCreated event is the template of every other document
 * (kind, side, contact among 2,000, dates over four years, number, price varied), each followed by what its
 * status needs (DocumentValidated for an invoice or credit note, numbered in its series, or
 * DocumentStatusChanged). They are written to `events` by COPY with the org sequence, stream versions and
 * hash chain, then the `streams` rows and the head row, the runner stopped; then the documents read model is
 * rebuilt by its projector (`runner.rebuild("documents")`). The posted entries of validated invoices are not
 * written: the list reads only `documents` (a log no command could make, said so in the report).
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type CommandMetadata, canonicalJson, type DocumentEvent, documentStreamId } from "@registre/core";
import { eventHash } from "@registre/store";
import type postgres from "postgres";
import { createContact } from "../../api/src/contacts/create.ts";
import type { AppContext } from "../../api/src/context.ts";
import { createDocument } from "../../api/src/documents/commands.ts";
import { listDocuments } from "../../api/src/documents/queries.ts";
import { derivedId } from "../../api/src/ids.ts";
import { createOrganisation } from "../../api/src/organisations.ts";
import { CreateContactInput } from "../../api/src/schemas/contacts.ts";
import { customerBody } from "../../api/src/testing/documents-setup.ts";
import { percentile } from "./common.ts";

const CONTACTS = 2000;
const EVENTS_PER_COPY = 50_000;
/** The documents' dates: from FIRST_DAY over DAYS days, unless the caller gives its own span. */
const FIRST_DAY = Date.UTC(2023, 0, 2);
const DAYS = 4 * 365;
type Span = { readonly first: number; readonly days: number };
const SPAN: Span = { first: FIRST_DAY, days: DAYS };

type Created = Extract<DocumentEvent, { type: "DocumentCreated" }>["data"];

const COPY_ESCAPES = /[\\\t\n\r]/g;
const copyField = (text: string): string =>
  text.replace(COPY_ESCAPES, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));

const dayOf = (i: number, count: number, span: Span = SPAN) =>
  new Date(span.first + Math.floor((i * span.days) / count) * 86_400_000).toISOString().slice(0, 10);

/** The kind, side and status of the i-th document: half sales invoices, most of them validated. */
const profileOf = (i: number) => {
  const r = (i * 7919) % 100;
  if (r < 50) return { kind: "invoice", direction: "sales", status: r < 46 ? "validated" : "draft" } as const;
  if (r < 62)
    return { kind: "invoice", direction: "purchases", status: r < 60 ? "validated" : "draft" } as const;
  if (r < 65) return { kind: "creditNote", direction: "sales", status: "validated" } as const;
  if (r < 85) {
    const status = (["sent", "accepted", "refused", "draft", "accepted"] as const)[r % 5] ?? "sent";
    return { kind: "quote", direction: "sales", status } as const;
  }
  if (r < 95) return { kind: "order", direction: "sales", status: r < 93 ? "accepted" : "draft" } as const;
  return { kind: "delivery", direction: "sales", status: "delivered" } as const;
};

export const contactIdOf = (orgId: string, c: number) => derivedId(orgId, "bench-contact", c);

/** The events of the i-th document, from the template. */
const eventsOf = (
  template: Created,
  orgId: string,
  i: number,
  count: number,
  sequences: Map<string, number>,
  span: Span,
) => {
  const p = profileOf(i);
  const id = derivedId(orgId, "bench-doc", i);
  const issueDate = dayOf(i, count, span);
  const year = issueDate.slice(0, 4);
  // A multiplicative hash: every contact gets documents of every kind and status.
  const c = Math.floor((((i * 2654435761) >>> 0) / 4294967296) * CONTACTS);
  const prefix = { invoice: "FA", creditNote: "AV", quote: "DE", order: "CO", delivery: "BL" }[p.kind];
  const numbered = p.kind === "quote" || p.kind === "order" || p.kind === "delivery";
  const next = () => {
    const key = `${prefix}${year}`;
    const s = (sequences.get(key) ?? 0) + 1;
    sequences.set(key, s);
    return { number: `${prefix}${year}-${String(s).padStart(5, "0")}`, sequence: s };
  };
  const creation = numbered ? next() : null;
  const contact = template.contact && {
    ...template.contact,
    id: contactIdOf(orgId, c),
    name: `${p.direction === "sales" ? "Client" : "Fournisseur"} ${String(c).padStart(4, "0")} SARL`,
  };
  const line = template.lines[0];
  const created: Created = {
    ...template,
    id,
    kind: p.kind,
    direction: p.direction,
    number: creation?.number ?? null,
    series: numbered ? p.kind : null,
    header: {
      ...template.header,
      issueDate,
      reference: `REF-${i}`,
      label: `Prestation ${i % 997}`,
      supplierNumber: p.direction === "purchases" ? `F-${i}` : null,
      supplierDate: p.direction === "purchases" ? issueDate : null,
    },
    contact,
    lines: line ? [{ ...line, id: `${id}-1`, unitPrice: `${10 + (i % 5000)}.25` } as typeof line] : [],
  };
  const events: DocumentEvent[] = [{ type: "DocumentCreated", data: created }];
  if (p.status === "validated") {
    const sales = p.direction === "sales";
    const v = sales ? next() : { number: `F-${i}`, sequence: null };
    events.push({
      type: "DocumentValidated",
      data: {
        number: v.number,
        series: sales ? p.kind : null,
        sequence: v.sequence,
        dueDate: dayOf(i + 30, count, span),
        validatedOn: issueDate,
        entryMvt: derivedId(id, "entry"),
      },
    });
  } else if (p.status !== "draft") {
    const from = p.kind === "quote" && p.status !== "sent" ? "sent" : "draft";
    if (from === "sent")
      events.push({ type: "DocumentStatusChanged", data: { from: "draft", to: "sent", on: issueDate } });
    events.push({ type: "DocumentStatusChanged", data: { from, to: p.status, on: issueDate } });
  }
  return events;
};

/**
 * Makes the organisation (or takes `options.orgId`'s) and its template through the command path, then
 * COPYs `count` documents, dated over four years from 2023-01-02 or over `options.from` and `options.days`.
 */
export const generateDocuments = async (
  ctx: AppContext,
  sql: postgres.Sql,
  count: number,
  log: (text: string) => void,
  options: { readonly orgId?: string; readonly from?: string; readonly days?: number } = {},
): Promise<{ orgId: string; events: number; seconds: number }> => {
  const started = performance.now();
  const span: Span = {
    first: options.from ? Date.parse(`${options.from}T00:00:00Z`) : FIRST_DAY,
    days: options.days ?? DAYS,
  };
  const meta = (): CommandMetadata => ({
    commandId: ctx.newId(),
    at: ctx.clock().toISOString(),
    userId: "bench",
  });
  const orgId =
    options.orgId ??
    (await createOrganisation(
      ctx,
      {
        name: "Négoce Volume SAS",
        siren: "552120222",
        vatNumber: "FR27552120222",
        address: { line1: "1 rue de la Paix", postalCode: "75002", city: "Paris", country: "FR" },
        fiscalYearStartMonth: 1,
      },
      meta(),
    ));
  const customerId = await createContact(ctx, orgId, CreateContactInput.parse(customerBody()), meta(), "fr");
  const templateId = await createDocument(
    ctx,
    orgId,
    {
      kind: "invoice",
      direction: "sales",
      issueDate: dayOf(0, 1, span),
      contactId: customerId,
      lines: [
        {
          kind: "free",
          label: "Prestation",
          quantity: "2",
          unitPrice: "100",
          vatRate: "20",
          account: "706000",
        },
      ],
    },
    meta(),
  );
  const stored = await ctx.store.readStream(orgId, documentStreamId(templateId));
  const template = stored.find((e) => e.type === "DocumentCreated")?.data as Created | undefined;
  if (!template) throw new Error("the template has no DocumentCreated");
  await ctx.runner.drain();
  await ctx.runner.stop();

  const [row] = await sql<{ seq: string; hash: Buffer | null }[]>`
    select seq::text as seq, hash from org_heads where org_id = ${orgId}`;
  if (!row) throw new Error("the organisation has no head row");
  let seq = Number(row.seq);
  let hash = row.hash;
  const sequences = new Map<string, number>();
  let index = 0;
  let events = 0;
  while (index < count) {
    const fromSeq = seq;
    const chunk = function* (): Generator<string> {
      let text = "";
      let inChunk = 0;
      while (index < count && inChunk < EVENTS_PER_COPY) {
        const decided = eventsOf(template, orgId, index, count, sequences, span);
        const streamId = documentStreamId(derivedId(orgId, "bench-doc", index));
        const metadata = canonicalJson({
          commandId: derivedId(orgId, "bench-command", index),
          at: `${dayOf(index, count, span)}T10:00:00.000Z`,
          userId: "bench",
        });
        decided.forEach((event, k) => {
          const data = canonicalJson(event.data);
          seq += 1;
          hash = eventHash(hash, {
            orgId,
            orgSeq: seq,
            streamId,
            version: k + 1,
            type: event.type,
            schemaVersion: 1,
            data,
            metadata,
          });
          text += `${orgId}\t${seq}\t${streamId}\t${k + 1}\t${event.type}\t1\t${copyField(data)}\t${copyField(metadata)}\t\\\\x${hash.toString("hex")}\n`;
        });
        inChunk += decided.length;
        events += decided.length;
        index += 1;
        if (text.length > 1 << 20) {
          yield text;
          text = "";
        }
      }
      if (text) yield text;
    };
    const writable = await sql`copy events (org_id, org_seq, stream_id, stream_version, type, schema_version,
      data, metadata, hash) from stdin`.writable();
    await pipeline(Readable.from(chunk()), writable);
    await sql`
      insert into streams (org_id, stream_id, version)
      select org_id, stream_id, max(stream_version) from events
      where org_id = ${orgId} and org_seq > ${fromSeq} and org_seq <= ${seq} group by org_id, stream_id`;
    if (index % 200_000 < EVENTS_PER_COPY / 2) log(`  ${index.toLocaleString("en-US")} documents written`);
  }
  await sql`update org_heads set seq = ${seq}, hash = ${hash}, updated_at = now() where org_id = ${orgId}`;
  return { orgId, events, seconds: (performance.now() - started) / 1000 };
};

export type ListVariant = { readonly name: string; readonly query: Parameters<typeof listDocuments>[2] };
export type ListLine = {
  variant: string;
  total: string;
  registre: { p50: number; p95: number };
  raw: { p50: number; p95: number };
};

const base = { sort: "-date", offset: 0, limit: 50 } as const;

export const listVariants = (orgId: string): ListVariant[] => [
  { name: "first page, every document", query: { ...base } },
  { name: "sales invoices", query: { ...base, direction: "sales", kind: "invoice" } },
  { name: "status draft", query: { ...base, status: "draft" } },
  { name: "status validated", query: { ...base, status: "validated" } },
  { name: "status refused", query: { ...base, status: "refused" } },
  { name: "one contact", query: { ...base, contactId: contactIdOf(orgId, 42) } },
  {
    name: "sales invoices of one contact",
    query: { ...base, direction: "sales", kind: "invoice", contactId: contactIdOf(orgId, 42) },
  },
  { name: "dates 2025-03-01 to 2025-03-31", query: { ...base, from: "2025-03-01", to: "2025-03-31" } },
  {
    name: "sales invoices, draft, 2025",
    query: {
      ...base,
      direction: "sales",
      kind: "invoice",
      status: "draft",
      from: "2025-01-01",
      to: "2025-12-31",
    },
  },
];

/** The page alone as one statement: the anchor (no count, no totals). */
const rawPage = (sql: postgres.Sql, orgId: string, q: ListVariant["query"]) => {
  const where = [
    sql`org_id = ${orgId}`,
    ...(q.direction ? [sql`direction = ${q.direction}`] : []),
    ...(q.kind ? [sql`kind = ${q.kind}`] : []),
    ...(q.status ? [sql`status = ${q.status}`] : []),
    ...(q.contactId ? [sql`contact_id = ${q.contactId}`] : []),
    ...(q.from ? [sql`issue_date >= ${q.from}`] : []),
    ...(q.to ? [sql`issue_date <= ${q.to}`] : []),
  ].reduce((a, b) => sql`${a} and ${b}`);
  return () => sql`
    select id, kind, direction, status, number, contact_id, contact_name, issue_date, due_date, reference, label,
      total_excl_tax, total_vat, total_incl_tax, paid, due, entry_mvt, validated_on, origin, children
    from documents where ${where} order by issue_date desc, position desc limit 50`;
};

/** Each variant: `warmup` untimed then `runs` timed calls, Registre and the anchor interleaved. */
export const measureList = async (
  ctx: AppContext,
  sql: postgres.Sql,
  orgId: string,
  runs: number,
  warmup: number,
  log: (text: string) => void,
): Promise<ListLine[]> => {
  const lines: ListLine[] = [];
  for (const v of listVariants(orgId)) {
    const raw = rawPage(sql, orgId, v.query);
    const first = await listDocuments(ctx, orgId, v.query);
    const anchor = await raw();
    if (anchor.map((r) => r.id).join() !== first.items.map((d) => d.id).join())
      throw new Error(`${v.name}: listDocuments and the raw page disagree`);
    const samples: [number[], number[]] = [[], []];
    const contenders = [() => listDocuments(ctx, orgId, v.query), raw] as const;
    for (let i = 0; i < warmup + runs; i++) {
      for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) {
        const t = performance.now();
        await contenders[k as 0 | 1]();
        if (i >= warmup) samples[k as 0 | 1].push(performance.now() - t);
      }
    }
    const [r, a] = samples.map((s) => s.sort((x, y) => x - y));
    const line: ListLine = {
      variant: v.name,
      total: `${first.total.toLocaleString("en-US")}${"capped" in first && first.capped ? "+" : ""}`,
      registre: { p50: percentile(r ?? [], 0.5), p95: percentile(r ?? [], 0.95) },
      raw: { p50: percentile(a ?? [], 0.5), p95: percentile(a ?? [], 0.95) },
    };
    log(
      `  ${v.name}: ${line.total}, p50 ${line.registre.p50.toFixed(1)} / p95 ${line.registre.p95.toFixed(1)} ms (raw p95 ${line.raw.p95.toFixed(1)} ms)`,
    );
    lines.push(line);
  }
  return lines;
};
