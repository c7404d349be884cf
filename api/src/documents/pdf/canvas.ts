/**
 * The page and its primitives: A4, margins, the embedded fonts (Inter from `@expo-google-fonts/inter`,
 * subset by pdfkit into each file), text measured before it is drawn so nothing overflows a page, and
 * the page break that repeats the running header (and the lines table's header when one is open).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Font } from "fontkit";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import { type EmbeddedInvoice, FACTURX_FILE_NAME, facturxXmp } from "./facturx-xmp.ts";
import type { Labels } from "./labels.ts";
import type { DocumentPrint, PrintLanguage } from "./model.ts";
import { memoiseLayout } from "./shaping.ts";

export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = { top: 42, left: 45, right: 45, bottom: 62 } as const;
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
/** The lowest y content may reach; the footer lives below it. */
export const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom;

export const COLOURS = {
  text: "#1a1a1a",
  muted: "#5c5f66",
  rule: "#c9ccd1",
  band: "#eef0f3",
  accent: "#1c3d5a",
} as const;

export const SIZES = { title: 17, heading: 10.5, body: 8.6, small: 7.6, tiny: 6.8 } as const;

export type FontName = "regular" | "bold";

const FONT_FILES: Record<FontName, string> = {
  regular: "@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf",
  bold: "@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf",
};

/**
 * Gives every glyph of `font` the characters it stands for, whoever asks for it first. fontkit keeps
 * one glyph object per id, with the characters of its first request; pdfkit writes those into the
 * PDF's ToUnicode map (what copy, search and `pdftotext` read). A subset asks for the components of a
 * composite glyph with none — ":", ";" and "…" are made of "." in Inter — so, in a process whose
 * first document printed a ":" before any ".", every later document's periods read as nothing. A
 * glyph made without characters takes those of the first request that has some: every layout asks
 * with the characters it shaped, before pdfkit reads them.
 */
const withCharacters = (font: Font): void => {
  const getGlyph = font.getGlyph.bind(font);
  (font as { getGlyph: unknown }).getGlyph = (id: number, characters: number[] = []) => {
    const glyph = getGlyph(id, characters);
    if (glyph && glyph.codePoints.length === 0 && characters.length > 0)
      (glyph as { codePoints: number[] }).codePoints = characters;
    return glyph;
  };
};

let parsed: Record<FontName, Font> | undefined;
/**
 * The fonts, read and parsed once per process and shared by every document: parsing Inter's layout
 * tables again for each document cost more than the rest of the rendering. pdfkit subsets them per
 * document (`createSubset`), which leaves the shared font untouched but for its glyph objects, which
 * `withCharacters` makes the same whatever was printed before.
 */
const fonts = (): Record<FontName, Font> => {
  if (!parsed) {
    const require = createRequire(import.meta.url);
    const open = (name: FontName): Font => {
      const font = fontkit.create(readFileSync(require.resolve(FONT_FILES[name])));
      if (!("layout" in font)) throw new Error(`${FONT_FILES[name]} is a collection, not a font`);
      withCharacters(font);
      memoiseLayout(font);
      return font;
    };
    parsed = { regular: open("regular"), bold: open("bold") };
  }
  return parsed;
};

export type Canvas = {
  readonly doc: PDFKit.PDFDocument;
  readonly print: DocumentPrint;
  readonly language: PrintLanguage;
  readonly t: Labels;
  /** Drawn at the top of every page after the first (and by a page break): answers the y below it. */
  runningHeader: () => number;
  /** Drawn after the running header on a page break while the lines table is being drawn. */
  tableHeader: (() => void) | undefined;
};

export const openCanvas = (
  print: DocumentPrint,
  t: Labels,
  title: string,
  embedded?: EmbeddedInvoice,
): Canvas => ({
  doc: openPdf(print.language, title, print.seller.name, embedded),
  print,
  language: print.language,
  t,
  runningHeader: () => MARGIN.top,
  tableHeader: undefined,
});

/**
 * An A4 pdfkit document with the embedded fonts registered ("regular", "bold"): any printed page; with
 * `embedded`, a Factur-X (PDF/A-3b, the invoice's XML attached).
 */
export const openPdf = (
  language: PrintLanguage,
  title: string,
  author: string,
  embedded?: EmbeddedInvoice,
): PDFKit.PDFDocument => {
  const print = { language, seller: { name: author } };
  const doc = new PDFDocument({
    // A Factur-X is a PDF/A-3b (its XML an associated file, allowed from PDF/A-3 on).
    ...(embedded && { pdfVersion: "1.7" as const, subset: "PDF/A-3b" as const }),
    size: "A4",
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    // No default font: pdfkit would otherwise load and parse Helvetica's metrics for every document.
    font: "",
    lang: print.language === "fr" ? "fr-FR" : "en-GB",
    displayTitle: true,
    info: { Title: title, Author: print.seller.name, Creator: "Registre", Producer: "Registre (PDFKit)" },
  });
  if (embedded) {
    const now = new Date();
    // pdfkit writes `relationship` as the file spec's /AFRelationship (its types do not list it).
    const attachment = {
      name: FACTURX_FILE_NAME,
      type: "text/xml",
      description: "Factur-X invoice",
      relationship: "Alternative",
      creationDate: now,
      modifiedDate: now,
    };
    doc.file(Buffer.from(embedded.xml, "utf8"), attachment);
    doc.appendXML(facturxXmp(embedded.conformance));
  }
  const f = fonts();
  // pdfkit takes a fontkit font as it takes the file's bytes (its types only name the latter).
  doc.registerFont("regular", f.regular as unknown as Buffer);
  doc.registerFont("bold", f.bold as unknown as Buffer);
  doc.font("regular").fontSize(SIZES.body).fillColor(COLOURS.text);
  return doc;
};

export type TextStyle = {
  readonly font?: FontName;
  readonly size?: number;
  readonly colour?: string;
  readonly align?: "left" | "right" | "center";
};

const apply = (doc: PDFKit.PDFDocument, style: TextStyle): void => {
  doc
    .font(style.font ?? "regular")
    .fontSize(style.size ?? SIZES.body)
    .fillColor(style.colour ?? COLOURS.text);
};

/** The height `text` takes in a box `width` wide. */
export const measure = (canvas: Canvas, text: string, width: number, style: TextStyle = {}): number => {
  apply(canvas.doc, style);
  return canvas.doc.heightOfString(text, { width, lineGap: 1 });
};

/** Draws `text` in a box at (x, y), `width` wide; answers its height. Never breaks the page itself. */
export const write = (
  canvas: Canvas,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle = {},
): number => {
  apply(canvas.doc, style);
  // pdfkit measures by laying the text out as `text` does: the distance it moved down is the height.
  canvas.doc.text(text, x, y, { width, align: style.align ?? "left", lineGap: 1 });
  return canvas.doc.y - y;
};

export const rule = (canvas: Canvas, y: number, x = MARGIN.left, width = CONTENT_WIDTH): void => {
  canvas.doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
};

export const band = (canvas: Canvas, x: number, y: number, width: number, height: number, colour: string) => {
  canvas.doc.rect(x, y, width, height).fillColor(colour).fill();
  canvas.doc.fillColor(COLOURS.text);
};

/** A new page, with the running header and the open table's header; answers the y to write at. */
export const newPage = (canvas: Canvas): number => {
  canvas.doc.addPage();
  const y = canvas.runningHeader();
  canvas.doc.y = y;
  canvas.tableHeader?.();
  return canvas.doc.y;
};

/** The y at which a block `height` high can be drawn: `y`, or the top of a new page. */
export const room = (canvas: Canvas, y: number, height: number): number =>
  y + height <= CONTENT_BOTTOM ? y : newPage(canvas);

/** Ends the document and answers its bytes. */
export const finish = (doc: PDFKit.PDFDocument): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => {
      const all = Buffer.concat(chunks);
      resolve(new Uint8Array(all.buffer, all.byteOffset, all.byteLength));
    });
    doc.on("error", reject);
    doc.end();
  });
