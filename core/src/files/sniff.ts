/**
 * What a file is, read from its bytes (never from its name): the kinds an attachment may be. Pure: a
 * few magic numbers and, for office files, the names their containers hold.
 */
export type FileKind = "pdf" | "png" | "jpeg" | "gif" | "webp" | "xlsx" | "xls" | "ods" | "csv" | "text";

export const fileContentTypes: Readonly<Record<FileKind, string>> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xls: "application/vnd.ms-excel",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  csv: "text/csv",
  text: "text/plain",
};

/** The answer of `sniffFile`: a kind, or why the bytes are refused. */
export type Sniffed =
  | { readonly kind: FileKind; readonly contentType: string }
  | { readonly refused: "empty" | "invalid" | "unsupported" };

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  bytes.byteLength >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Whether `needle` occurs in `bytes` between `from` and `to`. */
const contains = (bytes: Uint8Array, needle: readonly number[], from = 0, to = bytes.byteLength) => {
  const last = Math.min(to, bytes.byteLength) - needle.length;
  outer: for (let i = Math.max(0, from); i <= last; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
};

const utf16 = (text: string) => [...text].flatMap((c) => [c.charCodeAt(0), 0]);

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_END = [0x50, 0x4b, 0x05, 0x06];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** A zip's kind: an ODF spreadsheet (its first entry `mimetype` says so) or an OOXML workbook. */
const zipKind = (bytes: Uint8Array): Sniffed => {
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes: without it, a torn file.
  if (!contains(bytes, ZIP_END, bytes.byteLength - 65_557)) return { refused: "invalid" };
  if (contains(bytes, ascii("mimetypeapplication/vnd.oasis.opendocument.spreadsheet"), 30, 200))
    return sniffed("ods");
  if (contains(bytes, ascii("[Content_Types].xml")) && contains(bytes, ascii("xl/workbook")))
    return sniffed("xlsx");
  return { refused: "unsupported" };
};

const sniffed = (kind: FileKind): Sniffed => ({ kind, contentType: fileContentTypes[kind] });

/**
 * Text: UTF-8 that decodes, without NUL or control characters other than tab, line breaks and form
 * feed. A CSV is text whose name says so (the bytes of both are the same kind of thing).
 */
const textKind = (bytes: Uint8Array, name: string): Sniffed => {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { refused: "unsupported" };
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return { refused: "unsupported" };
  if (text.replace(/^\ufeff/, "").trim() === "") return { refused: "empty" };
  return sniffed(/\.csv$/i.test(name) ? "csv" : "text");
};

/** What `bytes` are, from their content. `name` only tells a CSV from other text. */
export const sniffFile = (bytes: Uint8Array, name: string): Sniffed => {
  if (bytes.byteLength === 0) return { refused: "empty" };
  if (startsWith(bytes, ascii("%PDF-")))
    return contains(bytes, ascii("%%EOF"), bytes.byteLength - 2048) ? sniffed("pdf") : { refused: "invalid" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return sniffed("png");
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return sniffed("jpeg");
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return sniffed("gif");
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return sniffed("webp");
  if (startsWith(bytes, ZIP)) return zipKind(bytes);
  if (startsWith(bytes, OLE))
    return contains(bytes, utf16("Workbook")) || contains(bytes, utf16("Book"))
      ? sniffed("xls")
      : { refused: "unsupported" };
  return textKind(bytes, name);
};

/** The image kinds, whose bytes the shell checks further by decoding them. */
export const isImageKind = (kind: FileKind): boolean =>
  kind === "png" || kind === "jpeg" || kind === "gif" || kind === "webp";
