import type { OrganisationEvent, OrganisationLogo, OrganisationSettings, VatRegime } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { type Selectable, sql } from "kysely";
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
};
