import { inflateSync } from "node:zlib";
import type { PDFRawStream, PDFDict as PdfDict } from "@cantoo/pdf-lib";
import {
  DomainError,
  type EInvoice,
  inflateAllowance,
  inflateRefusal,
  type PurchaseProposal,
  purchaseProposal,
  type ReadLimits,
  readEInvoiceXml,
} from "@registre/core";

/**
 * The invoice XML a Factur-X / ZUGFeRD / XRechnung PDF embeds, read with pdf-lib (no shell command):
 * the catalogue's embedded files (`/Names /EmbeddedFiles`, its kids too) and associated files (`/AF`),
 * by their names. Null when the PDF carries none; throws when the bytes are not a PDF it can read.
 */
const INVOICE_NAMES = ["factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml"];

/** pdf-lib, loaded with the first PDF: a thread reading statements or CSV files never pays for it. */
const pdfLib = () => import("@cantoo/pdf-lib");
type PdfLib = Awaited<ReturnType<typeof pdfLib>>;

/**
 * An embedded file's bytes, inflated within the limits: a deflate stream through zlib, which stops at
 * `maxOutputLength` (a 65 KB stream that would inflate to 64 MB is refused after reading what the
 * limits allow, never inflated whole); any other filter through pdf-lib's decoders, checked after.
 */
const inflated = (
  { PDFArray, PDFName, decodePDFRawStream }: PdfLib,
  stream: PDFRawStream,
  limits: ReadLimits,
): Uint8Array => {
  const compressed = stream.contents.byteLength;
  const allowance = inflateAllowance(limits, compressed);
  const filter = stream.dict.lookup(PDFName.of("Filter"));
  const only = filter instanceof PDFArray && filter.size() === 1 ? filter.lookup(0) : filter;
  const flate = only instanceof PDFName && only.asString() === "/FlateDecode";
  if (flate && !stream.dict.has(PDFName.of("DecodeParms"))) {
    try {
      return inflateSync(stream.contents, {
        ...(Number.isFinite(allowance) && { maxOutputLength: allowance }),
      });
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
        throw inflateRefusal(limits, compressed);
      throw error;
    }
  }
  const decoded = filter === undefined ? stream.contents : decodePDFRawStream(stream).decode();
  if (decoded.byteLength > allowance) throw inflateRefusal(limits, compressed);
  return decoded;
};

export const embeddedInvoiceXml = async (
  bytes: Uint8Array,
  limits: ReadLimits = {},
): Promise<{ name: string; xml: string } | null> => {
  const lib = await pdfLib();
  const { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } = lib;
  const textOf = (value: unknown): string | null =>
    value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;
  const pdf = await PDFDocument.load(bytes, {
    ignoreEncryption: true,
    updateMetadata: false,
    throwOnInvalidObject: false,
  });
  const context = pdf.context;
  const specs: PdfDict[] = [];
  const lookupDict = (value: unknown): PdfDict | undefined => {
    const v = value instanceof PDFDict ? value : context.lookup(value as never);
    return v instanceof PDFDict ? v : undefined;
  };
  const walk = (node: PdfDict | undefined, depth: number) => {
    if (!node || depth > 8) return;
    const names = node.lookup(PDFName.of("Names"));
    if (names instanceof PDFArray)
      for (let i = 1; i < names.size(); i += 2) {
        const spec = lookupDict(names.get(i));
        if (spec) specs.push(spec);
      }
    const kids = node.lookup(PDFName.of("Kids"));
    if (kids instanceof PDFArray)
      for (let i = 0; i < kids.size(); i++) walk(lookupDict(kids.get(i)), depth + 1);
  };
  const namesDict = lookupDict(pdf.catalog.get(PDFName.of("Names")));
  walk(lookupDict(namesDict?.get(PDFName.of("EmbeddedFiles"))), 0);
  const af = pdf.catalog.lookup(PDFName.of("AF"));
  if (af instanceof PDFArray)
    for (let i = 0; i < af.size(); i++) {
      const spec = lookupDict(af.get(i));
      if (spec) specs.push(spec);
    }
  for (const spec of specs) {
    const name = textOf(spec.lookup(PDFName.of("UF"))) ?? textOf(spec.lookup(PDFName.of("F")));
    if (!name || !INVOICE_NAMES.includes(name.toLowerCase())) continue;
    const ef = lookupDict(spec.get(PDFName.of("EF")));
    const stream = ef && context.lookup(ef.get(PDFName.of("F")) ?? ef.get(PDFName.of("UF")));
    if (!(stream instanceof PDFRawStream)) continue;
    return { name, xml: new TextDecoder("utf-8").decode(inflated(lib, stream, limits)) };
  }
  return null;
};

export type SupplierFile =
  | { readonly source: "pdf"; readonly invoice: null; readonly proposal: null }
  | {
      readonly source: "facturx" | "cii" | "ubl";
      readonly invoice: EInvoice;
      readonly proposal: PurchaseProposal;
    };

/** The PDF header may follow a little junk (PDF 32000 §7.5.2 tolerates it in the first KB). */
const isPdf = (bytes: Uint8Array) => {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  return head.includes("%PDF-");
};

/**
 * What a supplier's file says, from its bytes (never its name): checked, and as a draft proposal. Run
 * in the worker pool (`workers/tasks.ts`): pdf-lib and the XML reader never run on the event loop.
 */
export const readSupplierFile = async (bytes: Uint8Array, limits: ReadLimits = {}): Promise<SupplierFile> => {
  if (bytes.byteLength === 0) throw new DomainError("einvoice.empty", { field: "file" });
  if (isPdf(bytes)) {
    let embedded: Awaited<ReturnType<typeof embeddedInvoiceXml>>;
    try {
      embedded = await embeddedInvoiceXml(bytes, limits);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new DomainError("einvoice.unreadablePdf", { field: "file" });
    }
    if (!embedded) return { source: "pdf", invoice: null, proposal: null };
    const { invoice } = readEInvoiceXml(embedded.xml, limits);
    return { source: "facturx", invoice, proposal: purchaseProposal(invoice) };
  }
  const text = new TextDecoder("utf-8").decode(bytes);
  if (!/^\s*</.test(text)) throw new DomainError("einvoice.unsupportedFile", { field: "file" });
  const { syntax, invoice } = readEInvoiceXml(text, limits);
  return { source: syntax, invoice, proposal: purchaseProposal(invoice) };
};
