import { crc32, deflateSync } from "node:zlib";
import { PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from "@cantoo/pdf-lib";

/**
 * Files made to hurt a reader, as any registered user could send them (issue 21): each stays within
 * the bytes its kind accepts and aims at what the reader would build of it.
 */

const encoder = new TextEncoder();
export const bytesOf = (text: string): Uint8Array<ArrayBuffer> =>
  encoder.encode(text) as Uint8Array<ArrayBuffer>;

/**
 * A PDF whose embedded `factur-x.xml` is a deflate bomb: `inflated` bytes of spaces, a thousandth of
 * that once compressed (65 KB for 64 MB).
 */
export const deflateBombPdf = async (inflated: number): Promise<Uint8Array<ArrayBuffer>> => {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  const compressed = deflateSync(Buffer.alloc(inflated, 0x20), { level: 9 });
  const context = pdf.context;
  const stream = PDFRawStream.of(
    context.obj({
      Type: "EmbeddedFile",
      Subtype: "text/xml",
      Filter: "FlateDecode",
      Length: compressed.byteLength,
    }),
    compressed,
  );
  const streamRef = context.register(stream);
  const spec = context.register(
    context.obj({
      Type: "Filespec",
      F: PDFString.of("factur-x.xml"),
      UF: PDFHexString.fromText("factur-x.xml"),
      AFRelationship: "Data",
      EF: { F: streamRef },
    }),
  );
  pdf.catalog.set(
    PDFName.of("Names"),
    context.obj({ EmbeddedFiles: { Names: [PDFHexString.fromText("factur-x.xml"), spec] } }),
  );
  pdf.catalog.set(PDFName.of("AF"), context.obj([spec]));
  return (await pdf.save({ useObjectStreams: false })) as Uint8Array<ArrayBuffer>;
};

/** An element nested `depth` times inside a root of the given opening and closing. */
export const deepXml = (open: string, close: string, depth: number): Uint8Array<ArrayBuffer> =>
  bytesOf(
    `<?xml version="1.0" encoding="UTF-8"?>\n${open}${"<a>".repeat(depth)}${"</a>".repeat(depth)}${close}`,
  );

export const CAMT_OPEN =
  '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>X</MsgId></GrpHdr><Stmt><Id>X</Id>';
export const CAMT_CLOSE = "</Stmt></BkToCstmrStmt></Document>";

export const CII_OPEN =
  '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><rsm:ExchangedDocument>';
export const CII_CLOSE = "</rsm:ExchangedDocument></rsm:CrossIndustryInvoice>";

/** A CII document holding `count` empty elements: small, and many of them. */
export const manyElementsCii = (count: number): Uint8Array<ArrayBuffer> =>
  bytesOf(`<?xml version="1.0" encoding="UTF-8"?>\n${CII_OPEN}${"<a/>".repeat(count)}${CII_CLOSE}`);

/** A CAMT.053 statement of `count` entries of one euro, as short as an entry can be written. */
export const manyEntriesCamt = (iban: string, count: number, day = "2026-01-15"): Uint8Array<ArrayBuffer> => {
  const entry = (i: number) =>
    `<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt><AcctSvcrRef>R${i}</AcctSvcrRef><AddtlNtryInf>VIR ${i}</AddtlNtryInf></Ntry>`;
  const entries = Array.from({ length: count }, (_, i) => entry(i)).join("\n");
  return bytesOf(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>${day}T20:00:00</CreDtTm></GrpHdr><Stmt><Id>S</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>\n${entries}\n</Stmt></BkToCstmrStmt></Document>\n`,
  );
};

/** A contacts CSV of `count` companies whose names share their first letters (`Societe X i`). */
export const contactsCsv = (count: number): Uint8Array<ArrayBuffer> => {
  const lines = ["Raison sociale;Types;Ville"];
  for (let i = 1; i <= count; i++) lines.push(`Societe X ${i};client;Lyon`);
  return bytesOf(`${lines.join("\n")}\n`);
};

/** Text that is no statement format, `size` bytes of it (the CSV mapping step's sample). */
export const unknownText = (size: number): Uint8Array<ArrayBuffer> => {
  const line = "ceci n'est pas un relevé, seulement du texte sans colonnes\n";
  return bytesOf(line.repeat(Math.ceil(size / line.length)).slice(0, size));
};

const chunk = (type: string, data: Uint8Array) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};

/**
 * A PNG of `width` × `height` pixels in a few hundred bytes: its header says so, its one row of data
 * is all a decoder would start from (a decompression bomb for whoever decodes before looking).
 */
export const hugePng = (width: number, height: number): Uint8Array<ArrayBuffer> => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const data = deflateSync(Buffer.alloc(1 + width * 3));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", data),
      chunk("IEND", new Uint8Array()),
    ]),
  ) as Uint8Array<ArrayBuffer>;
};

/** A FEC header and `count` lines (the line count is what matters, not their balance). */
export const fecLines = (count: number): Uint8Array<ArrayBuffer> => {
  const header =
    "JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum\tCompteLib\tCompAuxNum\tCompAuxLib\tPieceRef\tPieceDate\tEcritureLib\tDebit\tCredit\tEcritureLet\tDateLet\tValidDate\tMontantdevise\tIdevise";
  const line = (i: number) =>
    `OD\tOpérations diverses\t${i}\t20250101\t512000\tBanque\t\t\t${i}\t20250101\tLigne ${i}\t1,00\t0,00\t\t\t20250101\t\t`;
  const lines = [header];
  for (let i = 1; i <= count; i++) lines.push(line(i));
  return bytesOf(`${lines.join("\n")}\n`);
};
