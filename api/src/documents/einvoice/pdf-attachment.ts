import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from "@cantoo/pdf-lib";

/**
 * The invoice XML a Factur-X / ZUGFeRD / XRechnung PDF embeds, read with pdf-lib (no shell command):
 * the catalogue's embedded files (`/Names /EmbeddedFiles`, its kids too) and associated files (`/AF`),
 * by their names. Null when the PDF carries none; throws when the bytes are not a PDF it can read.
 */
const INVOICE_NAMES = ["factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml"];

const textOf = (value: unknown): string | null =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;

export const embeddedInvoiceXml = async (
  bytes: Uint8Array,
): Promise<{ name: string; xml: string } | null> => {
  const pdf = await PDFDocument.load(bytes, {
    ignoreEncryption: true,
    updateMetadata: false,
    throwOnInvalidObject: false,
  });
  const context = pdf.context;
  const specs: PDFDict[] = [];
  const lookupDict = (value: unknown): PDFDict | undefined => {
    const v = value instanceof PDFDict ? value : context.lookup(value as never);
    return v instanceof PDFDict ? v : undefined;
  };
  const walk = (node: PDFDict | undefined, depth: number) => {
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
    const decoded = decodePDFRawStream(stream).decode();
    return { name, xml: new TextDecoder("utf-8").decode(decoded) };
  }
  return null;
};
