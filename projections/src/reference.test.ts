import { PLATFORM_ORG, type ReferenceKind, referenceStreamId } from "@registre/core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { referenceDataProjector } from "./reference.ts";
import { type GivenEvent, hostileTexts, projectorSpecification } from "./testing/index.ts";

const onList = (kind: ReferenceKind, type: string, data: unknown): GivenEvent => ({
  orgId: PLATFORM_ORG,
  streamId: referenceStreamId(kind),
  type,
  data,
});

describe.each(databaseKinds)("reference_data read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, referenceDataProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  // Platform-wide: each specification reads its own list kind.
  const ofKind = (k: string) => ({ only: (row: Record<string, unknown>) => row.kind === k });

  it("given a seeded list, an entry added, one changed and one removed, then the list as the forms offer it", async () => {
    await spec
      .given(
        onList("units", "ReferenceListSeeded", {
          kind: "units",
          entries: [
            { code: "C62", label: "unité", labelEn: "unit" },
            { code: "HUR", label: "heure", labelEn: "hour" },
            { code: "KGM", label: "kilo", labelEn: "kilo" },
          ],
        }),
        onList("units", "ReferenceEntryAdded", { kind: "units", code: "DAY", label: "jour", labelEn: "day" }),
        onList("units", "ReferenceEntryChanged", {
          kind: "units",
          code: "KGM",
          label: "kilogramme",
          labelEn: "kilogram",
        }),
        onList("units", "ReferenceEntryRemoved", { kind: "units", code: "C62" }),
        onList("units", "ReferenceEntryChanged", {
          kind: "units",
          code: "DAY",
          label: "journée",
          labelEn: "day",
        }),
      )
      .then(
        {
          reference_entries: [
            { kind: "units", code: "HUR", label: "heure", label_en: "hour" },
            { kind: "units", code: "KGM", label: "kilogramme", label_en: "kilogram" },
            { kind: "units", code: "DAY", label: "journée", label_en: "day" },
          ],
        },
        ofKind("units"),
      );
  });

  it("given an entry removed and added again, then it is there with its new labels", async () => {
    await spec
      .given(
        onList("jobs", "ReferenceListSeeded", {
          kind: "jobs",
          entries: [{ code: "CEO", label: "Gérant", labelEn: "Manager" }],
        }),
        onList("jobs", "ReferenceEntryRemoved", { kind: "jobs", code: "CEO" }),
        onList("jobs", "ReferenceEntryAdded", {
          kind: "jobs",
          code: "CEO",
          label: "Dirigeant",
          labelEn: "Director",
        }),
      )
      .then(
        { reference_entries: [{ kind: "jobs", code: "CEO", label: "Dirigeant", label_en: "Director" }] },
        ofKind("jobs"),
      );
  });

  it("given labels no bulk writer should mangle, then each entry holds them exactly, rebuilt too", async () => {
    await spec
      .given(
        onList("countries", "ReferenceListSeeded", {
          kind: "countries",
          entries: hostileTexts.map((text, i) => ({ code: `X${i}`, label: text, labelEn: `${text} (en)` })),
        }),
      )
      .then(
        {
          reference_entries: hostileTexts.map((text, i) => ({
            kind: "countries",
            code: `X${i}`,
            label: text,
            label_en: `${text} (en)`,
          })),
        },
        ofKind("countries"),
      );
  });
});
