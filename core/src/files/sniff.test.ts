import { describe, expect, it } from "vitest";
import { checkFileName, decideAttachment, evolveFiles } from "./attachments.ts";
import { sniffFile } from "./sniff.ts";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const utf16 = (text: string) => [...text].flatMap((c) => [c.charCodeAt(0), 0]);
const zipEnd = [0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)];

describe("what a file is, told by its bytes", () => {
  it("knows the accepted kinds whatever their names say", () => {
    expect(sniffFile(bytes("%PDF-1.7\n…\n%%EOF\n"), "photo.png")).toMatchObject({ kind: "pdf" });
    expect(sniffFile(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), "a.pdf")).toMatchObject({
      kind: "png",
    });
    expect(sniffFile(bytes([0xff, 0xd8, 0xff, 0xe0]), "a")).toMatchObject({
      kind: "jpeg",
      contentType: "image/jpeg",
    });
    expect(sniffFile(bytes("GIF89a", [1, 0]), "a")).toMatchObject({ kind: "gif" });
    expect(sniffFile(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "), "a")).toMatchObject({ kind: "webp" });
    expect(
      sniffFile(
        bytes([0x50, 0x4b, 3, 4], new Array(26).fill(0), "[Content_Types].xml xl/workbook.xml", zipEnd),
        "a.bin",
      ),
    ).toMatchObject({ kind: "xlsx" });
    expect(
      sniffFile(
        bytes(
          [0x50, 0x4b, 3, 4],
          new Array(26).fill(0),
          "mimetypeapplication/vnd.oasis.opendocument.spreadsheet",
          zipEnd,
        ),
        "a",
      ),
    ).toMatchObject({ kind: "ods" });
    expect(
      sniffFile(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], utf16("Workbook")), "a"),
    ).toMatchObject({
      kind: "xls",
    });
    expect(sniffFile(bytes("date;montant\n2026-01-02;12,50\n"), "releve.CSV")).toMatchObject({ kind: "csv" });
    expect(sniffFile(new TextEncoder().encode("\ufeffNote : à relire"), "note")).toMatchObject({
      kind: "text",
    });
  });

  it("refuses other kinds, empty and torn files", () => {
    expect(sniffFile(new Uint8Array(), "a.pdf")).toEqual({ refused: "empty" });
    expect(sniffFile(bytes("  \n\t "), "a.txt")).toEqual({ refused: "empty" });
    expect(sniffFile(bytes("%PDF-1.7 torn"), "a.pdf")).toEqual({ refused: "invalid" });
    expect(sniffFile(bytes([0x50, 0x4b, 3, 4], "[Content_Types].xml xl/workbook"), "a.xlsx")).toEqual({
      refused: "invalid",
    });
    // A Word document: a zip, but not a workbook; an OLE file that is not a workbook.
    expect(
      sniffFile(bytes([0x50, 0x4b, 3, 4], "[Content_Types].xml word/document.xml", zipEnd), "a.xlsx"),
    ).toEqual({
      refused: "unsupported",
    });
    expect(
      sniffFile(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], utf16("WordDocument")), "a.xls"),
    ).toEqual({
      refused: "unsupported",
    });
    expect(sniffFile(bytes("MZ", [0x90, 0, 3, 0]), "facture.pdf")).toEqual({ refused: "unsupported" });
    expect(sniffFile(bytes([0xc3, 0x28]), "a.csv")).toEqual({ refused: "unsupported" });
    expect(sniffFile(bytes("<html>\u0007</html>"), "a.txt")).toEqual({ refused: "unsupported" });
  });
});

describe("attachments on an owner's stream", () => {
  const file = {
    fileId: "f1",
    name: "devis.pdf",
    size: 12,
    contentType: "application/pdf",
    sha256: "a".repeat(64),
  };

  it("attaches once per id, detaches what is there, refuses the rest", () => {
    const attached = decideAttachment({ type: "AttachFile", data: file }, []);
    expect(attached).toEqual([{ type: "FileAttached", data: file }]);
    const files = attached.reduce(evolveFiles, []);
    expect(decideAttachment({ type: "AttachFile", data: file }, files)).toEqual([]);
    expect(decideAttachment({ type: "DetachFile", data: { fileId: "f1" } }, files)).toEqual([
      { type: "FileDetached", data: { fileId: "f1", name: "devis.pdf" } },
    ]);
    expect(() => decideAttachment({ type: "DetachFile", data: { fileId: "f2" } }, files)).toThrow(
      "file.notFound",
    );
    expect(() =>
      decideAttachment({ type: "AttachFile", data: { ...file, fileId: "f3", size: 0 } }, files),
    ).toThrow("file.emptyOrInvalid");
  });

  it("keeps names as people give them, never a path", () => {
    expect(checkFileName("  Facture n°12 (copie).pdf ")).toBe("Facture n°12 (copie).pdf");
    for (const name of [
      "",
      "   ",
      ".",
      "..",
      "../x.pdf",
      "a/b.pdf",
      "a\\b.pdf",
      "a\u0000.pdf",
      "x".repeat(256),
    ])
      expect(() => checkFileName(name), JSON.stringify(name)).toThrow("file.invalidName");
  });
});
