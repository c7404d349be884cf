import type { z } from "@hono/zod-openapi";
import { DomainError, type LiveContact } from "@registre/core";
import { type ContactRow, searchText } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import { avatarUrls } from "../files/logos.ts";
import { CONTACT_COUNT_CAP } from "../http/count-caps.ts";
import type { Contact, ContactListQuery, ContactSummary } from "../schemas/contacts.ts";

type Row = Omit<ContactRow, "state"> & { state: LiveContact | string };

const iso = (value: Date | string): string => new Date(value).toISOString();
const stateOf = (row: Row): LiveContact =>
  typeof row.state === "string" ? JSON.parse(row.state) : row.state;

export const toSummary = (r: Row): z.infer<typeof ContactSummary> => ({
  id: r.contact_id,
  kind: r.kind,
  name: r.name,
  types: r.types as z.infer<typeof ContactSummary>["types"],
  status: r.status,
  criteria: r.criteria,
  siren: r.siren,
  vatNumber: r.vat_number,
  email: r.email,
  phone: r.phone,
  city: r.city,
  customerAccount: r.customer_account,
  supplierAccount: r.supplier_account,
  updatedAt: iso(r.updated_at),
});

const summaryColumns = [
  "org_id",
  "contact_id",
  "kind",
  "name",
  "types",
  "status",
  "criteria",
  "siren",
  "vat_number",
  "email",
  "phone",
  "city",
  "customer_account",
  "supplier_account",
  "updated_at",
] as const;

const escapeLike = (value: string) => value.replace(/[%_\\]/g, (m) => `\\${m}`);

/**
 * The words of a search: lowercase without accents, as the read model's `search` is; a word of digits
 * typed with spaces or dots (a SIREN, a phone number) is searched as its digits.
 */
export const searchTerms = (q: string): string[] => {
  const clean = searchText(q.trim());
  if (/^[\d\s.+-]+$/.test(clean)) {
    const digits = clean.replace(/[^\d+]/g, "");
    return digits ? [digits] : [];
  }
  return clean.split(/\s+/).filter((w) => w.length > 0);
};

const orderColumns = {
  name: "sort_name",
  city: "city",
  createdAt: "created_at",
} as const;

/** How many contacts, in the order of their names, a dense search looks through before it sorts matches. */
const NAME_WINDOW = 2000;

/**
 * The list: search as you type, filters by type, kind, criterion and status, sorted, one page.
 *
 * Sorted by name, a search is planned by how many contacts match (counted first, up to the cap): up to
 * the cap, the matches are fetched through the trigram index and sorted (a materialised CTE: never more
 * than the cap's rows); past it, the first `NAME_WINDOW` contacts in the order of the name index are
 * filtered — when they hold the page, it is the page, since any other match comes later in that order —
 * and only when they do not (matches gathered further on: the start of a name typed) are all matches
 * sorted. The planner alone walked the name index through most of the organisation for matches that sit
 * together at its end ("Pha…": 378 ms over 100,000 contacts).
 */
export const listContacts = async (
  ctx: AppContext,
  orgId: string,
  q: z.infer<typeof ContactListQuery>,
  cap = CONTACT_COUNT_CAP,
) => {
  let base = ctx.database.db.selectFrom("contacts").where("org_id", "=", orgId);
  if (q.status === "all") base = base.where("status", "!=", "merged");
  else base = base.where("status", "=", q.status);
  if (q.type) base = base.where(sql<boolean>`types @> ${[q.type]}::text[]`);
  if (q.kind) base = base.where("kind", "=", q.kind);
  if (q.criterion) base = base.where(sql<boolean>`criteria @> ${[q.criterion]}::text[]`);
  const likes = searchTerms(q.q ?? "").map((term) => `%${escapeLike(term)}%`);
  const query = likes.reduce((qb, like) => qb.where(sql<boolean>`search like ${like}`), base);
  const descending = q.sort.startsWith("-");
  const column = orderColumns[q.sort.replace("-", "") as keyof typeof orderColumns];
  const direction = descending ? "desc" : "asc";
  // Counted up to the cap only: past it the list says "1 000+" (`capped`), and a short search over a
  // large organisation does not count every match on each key typed.
  const counted = query
    .select(sql<number>`1`.as("one"))
    .limit(cap + 1)
    .as("matches");
  const counting = ctx.database.db
    .selectFrom(counted)
    .select(sql<number>`count(*)::int`.as("total"))
    .executeTakeFirstOrThrow()
    .then((row) => Number((row as { total: number }).total));
  const byName = column === "sort_name" && likes.length > 0;
  const rows = byName
    ? await searchByName(ctx, base, query, likes, await counting, cap, direction, q)
    : await query
        .select([...summaryColumns])
        .orderBy(sql`${sql.ref(column)} ${sql.raw(direction)} nulls last`)
        .orderBy("sort_name")
        .orderBy("contact_id")
        .offset(q.offset)
        .limit(q.limit)
        .execute();
  const total = await counting;
  return {
    items: (rows as unknown as Row[]).map(toSummary),
    total: Math.min(total, cap),
    capped: total > cap,
    offset: q.offset,
  };
};

type ContactsQuery = ReturnType<typeof contactsFrom>;
const contactsFrom = (ctx: AppContext) => ctx.database.db.selectFrom("contacts");

const searchByName = async (
  ctx: AppContext,
  base: ContactsQuery,
  matching: ContactsQuery,
  likes: readonly string[],
  total: number,
  cap: number,
  direction: "asc" | "desc",
  q: { readonly offset: number; readonly limit: number },
) => {
  const wanted = q.offset + q.limit;
  if (total > cap && wanted <= NAME_WINDOW) {
    const window = base
      .select([...summaryColumns, "sort_name", "search"])
      .orderBy("sort_name", direction)
      .orderBy("contact_id", direction)
      .limit(NAME_WINDOW)
      .as("w");
    const found = await likes
      .reduce(
        (qb, like) => qb.where(sql<boolean>`w.search like ${like}`),
        ctx.database.db.selectFrom(window).select(summaryColumns.map((c) => `w.${c}` as const)),
      )
      .orderBy("w.sort_name", direction)
      .orderBy("w.contact_id", direction)
      .limit(wanted)
      .execute();
    if (found.length >= wanted) return found.slice(q.offset);
  }
  // Every match sorted on two columns (a materialised CTE keeps the planner off the name index), then
  // the page's rows read.
  const ids = await ctx.database.db
    .with(
      (cte) => cte("m").materialized(),
      () => matching.select(["contact_id", "sort_name"]),
    )
    .selectFrom("m")
    .select("m.contact_id")
    .orderBy("m.sort_name", direction)
    .orderBy("m.contact_id", direction)
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  if (ids.length === 0) return [];
  const rows = await base
    .select([...summaryColumns])
    .where(
      "contact_id",
      "in",
      ids.map((r) => r.contact_id),
    )
    .execute();
  const rank = new Map(ids.map((r, i) => [r.contact_id, i]));
  return rows.sort((a, b) => (rank.get(a.contact_id) ?? 0) - (rank.get(b.contact_id) ?? 0));
};

const contactRow = async (ctx: AppContext, orgId: string, id: string): Promise<Row> => {
  const row = (await ctx.database.db
    .selectFrom("contacts")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("contact_id", "=", id)
    .executeTakeFirst()) as Row | undefined;
  if (!row) throw new DomainError("contact.notFound", {}, 404);
  return row;
};

/** Links both ways: the ones this contact records, and the ones other contacts record to it. */
const linksOf = async (ctx: AppContext, orgId: string, state: LiveContact) => {
  const own = Object.values(state.links);
  const inverse = (await ctx.database.db
    .selectFrom("contacts")
    .select(["contact_id", "name", "kind", "state"])
    .where("org_id", "=", orgId)
    .where("status", "!=", "merged")
    .where(
      sql<boolean>`exists (select 1 from jsonb_each(state->'links') l where l.value->>'contactId' = ${state.id})`,
    )
    .execute()) as {
    contact_id: string;
    name: string;
    kind: "company" | "person";
    state: LiveContact | string;
  }[];
  const ids = own.map((l) => l.contactId);
  const named = ids.length
    ? ((await ctx.database.db
        .selectFrom("contacts")
        .select(["contact_id", "name", "kind"])
        .where("org_id", "=", orgId)
        .where("contact_id", "in", ids)
        .execute()) as { contact_id: string; name: string; kind: "company" | "person" }[])
    : [];
  const byId = new Map(named.map((n) => [n.contact_id, n]));
  return [
    ...own.map((l) => ({
      id: l.id,
      contactId: l.contactId,
      name: byId.get(l.contactId)?.name ?? "—",
      kind: byId.get(l.contactId)?.kind ?? (state.identity.kind === "company" ? "person" : "company"),
      job: l.job,
      inverse: false,
    })),
    ...inverse.flatMap((other) => {
      const otherState: LiveContact = typeof other.state === "string" ? JSON.parse(other.state) : other.state;
      return Object.values(otherState.links)
        .filter((l) => l.contactId === state.id)
        .map((l) => ({
          id: l.id,
          contactId: other.contact_id,
          name: other.name,
          kind: other.kind,
          job: l.job,
          inverse: true,
        }));
    }),
  ];
};

export const findContact = async (
  ctx: AppContext,
  orgId: string,
  id: string,
): Promise<z.infer<typeof Contact>> => {
  const row = await contactRow(ctx, orgId, id);
  const s = stateOf(row);
  return {
    ...toSummary(row),
    firstName: s.identity.kind === "person" ? s.identity.firstName : null,
    lastName: s.identity.kind === "person" ? s.identity.lastName : null,
    companyName: s.identity.kind === "company" ? s.identity.name : null,
    job: s.job,
    website: s.website,
    addresses: Object.values(s.addresses),
    phones: Object.values(s.phones),
    emails: Object.values(s.emails),
    ibans: Object.values(s.ibans),
    links: await linksOf(ctx, orgId, s),
    notes: Object.values(s.notes),
    metas: Object.entries(s.metas).map(([key, value]) => ({ key, value })),
    legal: s.legal ? { id: "main", ...s.legal } : null,
    paymentTerms: s.paymentTerms ? { id: "main", ...s.paymentTerms } : null,
    avatar: avatarUrls(orgId, s.avatar),
    mergedInto: s.mergedInto ?? null,
    createdAt: iso(row.created_at),
    version: row.version,
  };
};

/** The names of contacts by id (a history's links). */
export const contactNames = async (ctx: AppContext, orgId: string, ids: readonly string[]) => {
  if (ids.length === 0) return {};
  const rows = (await ctx.database.db
    .selectFrom("contacts")
    .select(["contact_id", "name"])
    .where("org_id", "=", orgId)
    .where("contact_id", "in", [...ids])
    .execute()) as { contact_id: string; name: string }[];
  return Object.fromEntries(rows.map((r) => [r.contact_id, r.name]));
};

/**
 * The contact holding a sub-record of that id in its state's `key` map (`addresses`, `phones`, …), for
 * the flat routes that name a record without its contact; undefined when none of the organisation's does.
 */
export const contactHoldingRecord = async (
  ctx: AppContext,
  orgId: string,
  key: string,
  recordId: string,
): Promise<string | undefined> => {
  const row = await ctx.database.db
    .selectFrom("contacts")
    .select("contact_id")
    .where("org_id", "=", orgId)
    .where(sql<boolean>`(state -> ${key}) ? ${recordId}`)
    .executeTakeFirst();
  return row?.contact_id;
};
