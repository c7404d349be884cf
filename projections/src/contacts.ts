import {
  type ContactEvent,
  type ContactState,
  contactDisplayName,
  contactEventTypes,
  duplicateCandidateOf,
  duplicateKeys,
  evolveContact,
  initialContactState,
  type LiveContact,
} from "@registre/core";
import { type StoredEvent, TextArray } from "@registre/store";
import { type Selectable, sql } from "kysely";
import type { Projector } from "./projector.ts";
import { chunk, liveSink } from "./projector.ts";

/**
 * The contacts of every organisation: one row per contact with what the list shows, filters and sorts
 * on, its whole state as jsonb for the detail screens (sub-records included: a contact has a handful of
 * each, read together), and `search`, the texts the list's search-as-you-type looks into.
 * `contact_auxiliary_codes` keeps every auxiliary code a contact was ever given, deleted contacts'
 * too, so that a code is never given twice.
 */
export type ContactsTable = {
  org_id: string;
  contact_id: string;
  kind: "company" | "person";
  name: string;
  sort_name: string;
  types: string[];
  criteria: string[];
  status: "active" | "archived" | "merged";
  siren: string | null;
  vat_number: string | null;
  email: string | null;
  phone: string | null;
  city: string | null;
  customer_account: string | null;
  supplier_account: string | null;
  state: LiveContact;
  search: string;
  /** `duplicateKeys` of the contact: the contacts a new one may duplicate are found by them. */
  dup_keys: string[];
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
};
export type ContactRow = Selectable<ContactsTable>;

export type ContactAuxiliaryCodesTable = { org_id: string; code: string; contact_id: string; role: string };
export type ContactAuxiliaryCodeRow = Selectable<ContactAuxiliaryCodesTable>;

/** Lowercase, accents off: the list's search compares texts this way on both sides. */
export const searchText = (value: string): string =>
  value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** A French number as people type it too: +33612345678 -> 0612345678. */
const nationalDigits = (e164: string): string => (e164.startsWith("+33") ? `0${e164.slice(3)}` : e164);

const firstOf = <T>(record: Readonly<Record<string, T>>): T | undefined => Object.values(record)[0];

const searchOf = (c: LiveContact): string => {
  const parts = [
    contactDisplayName(c.identity),
    c.legal?.siren,
    c.legal?.siret,
    c.legal?.vatNumber,
    ...Object.values(c.emails).map((e) => e.address),
    ...Object.values(c.phones).flatMap((p) => [p.number, nationalDigits(p.number)]),
    ...Object.values(c.addresses).flatMap((a) => [a.city, a.postalCode]),
    c.auxiliary.customer?.code,
    c.auxiliary.supplier?.code,
  ];
  return searchText(parts.filter((p): p is string => typeof p === "string" && p.length > 0).join("\u001f"));
};

const rowOf = (
  orgId: string,
  c: LiveContact,
  createdAt: Date | string,
  updatedAt: Date | string,
  version: number,
): ContactRow => {
  const billing =
    Object.values(c.addresses).find((a) => a.kind === "billing") ?? firstOf(c.addresses) ?? null;
  const name = contactDisplayName(c.identity);
  return {
    org_id: orgId,
    contact_id: c.id,
    kind: c.identity.kind,
    name,
    sort_name: searchText(
      c.identity.kind === "person" ? `${c.identity.lastName} ${c.identity.firstName ?? ""}`.trim() : name,
    ),
    types: [...c.types],
    criteria: [...c.criteria],
    status: c.status,
    siren: c.legal?.siren ?? c.legal?.siret?.slice(0, 9) ?? null,
    vat_number: c.legal?.vatNumber ?? null,
    email: firstOf(c.emails)?.address ?? null,
    phone: firstOf(c.phones)?.number ?? null,
    city: billing?.city ?? null,
    customer_account: c.auxiliary.customer?.code ?? null,
    supplier_account: c.auxiliary.supplier?.code ?? null,
    state: c,
    search: searchOf(c),
    dup_keys: duplicateKeys(duplicateCandidateOf(c.id, c)),
    created_at: createdAt,
    updated_at: updatedAt,
    version,
  };
};

const contactIdOf = (streamId: string): string => streamId.slice("contact-".length);

type Folded = {
  state: ContactState;
  createdAt: Date | string;
  updatedAt: Date | string;
  version: number;
  touched: boolean;
  /** Its row is in the table: an upsert; otherwise the contact is new, written through the sink. */
  stored: boolean;
};

export const contactsProjector: Projector = {
  name: "contacts",
  version: 2,
  handles: contactEventTypes,
  tables: [
    {
      name: "contacts",
      columns: `org_id uuid not null, contact_id uuid not null, kind text not null, name text not null,
        sort_name text not null, types text[] not null, criteria text[] not null, status text not null,
        siren text, vat_number text, email text, phone text, city text, customer_account text,
        supplier_account text, state jsonb not null, search text not null, dup_keys text[] not null, created_at timestamptz not null,
        updated_at timestamptz not null, version integer not null, primary key (org_id, contact_id)`,
      indexes: [
        "create index on {table} (org_id, sort_name, contact_id)",
        "create index on {table} using gin (dup_keys)",
      ],
      // `search like '%…%'`: a trigram index where pg_trgm can be had, as for the entries' search.
      optionalIndexes: [
        ["create extension if not exists pg_trgm", "create index on {table} using gin (search gin_trgm_ops)"],
      ],
    },
    {
      name: "contact_auxiliary_codes",
      columns: `org_id uuid not null, code text not null, contact_id uuid not null, role text not null,
        primary key (org_id, code)`,
    },
  ],
  apply: async (db, events, table, sink = liveSink(db)) => {
    const t = table("contacts");
    const key = (orgId: string, id: string) => `${orgId}|${id}`;
    const wanted = new Map<string, { orgId: string; id: string }>();
    for (const e of events) {
      const id = contactIdOf(e.streamId);
      wanted.set(key(e.orgId, id), { orgId: e.orgId, id });
    }
    const folded = new Map<string, Folded>();
    for (const part of chunk([...wanted.values()], 500)) {
      const rows = (await db
        .selectFrom(t)
        .select(["org_id", "contact_id", "state", "created_at", "updated_at", "version"])
        .where(
          sql<boolean>`(org_id, contact_id) in (select * from unnest(${part.map((p) => p.orgId)}::uuid[], ${part.map((p) => p.id)}::uuid[]))`,
        )
        .execute()) as Pick<
        ContactRow,
        "org_id" | "contact_id" | "state" | "created_at" | "updated_at" | "version"
      >[];
      for (const r of rows)
        folded.set(key(r.org_id, r.contact_id), {
          state: typeof r.state === "string" ? JSON.parse(r.state) : r.state,
          createdAt: r.created_at,
          updatedAt: r.updated_at,
          version: r.version,
          touched: false,
          stored: true,
        });
    }
    const codes: ContactAuxiliaryCodeRow[] = [];
    for (const e of events as readonly (StoredEvent & ContactEvent)[]) {
      const k = key(e.orgId, contactIdOf(e.streamId));
      const current = folded.get(k) ?? {
        state: initialContactState(),
        createdAt: e.metadata.at,
        updatedAt: e.metadata.at,
        version: 0,
        touched: false,
        stored: false,
      };
      folded.set(k, {
        state: evolveContact(current.state, e),
        createdAt: current.createdAt,
        updatedAt: e.metadata.at,
        version: e.version,
        touched: true,
        stored: current.stored,
      });
      if (e.type === "ContactAuxiliaryAccountAssigned")
        codes.push({
          org_id: e.orgId,
          code: e.data.code,
          contact_id: contactIdOf(e.streamId),
          role: e.data.role,
        });
    }
    const upserts: ContactRow[] = [];
    const fresh: ContactRow[] = [];
    const deleted: { orgId: string; id: string }[] = [];
    for (const [k, f] of folded) {
      if (!f.touched) continue;
      const [orgId = "", id = ""] = k.split("|");
      if ("identity" in f.state)
        (f.stored ? upserts : fresh).push(rowOf(orgId, f.state, f.createdAt, f.updatedAt, f.version));
      else if (f.stored) deleted.push({ orgId, id });
    }
    await sink.insert(
      t,
      fresh.map((r) => ({
        ...r,
        types: new TextArray(r.types),
        criteria: new TextArray(r.criteria),
        dup_keys: new TextArray(r.dup_keys),
      })),
    );
    for (const part of chunk(deleted, 500))
      await db
        .deleteFrom(t)
        .where(
          sql<boolean>`(org_id, contact_id) in (select * from unnest(${part.map((p) => p.orgId)}::uuid[], ${part.map((p) => p.id)}::uuid[]))`,
        )
        .execute();
    const columns = Object.keys(rowOf("", placeholder, "", "", 0)).filter(
      (c) => c !== "org_id" && c !== "contact_id",
    );
    for (const part of chunk(upserts, 200))
      await db
        .insertInto(t)
        .values(
          part.map((r) => ({
            ...r,
            state: sql`(${JSON.stringify(r.state)}::text)::jsonb`,
            types: sql`${r.types}::text[]`,
            criteria: sql`${r.criteria}::text[]`,
            dup_keys: sql`${r.dup_keys}::text[]`,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(["org_id", "contact_id"])
            .doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]))),
        )
        .execute();
    for (const part of chunk(codes, 500))
      await db
        .insertInto(table("contact_auxiliary_codes"))
        .values(part)
        .onConflict((oc) => oc.columns(["org_id", "code"]).doNothing())
        .execute();
  },
};

// Only its keys are read: the column list of the upsert.
const placeholder = evolveContact(initialContactState(), {
  type: "ContactCreated",
  data: { id: "", identity: { kind: "company", name: "" }, types: [], job: null, website: null },
}) as LiveContact;
