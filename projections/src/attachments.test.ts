import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { attachmentOwner, attachmentsProjector } from "./attachments.ts";
import { hostileTexts, projectorSpecification } from "./testing/index.ts";

const file = (fileId: string, name: string, size = 1234) => ({
  fileId,
  name,
  size,
  contentType: "application/pdf",
  sha256: "ab".repeat(32),
});

describe("the owner of a stream", () => {
  it("is a document, a contact or an item; any other stream owns no file", () => {
    const id = "0b6c1c1e-0000-4000-8000-000000000001";
    expect(attachmentOwner(`doc-${id}`)).toEqual({ kind: "doc", id });
    expect(attachmentOwner(`contact-${id}`)).toEqual({ kind: "contact", id });
    expect(attachmentOwner(`item-${id}`)).toEqual({ kind: "item", id });
    expect(attachmentOwner("item-reference-0b6c1c1e00004000800000000000000100000000")).toBeNull();
    expect(attachmentOwner(`org-${id}`)).toBeNull();
  });
});

describe.each(databaseKinds)("attachments read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, attachmentsProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given files attached to and removed from owners, then one row per attached file; a rebuild equals it", async () => {
    const org = randomUUID();
    const [doc, contact, item] = [randomUUID(), randomUUID(), randomUUID()];
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const user = randomUUID();
    await spec
      .given(
        {
          orgId: org,
          streamId: `doc-${doc}`,
          type: "FileAttached",
          data: file(a, "devis.pdf"),
          userId: user,
        },
        { orgId: org, streamId: `doc-${doc}`, type: "FileAttached", data: file(b, hostileTexts[4]) },
        {
          orgId: org,
          streamId: `contact-${contact}`,
          type: "FileAttached",
          data: file(c, hostileTexts[6], 7),
        },
        { orgId: org, streamId: `doc-${doc}`, type: "FileDetached", data: { fileId: a, name: "devis.pdf" } },
        { orgId: org, streamId: `item-${item}`, type: "FileAttached", data: file(d, "notice.txt") },
        {
          orgId: org,
          streamId: `item-${item}`,
          type: "FileDetached",
          data: { fileId: d, name: "notice.txt" },
          at: "2026-02-01T00:00:00.000Z",
        },
      )
      .then({
        attachments: [
          expect.objectContaining({ file_id: b, owner_kind: "doc", owner_id: doc, name: hostileTexts[4] }),
          expect.objectContaining({ file_id: c, owner_kind: "contact", owner_id: contact, size: 7 }),
        ],
      });
  });
});
