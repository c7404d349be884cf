import { describe, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedOnField, refusedWith } from "../testing/refusals.ts";
import { type ReleaseEvent, releasesDecider, releaseVisitsDecider } from "./releases.ts";

const spec = deciderSpecification(releasesDecider);
const id = "6f1c2b9e-7a51-4a8e-9a43-0d3c1f6b2a10";
const other = "0b7e5f5a-3c1d-4c2e-8f0a-9d6b7e8c1a22";
const note = {
  version: "2026.12",
  date: "2026-12-01",
  titleFr: "Tableaux de bord",
  titleEn: "Dashboards",
  bodyFr:
    "Le tableau de bord montre le chiffre d’affaires.\n\n- Prévision de trésorerie\n- Factures en retard",
  bodyEn: "The dashboard shows revenue.\n\n- Cash forecast\n- Late invoices",
};
const at = "2026-12-01T09:00:00.000Z";
const written: ReleaseEvent = { type: "ReleaseNoteWritten", data: { id, ...note } };
const published: ReleaseEvent = { type: "ReleaseNotePublished", data: { id, at } };

describe("release notes", () => {
  it("a note written as a draft records its texts; written published, its publication too", () => {
    spec.given([]).when({ type: "WriteReleaseNote", id, note, published: false, at }).then([written]);
    spec
      .given([])
      .when({ type: "WriteReleaseNote", id, note, published: true, at })
      .then([written, published]);
  });

  it("bodies keep their paragraphs: line ends normalised, trailing spaces and extra blank lines dropped", () =>
    spec
      .given([])
      .when({
        type: "WriteReleaseNote",
        id,
        note: { ...note, bodyFr: "  Un.  \r\n\r\n\r\n\r\nDeux\t!\r\n", titleEn: "  Dash   boards " },
        published: false,
        at,
      })
      .then([
        {
          type: "ReleaseNoteWritten",
          data: { id, ...note, bodyFr: "Un.\n\nDeux !", titleEn: "Dash boards" },
        },
      ]));

  it("refuses an empty title or body, a bad version or day, naming the field", () => {
    const write = (change: Partial<typeof note>) =>
      spec
        .given([])
        .when({ type: "WriteReleaseNote", id, note: { ...note, ...change }, published: false, at });
    write({ titleFr: "  " }).thenThrows(refusedOnField("validation.required", "titleFr"));
    write({ bodyEn: "\n\n" }).thenThrows(refusedOnField("validation.required", "bodyEn"));
    write({ bodyFr: "x".repeat(20_001) }).thenThrows(refusedOnField("validation.tooLong", "bodyFr"));
    write({ version: "<b>1</b>" }).thenThrows(refusedOnField("release.invalidVersion", "version"));
    write({ date: "2026-02-30" }).thenThrows(refusedOnField("release.invalidDate", "date"));
  });

  it("two notes never share a version, whatever its case", () =>
    spec
      .given([written])
      .when({
        type: "WriteReleaseNote",
        id: other,
        note: { ...note, version: "2026.12" },
        published: false,
        at,
      })
      .thenThrows(refusedOnField("release.duplicateVersion", "version")));

  it("a change records the new texts, publishes or withdraws; nothing changed records nothing", () => {
    spec
      .given([written])
      .when({ type: "ChangeReleaseNote", id, change: { titleEn: "New dashboards" }, at })
      .then([{ type: "ReleaseNoteChanged", data: { id, ...note, titleEn: "New dashboards" } }]);
    spec
      .given([written])
      .when({ type: "ChangeReleaseNote", id, change: {}, published: true, at })
      .then([published]);
    spec
      .given([written, published])
      .when({ type: "ChangeReleaseNote", id, change: {}, published: true, at })
      .then([]);
    spec
      .given([written, published])
      .when({ type: "ChangeReleaseNote", id, change: { titleFr: note.titleFr }, published: false, at })
      .then([{ type: "ReleaseNoteWithdrawn", data: { id } }]);
  });

  it("a removed note is gone: changing or removing it again is refused", () => {
    const removed: ReleaseEvent = { type: "ReleaseNoteRemoved", data: { id } };
    spec.given([written]).when({ type: "RemoveReleaseNote", id }).then([removed]);
    spec
      .given([written, removed])
      .when({ type: "RemoveReleaseNote", id })
      .thenThrows(refusedWith("release.notFound"));
    spec
      .given([written, removed])
      .when({ type: "ChangeReleaseNote", id, change: {}, at })
      .thenThrows(refusedWith("release.notFound"));
  });
});

describe("a member's visits to the release notes", () => {
  const visits = deciderSpecification(releaseVisitsDecider);
  const userId = "u-1";
  it("records what was seen only when it moves forward", () => {
    visits
      .given([])
      .when({ type: "SeeReleaseNotes", userId, upTo: at })
      .then([{ type: "ReleaseNotesSeen", data: { userId, upTo: at } }]);
    visits
      .given([{ type: "ReleaseNotesSeen", data: { userId, upTo: at } }])
      .when({ type: "SeeReleaseNotes", userId, upTo: at })
      .then([]);
    visits
      .given([{ type: "ReleaseNotesSeen", data: { userId, upTo: at } }])
      .when({ type: "SeeReleaseNotes", userId, upTo: "2026-12-02T09:00:00.000Z" })
      .then([{ type: "ReleaseNotesSeen", data: { userId, upTo: "2026-12-02T09:00:00.000Z" } }]);
  });
});
