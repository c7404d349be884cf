import { StatementFormatError } from "../model.ts";

/**
 * Bytes into text for the statement formats: UTF-8 when valid (a BOM aside), otherwise the 8-bit
 * encoding the file declares (OFX `CHARSET:1252`, an XML prolog) or Windows-1252, the superset of
 * ISO-8859-1 French banks' software writes.
 */

export type StatementEncoding = "utf-8" | "utf-16le" | "windows-1252" | "iso-8859-1" | "iso-8859-15";

const utf8 = new TextDecoder("utf-8", { fatal: true });
const utf16 = new TextDecoder("utf-16le");
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";
const cp1252 = new TextDecoder("windows-1252");
const latin9 = new TextDecoder("iso-8859-15");

type EightBit = Exclude<StatementEncoding, "utf-8" | "utf-16le">;

/**
 * Single-byte decoding. Windows-1252 is the WHATWG reading of "iso-8859-1" too (files that say Latin-1
 * are written by Windows software); 0x80–0x9F are mapped by table as well, since some runtimes decode
 * "windows-1252" as ISO 8859-1 there.
 */
const decode8bit = (bytes: Uint8Array, encoding: EightBit): string =>
  encoding === "iso-8859-15"
    ? latin9.decode(bytes)
    : cp1252.decode(bytes).replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);

const normaliseLabel = (label: string): EightBit | "utf-8" | undefined => {
  const l = label.trim().toLowerCase().replace(/^"|"$/g, "");
  if (l === "utf-8" || l === "utf8") return "utf-8";
  if (l === "1252" || l === "windows-1252" || l === "cp1252") return "windows-1252";
  if (l === "iso-8859-1" || l === "latin1" || l === "iso8859-1") return "iso-8859-1";
  if (l === "iso-8859-15" || l === "latin9") return "iso-8859-15";
  return undefined;
};

/** The encoding the file's head declares, if it declares one we read. */
const declared = (bytes: Uint8Array): EightBit | "utf-8" | undefined => {
  const head = decode8bit(bytes.subarray(0, 512), "iso-8859-1");
  const xml = /<\?xml[^>]*encoding=["']([^"']+)["']/i.exec(head);
  if (xml?.[1]) return normaliseLabel(xml[1]);
  const charset = /^CHARSET:\s*(\S+)/m.exec(head);
  if (charset?.[1]) return normaliseLabel(charset[1]);
  return undefined;
};

/**
 * The file's text and the encoding it was read in: `encoding` when the caller knows it (a bank's
 * remembered setting), else UTF-16 after its byte order mark (Excel's "Unicode text"), else UTF-8 when
 * the bytes are valid UTF-8, else the declared 8-bit encoding,
 * else Windows-1252. A file declared UTF-8 whose bytes are not is refused.
 */
export const decodeStatementBytes = (
  bytes: Uint8Array,
  encoding?: StatementEncoding,
): { text: string; encoding: StatementEncoding } => {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || encoding === "utf-16le") {
    const body = bytes[0] === 0xff && bytes[1] === 0xfe ? bytes.subarray(2) : bytes;
    return { text: utf16.decode(body), encoding: "utf-16le" };
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  if (encoding && encoding !== "utf-8") return { text: decode8bit(body, encoding), encoding };
  try {
    return { text: utf8.decode(body), encoding: "utf-8" };
  } catch {
    const found = declared(body);
    if (encoding === "utf-8" || (found === "utf-8" && bom))
      throw new StatementFormatError("unknown", "bytes", "notUtf8");
    const eight = found && found !== "utf-8" ? found : "windows-1252";
    return { text: decode8bit(body, eight), encoding: eight };
  }
};

/** The text's lines, any line end, with their 1-based numbers. */
export const numberedLines = (text: string): { line: number; text: string }[] =>
  text.split(/\r\n|\r|\n/).map((t, i) => ({ line: i + 1, text: t }));

/** Spaces collapsed, ends trimmed. */
export const squash = (text: string): string => text.replace(/\s+/g, " ").trim();

/** An ISO date if `y-m-d` is a real calendar day. */
export const isoDate = (y: number, m: number, d: number): string | undefined => {
  if (!Number.isInteger(y) || m < 1 || m > 12 || d < 1) return undefined;
  const days = [
    31,
    y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  if (d > (days[m - 1] ?? 0)) return undefined;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
};

/** Two-digit years: 00–69 are 2000–2069, 70–99 are 1970–1999 (the POSIX pivot banks' software uses). */
export const fullYear = (yy: number): number => (yy < 70 ? 2000 + yy : 1900 + yy);

/** An IBAN as stored: upper case, no spaces. */
export const compactIban = (text: string): string => text.replace(/\s+/g, "").toUpperCase();
