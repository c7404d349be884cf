import { SaxesParser } from "saxes";
import { DomainError } from "./decider.ts";

/**
 * What a reader of a received file may take on, beyond its bytes (the API's upload limits,
 * docs/architecture.md "Uploads"). A limit of 0 or absent is no limit. Each refusal is a DomainError
 * `upload.*` naming the limit and, where it is known, the value found.
 */
export type ReadLimits = {
  /** Lines of a CSV or FEC, entries of a statement, cards of a vCard file. */
  readonly lines?: number | undefined;
  readonly xmlDepth?: number | undefined;
  readonly xmlElements?: number | undefined;
  /** Bytes of a stream once inflated. */
  readonly inflatedBytes?: number | undefined;
  /** How many times its compressed size an inflated stream may grow. */
  readonly inflateRatio?: number | undefined;
};

const set = (limit: number | undefined): limit is number => limit !== undefined && limit > 0;

export const tooManyLines = (limit: number, value: number) =>
  new DomainError("upload.tooManyLines", { limit, value, field: "file" });

/**
 * Lines of a file's bytes (line feeds, or carriage returns for a file that has only those), counted
 * before anything is decoded: a file of many more lines than its kind allows is refused before it is read.
 */
export const countLines = (bytes: Uint8Array): number => {
  let feeds = 0;
  let returns = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === 0x0a) feeds++;
    else if (byte === 0x0d) returns++;
  }
  const lines = Math.max(feeds, returns);
  // A last line without its end of line counts too.
  const last = bytes[bytes.length - 1];
  return bytes.length === 0 ? 0 : last === 0x0a || last === 0x0d ? lines : lines + 1;
};

/**
 * Refuses a file of more than `limits.lines × perRecord` physical lines (a header, a record spread over
 * several lines), before its parsing; the records are counted exactly by `checkRecordCount` after.
 */
export const checkLineCount = (bytes: Uint8Array, limits: ReadLimits, perRecord = 1, header = 0): void => {
  if (!set(limits.lines)) return;
  const lines = countLines(bytes);
  if (lines > limits.lines * perRecord + header) throw tooManyLines(limits.lines, lines - header);
};

/** Refuses more records than `limits.lines`. */
export const checkRecordCount = (count: number, limits: ReadLimits): void => {
  if (set(limits.lines) && count > limits.lines) throw tooManyLines(limits.lines, count);
};

/**
 * Walks an XML text once with a SAX parser (linear, no tree) and refuses it as soon as it nests deeper
 * or holds more elements than allowed, before a reader builds anything of it. The walk goes on past a
 * flaw (saxes reports it and reads on), so the whole text is measured even when it is not well-formed;
 * answers whether it was, the reader refusing a flawed file in its own words.
 */
export const checkXmlShape = (text: string, limits: ReadLimits): { readonly wellFormed: boolean } => {
  const maxDepth = set(limits.xmlDepth) ? limits.xmlDepth : Number.POSITIVE_INFINITY;
  const maxElements = set(limits.xmlElements) ? limits.xmlElements : Number.POSITIVE_INFINITY;
  const parser = new SaxesParser();
  let depth = 0;
  let elements = 0;
  let flawed = false;
  let refusal: DomainError | undefined;
  parser.on("error", () => {
    flawed = true;
  });
  parser.on("opentag", (tag) => {
    if (!tag.isSelfClosing) depth++;
    elements++;
    if (depth > maxDepth)
      refusal ??= new DomainError("upload.xmlTooDeep", { limit: maxDepth, field: "file" });
    else if (elements > maxElements)
      refusal ??= new DomainError("upload.xmlTooManyElements", { limit: maxElements, field: "file" });
    if (refusal) throw refusal;
  });
  parser.on("closetag", (tag) => {
    if (!tag.isSelfClosing) depth--;
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (refusal) throw refusal;
    if (error instanceof DomainError) throw error;
    flawed = true;
  }
  return { wellFormed: !flawed };
};

/** A reader's refusal of a stream that would inflate past its limits. */
export const inflateRefusal = (limits: ReadLimits, compressed: number): DomainError => {
  const byRatio = set(limits.inflateRatio) ? limits.inflateRatio * compressed : Number.POSITIVE_INFINITY;
  const bySize = set(limits.inflatedBytes) ? limits.inflatedBytes : Number.POSITIVE_INFINITY;
  return byRatio < bySize
    ? new DomainError("upload.inflateRatio", { limit: limits.inflateRatio ?? 0, field: "file" })
    : new DomainError("upload.inflatedTooLarge", { limit: limits.inflatedBytes ?? 0, field: "file" });
};

/** The most bytes a stream of `compressed` bytes may inflate to (Infinity: no limit). */
export const inflateAllowance = (limits: ReadLimits, compressed: number): number =>
  Math.min(
    set(limits.inflateRatio) ? limits.inflateRatio * Math.max(compressed, 1) : Number.POSITIVE_INFINITY,
    set(limits.inflatedBytes) ? limits.inflatedBytes : Number.POSITIVE_INFINITY,
  );
