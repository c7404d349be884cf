import { inflateSync } from "node:zlib";
import type { PDFDict } from "@cantoo/pdf-lib";
import { NotReadable } from "./xml.ts";

/**
 * The invoice XML a Factur-X PDF embeds (`factur-x.xml`, or ZUGFeRD's / XRechnung's name), found in the
 * catalogue's embedded files (`/Names /EmbeddedFiles`, their kids too) and associated files (`/AF`).
 * Null when the PDF embeds none. A deflated stream is inflated within a bound (a small stream that would
 * inflate to gigabytes is refused, never inflated whole).
 */
const INVOICE_NAMES = ["factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml"];
const MAX_XML_BYTES = 20 * 1024 * 1024;

export const embeddedInvoiceXml = async (bytes: Uint8Array): Promise<Uint8Array | null> => {
  const lib = await import("@cantoo/pdf-lib");
  const { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } = lib;
  const pdf = await PDFDocument.load(bytes, {
    ignoreEncryption: true,
    updateMetadata: false,
    throwOnInvalidObject: false,
  });
  const context = pdf.context;
  const dict = (value: unknown): PDFDict | undefined => {
    const v = value instanceof PDFDict ? value : value ? context.lookup(value as never) : undefined;
    return v instanceof PDFDict ? v : undefined;
  };
  const text = (value: unknown): string | null =>
    value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;
  const specs: PDFDict[] = [];
  const walk = (node: PDFDict | undefined, depth: number) => {
    if (!node || depth > 8) return;
    const names = node.lookup(PDFName.of("Names"));
    if (names instanceof PDFArray)
      for (let i = 1; i < names.size(); i += 2) {
        const spec = dict(names.get(i));
        if (spec) specs.push(spec);
      }
    const children = node.lookup(PDFName.of("Kids"));
    if (children instanceof PDFArray)
      for (let i = 0; i < children.size(); i++) walk(dict(children.get(i)), depth + 1);
  };
  walk(dict(dict(pdf.catalog.get(PDFName.of("Names")))?.get(PDFName.of("EmbeddedFiles"))), 0);
  const af = pdf.catalog.lookup(PDFName.of("AF"));
  if (af instanceof PDFArray)
    for (let i = 0; i < af.size(); i++) {
      const spec = dict(af.get(i));
      if (spec) specs.push(spec);
    }
  for (const spec of specs) {
    const name = text(spec.lookup(PDFName.of("UF"))) ?? text(spec.lookup(PDFName.of("F")));
    if (!name || !INVOICE_NAMES.includes(name.toLowerCase())) continue;
    const ef = dict(spec.get(PDFName.of("EF")));
    const ref = ef?.get(PDFName.of("F")) ?? ef?.get(PDFName.of("UF"));
    const stream = ref ? context.lookup(ref) : undefined;
    if (!(stream instanceof PDFRawStream)) continue;
    const filter = stream.dict.lookup(PDFName.of("Filter"));
    const only = filter instanceof PDFArray && filter.size() === 1 ? filter.lookup(0) : filter;
    if (filter === undefined) return stream.contents;
    if (only instanceof PDFName && only.asString() === "/FlateDecode") {
      try {
        return inflateSync(stream.contents, { maxOutputLength: MAX_XML_BYTES });
      } catch {
        throw new NotReadable("The PDF's embedded invoice cannot be inflated within the limits.");
      }
    }
    const decoded = lib.decodePDFRawStream(stream).decode();
    if (decoded.byteLength > MAX_XML_BYTES) throw new NotReadable("The PDF's embedded invoice is too large.");
    return decoded;
  }
  return null;
};
