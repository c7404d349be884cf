import { randomUUID } from "node:crypto";
import { organisationStreamId } from "@registre/core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { organisationsProjector } from "./organisations.ts";
import { type GivenEvent, hostileTexts, projectorSpecification } from "./testing/index.ts";

const created = (orgId: string, name: string, at = "2026-01-01T00:00:00.000Z"): GivenEvent => ({
  orgId,
  streamId: organisationStreamId(orgId),
  type: "OrganisationCreated",
  at,
  data: {
    orgId,
    name,
    siren: "732829320",
    vatNumber: null,
    address: null,
    fiscalYearStartMonth: 1,
    vatRegime: "reel_normal",
    vatOnDebits: false,
  },
});

const row = (orgId: string, name: string, changes: Record<string, unknown> = {}) => ({
  org_id: orgId,
  name,
  siren: "732829320",
  vat_number: null,
  address: null,
  fiscal_year_start_month: 1,
  vat_regime: "reel_normal",
  vat_on_debits: false,
  vat_periodicity: null,
  email: null,
  logo: null,
  created_at: new Date("2026-01-01T00:00:00.000Z"),
  updated_at: new Date("2026-01-01T00:00:00.000Z"),
  version: 1,
  ...changes,
});

describe.each(databaseKinds)("organisations read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, organisationsProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given a created organisation, then one row as the settings screens show it", async () => {
    const org = randomUUID();
    await spec.given(created(org, "Atelier Dupont")).then({ organisations: [row(org, "Atelier Dupont")] });
  });

  it("given a rename, new settings and a logo, then the row carries each change and the latest version", async () => {
    const org = randomUUID();
    const address = { line1: "3 rue des Lilas", postalCode: "75011", city: "Paris", country: "FR" };
    const logo = { fileId: "a".repeat(64), width: 512, height: 256 };
    const at = "2026-02-03T04:05:06.000Z";
    await spec
      .given(
        created(org, "Atelier"),
        {
          orgId: org,
          streamId: organisationStreamId(org),
          type: "OrganisationRenamed",
          data: { name: "Atelier Dupont", previousName: "Atelier" },
        },
        {
          orgId: org,
          streamId: organisationStreamId(org),
          type: "OrganisationSettingsChanged",
          data: {
            changes: { address, vatOnDebits: true, vatPeriodicity: "quarterly", email: "compta@dupont.fr" },
          },
        },
        {
          orgId: org,
          streamId: organisationStreamId(org),
          type: "OrganisationLogoChanged",
          at,
          data: { logo },
        },
      )
      .then({
        organisations: [
          row(org, "Atelier Dupont", {
            address,
            vat_on_debits: true,
            vat_periodicity: "quarterly",
            email: "compta@dupont.fr",
            logo,
            updated_at: new Date(at),
            version: 4,
          }),
        ],
      });
  });

  it("given settings set then cleared, and several changes of one field, then the last of each wins, rebuilt too", async () => {
    const org = randomUUID();
    const changed = (changes: Record<string, unknown>, at: string): GivenEvent => ({
      orgId: org,
      streamId: organisationStreamId(org),
      type: "OrganisationSettingsChanged",
      at,
      data: { changes },
    });
    await spec
      .given(
        created(org, "Atelier"),
        changed(
          { vatNumber: "FR44732829320", fiscalYearStartMonth: 7, vatRegime: "franchise" },
          "2026-03-01T00:00:00.000Z",
        ),
        changed(
          { vatNumber: null, address: { line1: "1 quai", postalCode: "69001", city: "Lyon", country: "FR" } },
          "2026-04-01T00:00:00.000Z",
        ),
        changed({ address: null, fiscalYearStartMonth: 4 }, "2026-05-01T00:00:00.000Z"),
      )
      .then({
        organisations: [
          row(org, "Atelier", {
            fiscal_year_start_month: 4,
            vat_regime: "franchise",
            updated_at: new Date("2026-05-01T00:00:00.000Z"),
            version: 4,
          }),
        ],
      });
  });

  it("given two renames and a logo set then removed, then the last of each wins, rebuilt too", async () => {
    const org = randomUUID();
    const event = (type: string, data: Record<string, unknown>, at: string): GivenEvent => ({
      orgId: org,
      streamId: organisationStreamId(org),
      type,
      at,
      data,
    });
    const logo = { fileId: "b".repeat(64), width: 64, height: 64 };
    await spec
      .given(
        created(org, "Atelier"),
        event(
          "OrganisationRenamed",
          { name: "Atelier D", previousName: "Atelier" },
          "2026-02-01T00:00:00.000Z",
        ),
        event("OrganisationLogoChanged", { logo }, "2026-03-01T00:00:00.000Z"),
        event(
          "OrganisationRenamed",
          { name: "Atelier Dupont", previousName: "Atelier D" },
          "2026-04-01T00:00:00.000Z",
        ),
        event("OrganisationLogoChanged", { logo: null }, "2026-05-01T00:00:00.000Z"),
      )
      .then({
        organisations: [
          row(org, "Atelier Dupont", { updated_at: new Date("2026-05-01T00:00:00.000Z"), version: 5 }),
        ],
      });
  });

  it("given names no bulk writer should mangle, then each row holds its name exactly, rebuilt too", async () => {
    const orgs = hostileTexts.map(() => randomUUID());
    await spec
      .given(...orgs.map((org, i) => created(org, hostileTexts[i] ?? "")))
      .then({ organisations: orgs.map((org, i) => row(org, hostileTexts[i] ?? "")) });
  });

  it("given member events only, then no row: they are not the organisation's settings", async () => {
    const org = randomUUID();
    await spec
      .given({
        orgId: org,
        streamId: organisationStreamId(org),
        type: "MemberAdded",
        data: { userId: randomUUID(), profile: "accountant" },
      })
      .then({ organisations: [] });
  });
});
