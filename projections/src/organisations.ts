import type {
  OrganisationEvent,
  OrganisationLogo,
  OrganisationSettings,
  VatPeriodicity,
  VatRegime,
} from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { type Selectable, sql } from "kysely";
import type { Projector, Timestamp } from "./projector.ts";
import { chunk, eventTimeFromLog, liveSink } from "./projector.ts";

/** `organisations`: one row per organisation, its settings as the screens show them. */
export type OrganisationsTable = {
  org_id: string;
  name: string;
  siren: string;
  vat_number: string | null;
  address: OrganisationSettings["address"];
  fiscal_year_start_month: number;
  vat_regime: VatRegime;
  vat_on_debits: boolean;
  /** The periodicity chosen; null when none was (events before it existed): the regime's default then. */
  vat_periodicity: VatPeriodicity | null;
  email: string | null;
  logo: OrganisationLogo | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: number;
};
export type OrganisationRow = Selectable<OrganisationsTable>;

const columns = [
  "org_id",
  "name",
  "siren",
  "vat_number",
  "address",
  "fiscal_year_start_month",
  "vat_regime",
  "vat_on_debits",
  "vat_periodicity",
  "email",
  "logo",
  "created_at",
  "updated_at",
  "version",
] as const;

const fold = (row: OrganisationRow | undefined, event: StoredEvent): OrganisationRow | undefined => {
  const e = event as unknown as StoredEvent & OrganisationEvent;
  const at = new Date(event.metadata.at);
  switch (e.type) {
    case "OrganisationCreated": {
      const d = e.data;
      return {
        org_id: event.orgId,
        name: d.name,
        siren: d.siren,
        vat_number: d.vatNumber,
        address: d.address,
        fiscal_year_start_month: d.fiscalYearStartMonth,
        vat_regime: d.vatRegime,
        vat_on_debits: d.vatOnDebits,
        vat_periodicity: d.vatPeriodicity ?? null,
        email: d.email ?? null,
        logo: null,
        created_at: at,
        updated_at: at,
        version: event.version,
      };
    }
    case "OrganisationRenamed":
      return row && { ...row, name: e.data.name, updated_at: at, version: event.version };
    case "OrganisationSettingsChanged": {
      if (!row) return row;
      const c = e.data.changes;
      return {
        ...row,
        ...(c.siren !== undefined && { siren: c.siren }),
        ...(c.vatNumber !== undefined && { vat_number: c.vatNumber }),
        ...(c.address !== undefined && { address: c.address }),
        ...(c.fiscalYearStartMonth !== undefined && { fiscal_year_start_month: c.fiscalYearStartMonth }),
        ...(c.vatRegime !== undefined && { vat_regime: c.vatRegime }),
        ...(c.vatOnDebits !== undefined && { vat_on_debits: c.vatOnDebits }),
        ...(c.vatPeriodicity !== undefined && { vat_periodicity: c.vatPeriodicity }),
        ...(c.email !== undefined && { email: c.email }),
        updated_at: at,
        version: event.version,
      };
    }
    case "OrganisationLogoChanged":
      return row && { ...row, logo: e.data.logo, updated_at: at, version: event.version };
    case "MemberAdded":
    case "MemberRemoved":
    case "OrganisationArchived":
    case "MemberInvited":
    case "InvitationAccepted":
    case "InvitationDeclined":
    case "InvitationRevoked":
      return row;
    default: {
      const never: never = e;
      return never;
    }
  }
};

/** The organisations: one row each, as the platform list and the settings screens show them. */
export const organisationsProjector: Projector = {
  name: "organisations",
  // 2: the organisation's e-mail (orgmail). 3: its logo. 4: its VAT periodicity.
  version: 4,
  handles: [
    "OrganisationCreated",
    "OrganisationRenamed",
    "OrganisationSettingsChanged",
    "OrganisationLogoChanged",
  ],
  tables: [
    {
      name: "organisations",
      columns: `org_id uuid primary key, name text not null, siren text not null, vat_number text,
        address jsonb, fiscal_year_start_month integer not null, vat_regime text not null,
        vat_on_debits boolean not null, vat_periodicity text, email text, logo jsonb, created_at timestamptz not null, updated_at timestamptz not null,
        version bigint not null`,
      indexes: ["create index on {table} (lower(name))"],
    },
  ],
  apply: async (db, events, table, sink = liveSink(db)) => {
    const t = table("organisations");
    // An organisation whose first event here is its stream's first has no row yet: nothing to read.
    const firsts = new Map<string, StoredEvent>();
    for (const e of events) if (!firsts.has(e.orgId)) firsts.set(e.orgId, e);
    const created = new Set([...firsts].filter(([, e]) => e.version === 1).map(([id]) => id));
    const known = [...firsts.keys()].filter((id) => !created.has(id));
    const existing =
      known.length > 0 ? await db.selectFrom(t).selectAll().where("org_id", "in", known).execute() : [];
    const rows = new Map<string, OrganisationRow | undefined>(
      (existing as OrganisationRow[]).map((r) => [r.org_id, r]),
    );
    for (const event of events) rows.set(event.orgId, fold(rows.get(event.orgId), event));
    const changed: OrganisationRow[] = [];
    const fresh: OrganisationRow[] = [];
    for (const [id, row] of rows) if (row) (created.has(id) ? fresh : changed).push(row);
    await sink.insert(t, fresh);
    for (const part of chunk(changed, 500)) {
      await db
        .insertInto(t)
        .values(part)
        .onConflict((oc) =>
          oc
            .column("org_id")
            .doUpdateSet(
              Object.fromEntries(
                columns.filter((c) => c !== "org_id").map((c) => [c, sql.ref(`excluded.${c}`)]),
              ),
            ),
        )
        .execute();
    }
  },
  // `fold` in SQL, in one pass over the log: each event's data is parsed once (`e`), its time sliced
  // (`eventTimeFromLog`), then each organisation's
  // last `OrganisationCreated` (`fold` starts again there), its last event of each other type (taken
  // when it comes after that creation) and, per settings key, the last change that set it (kept as jsonb
  // until the end, so "set to null" and "not set" differ) are picked by `distinct on` and merge-joined on
  // `org_id`: no ordered aggregate per field, no sort on JSON, the rows written in key order.
  rebuildFromLog: async (db, table, log) => {
    const time = eventTimeFromLog("log");
    const field = (key: string, as: "text" | "jsonb" = "text") =>
      sql.raw(`case when s ? '${key}' then s ${as === "text" ? "->>" : "->"} '${key}'
        else d ${as === "text" ? "->>" : "->"} '${key}' end`);
    await sql`
      insert into ${sql.table(table("organisations"))} (org_id, name, siren, vat_number, address,
        fiscal_year_start_month, vat_regime, vat_on_debits, vat_periodicity, email, logo, created_at, updated_at,
        version)
      with e as materialized (
        select org_id, type, tx_id, position, stream_version, data::jsonb as d, ${time.at} as at
        from ${log} log ${time.join}
      ), created as (
        select distinct on (org_id) org_id, tx_id, position, at, d from e
        where type = 'OrganisationCreated' order by org_id, tx_id desc, position desc
      ), last as (
        select distinct on (org_id) org_id, at, stream_version from e order by org_id, tx_id desc, position desc
      ), renamed as (
        select distinct on (org_id) org_id, tx_id, position, d ->> 'name' as name from e
        where type = 'OrganisationRenamed' order by org_id, tx_id desc, position desc
      ), logo as (
        select distinct on (org_id) org_id, tx_id, position, d -> 'logo' as logo from e
        where type = 'OrganisationLogoChanged' order by org_id, tx_id desc, position desc
      ), settings as (
        select org_id, jsonb_object_agg(key, value) as s from (
          select distinct on (e.org_id, ch.key) e.org_id, ch.key, ch.value
          from e join created c on c.org_id = e.org_id and (e.tx_id, e.position) > (c.tx_id, c.position),
            jsonb_each(e.d -> 'changes') ch
          where e.type = 'OrganisationSettingsChanged'
          order by e.org_id, ch.key, e.tx_id desc, e.position desc
        ) changed group by org_id
      ), folded as (
        select c.org_id, c.d, coalesce(s.s, '{}') as s, c.at as created_at, l.at as updated_at,
          l.stream_version as version,
          case when (r.tx_id, r.position) > (c.tx_id, c.position) then r.name end as renamed,
          case when (g.tx_id, g.position) > (c.tx_id, c.position) then g.logo end as logo
        from created c join last l using (org_id) left join renamed r using (org_id)
          left join logo g using (org_id) left join settings s using (org_id)
      )
      select org_id, coalesce(renamed, d ->> 'name'), ${field("siren")}, ${field("vatNumber")},
        nullif(${field("address", "jsonb")}, 'null'::jsonb), (${field("fiscalYearStartMonth")})::integer,
        ${field("vatRegime")}, (${field("vatOnDebits")})::boolean,
        ${field("vatPeriodicity")},
        ${field("email")},
        nullif(logo, 'null'::jsonb), created_at, updated_at, version
      from folded order by org_id`.execute(db);
  },
};
