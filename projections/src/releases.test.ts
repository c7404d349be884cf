import { PLATFORM_ORG, releasesStreamId, releaseVisitsStreamId } from "@registre/core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { releasesProjector } from "./releases.ts";
import { type GivenEvent, hostileTexts, projectorSpecification } from "./testing/index.ts";

const onNotes = (type: string, data: unknown): GivenEvent => ({
  orgId: PLATFORM_ORG,
  streamId: releasesStreamId,
  type,
  data,
});
const text = (version: string, title: string) => ({
  version,
  date: "2026-12-01",
  titleFr: `${title} (fr)`,
  titleEn: `${title} (en)`,
  bodyFr: "Premier paragraphe.\n\n- un\n- deux",
  bodyEn: "First paragraph.\n\n- one\n- two",
});
const row = (id: string, version: string, title: string, published_at: string | null) => ({
  id,
  version,
  date: "2026-12-01",
  title_fr: `${title} (fr)`,
  title_en: `${title} (en)`,
  body_fr: "Premier paragraphe.\n\n- un\n- deux",
  body_en: "First paragraph.\n\n- one\n- two",
  published_at,
});

describe.each(databaseKinds)("releases read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, releasesProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  // Platform-wide: each specification reads its own notes and users.
  const among = (ids: string[]) => ({
    only: (r: Record<string, unknown>) => ids.includes((r.id ?? r.user_id) as string),
  });

  it("given notes written, changed, published, withdrawn and removed, then the notes as they stand", async () => {
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await spec
      .given(
        onNotes("ReleaseNoteWritten", { id: a, ...text("1.0", "Un") }),
        onNotes("ReleaseNoteWritten", { id: b, ...text("1.1", "Deux") }),
        onNotes("ReleaseNotePublished", { id: a, at: "2026-12-01T09:00:00.000Z" }),
        onNotes("ReleaseNoteWritten", { id: c, ...text("1.2", "Trois") }),
        onNotes("ReleaseNoteChanged", { id: a, ...text("1.0.1", "Un bis") }),
        onNotes("ReleaseNotePublished", { id: b, at: "2026-12-02T09:00:00.000Z" }),
        onNotes("ReleaseNoteWithdrawn", { id: b }),
        onNotes("ReleaseNoteRemoved", { id: c }),
        onNotes("ReleaseNotePublished", { id: b, at: "2026-12-03T09:00:00.000Z" }),
      )
      .then(
        {
          release_notes: [
            row(a, "1.0.1", "Un bis", "2026-12-01T09:00:00.000Z"),
            row(b, "1.1", "Deux", "2026-12-03T09:00:00.000Z"),
          ],
        },
        among([a, b, c]),
      );
  });

  it("given members' visits, then each member's newest seen note", async () => {
    const [u1, u2] = [`user-${crypto.randomUUID()}`, `user-${crypto.randomUUID()}`];
    const seen = (userId: string, upTo: string): GivenEvent => ({
      orgId: PLATFORM_ORG,
      streamId: releaseVisitsStreamId(userId),
      type: "ReleaseNotesSeen",
      data: { userId, upTo },
    });
    await spec
      .given(
        seen(u1, "2026-12-01T09:00:00.000Z"),
        seen(u2, "2026-12-01T09:00:00.000Z"),
        seen(u1, "2026-12-03T09:00:00.000Z"),
        seen(u1, "2026-12-04T09:00:00.000Z"),
        seen(u2, "2026-12-05T09:00:00.000Z"),
      )
      .then(
        {
          release_visits: [
            { user_id: u1, up_to: "2026-12-04T09:00:00.000Z" },
            { user_id: u2, up_to: "2026-12-05T09:00:00.000Z" },
          ],
        },
        among([u1, u2]),
      );
  });

  it("given texts no bulk writer should mangle, then each note holds them exactly, rebuilt too", async () => {
    const ids = hostileTexts.map(() => crypto.randomUUID());
    await spec
      .given(
        ...hostileTexts.map((hostile, i) =>
          onNotes("ReleaseNoteWritten", {
            id: ids[i],
            version: `h${i}`,
            date: "2026-12-01",
            titleFr: hostile,
            titleEn: hostile,
            bodyFr: `${hostile}\n\n${hostile}`,
            bodyEn: hostile,
          }),
        ),
      )
      .then(
        {
          release_notes: hostileTexts.map((hostile, i) => ({
            id: ids[i],
            version: `h${i}`,
            date: "2026-12-01",
            title_fr: hostile,
            title_en: hostile,
            body_fr: `${hostile}\n\n${hostile}`,
            body_en: hostile,
            published_at: null,
          })),
        },
        among(ids),
      );
  });
});
