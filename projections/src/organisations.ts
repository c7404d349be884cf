import type { OrganisationEvent, OrganisationLogo, OrganisationSettings, VatRegime } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { type RawBuilder, type Selectable, sql } from "kysely";
import type { Projector, Timestamp } from "./projector.ts";
import { chunk, liveSink } from "./projector.ts";

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
        ...(c.email !== undefined && { email: c.email }),
        updated_at: at,
        version: event.version,
      };
    }
    case "OrganisationLogoChanged":
      return row && { ...row, logo: e.data.logo, updated_at: at, version: event.version };
    case "MemberAdded":
    case "MemberRemoved":
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
  // 2: the organisation's e-mail (orgmail). 3: its logo.
  version: 3,
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
        vat_on_debits boolean not null, email text, logo jsonb, created_at timestamptz not null, updated_at timestamptz not null,
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
  // `fold` in SQL: the row its last `OrganisationCreated` made (`fold` starts again there), each field as
  // the last later event that set it left it (JSON values kept as jsonb until the end, so "set to null"
  // and "not set" differ), the last event's time and version.
  rebuildFromLog: async (db, table, log) => {
    const changed = (key: string) =>
      sql`(array_agg(e.d -> 'changes' -> ${key} order by e.tx_id desc, e.position desc)
        filter (where e.type = 'OrganisationSettingsChanged' and e.d -> 'changes' ? ${key}))[1]`;
    const text = (value: RawBuilder<unknown>) => sql`(${value} #>> '{}')`;
    await sql`
      insert into ${sql.table(table("organisations"))} (org_id, name, siren, vat_number, address,
        fiscal_year_start_month, vat_regime, vat_on_debits, email, logo, created_at, updated_at, version)
      with events as (
        select org_id, type, data::jsonb as d, (metadata::json ->> 'at')::timestamptz as at, stream_version,
          tx_id, position
        from ${log} e
      ), created as (
        select distinct on (org_id) org_id, d, at, stream_version, tx_id, position from events
        where type = 'OrganisationCreated' order by org_id, tx_id desc, position desc
      ), folded as (
        select c.org_id, c.d as created, c.at as created_at, c.stream_version as created_version,
          (array_agg(e.d -> 'name' order by e.tx_id desc, e.position desc)
            filter (where e.type = 'OrganisationRenamed'))[1] as name,
          ${changed("siren")} as siren, ${changed("vatNumber")} as vat_number, ${changed("address")} as address,
          ${changed("fiscalYearStartMonth")} as fiscal_year_start_month, ${changed("vatRegime")} as vat_regime,
          ${changed("vatOnDebits")} as vat_on_debits, ${changed("email")} as email,
          (array_agg(e.d -> 'logo' order by e.tx_id desc, e.position desc)
            filter (where e.type = 'OrganisationLogoChanged'))[1] as logo,
          (array_agg(e.at order by e.tx_id desc, e.position desc))[1] as updated_at,
          (array_agg(e.stream_version order by e.tx_id desc, e.position desc))[1] as version
        from created c
        left join events e on e.org_id = c.org_id and (e.tx_id, e.position) > (c.tx_id, c.position)
        group by c.org_id, c.d, c.at, c.stream_version
      )
      select org_id, ${text(sql`coalesce(name, created -> 'name')`)},
        ${text(sql`coalesce(siren, created -> 'siren')`)},
        ${text(sql`coalesce(vat_number, created -> 'vatNumber')`)},
        nullif(coalesce(address, created -> 'address'), 'null'::jsonb),
        ${text(sql`coalesce(fiscal_year_start_month, created -> 'fiscalYearStartMonth')`)}::integer,
        ${text(sql`coalesce(vat_regime, created -> 'vatRegime')`)},
        ${text(sql`coalesce(vat_on_debits, created -> 'vatOnDebits')`)}::boolean,
        ${text(sql`coalesce(email, created -> 'email')`)},
        nullif(logo, 'null'::jsonb), created_at, coalesce(updated_at, created_at),
        coalesce(version, created_version)
      from folded`.execute(db);
  },
};
