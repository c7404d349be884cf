/**
 * The printed page, whatever prints on it (a sales document, a deposit slip, a reconciliation report, a
 * VAT return): A4, margins, colours and sizes, the embedded fonts (Inter from `@expo-google-fonts/inter`,
 * parsed once per process and subset by pdfkit into each file), and the file's bytes once it ends.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Font } from "fontkit";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import type { PrintLanguage } from "./format.ts";
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

/**
 * A file a PDF/A-3 carries (its AFRelationship, pdfkit's `relationship`) with the XMP that describes it:
 * a Factur-X's invoice XML (`documents/pdf/facturx-xmp.ts`).
 */
export type PdfAttachment = {
  readonly name: string;
  readonly type: string;
  readonly description: string;
  readonly relationship: "Alternative" | "Data" | "Source" | "Supplement";
  readonly content: string;
  readonly xmp: string;
};

/**
 * An A4 pdfkit document with the embedded fonts registered ("regular", "bold"): any printed page; with
 * an `attached` file, a PDF/A-3b (a Factur-X: the invoice's XML attached).
 */
export const openPdf = (
  language: PrintLanguage,
  title: string,
  author: string,
  attached?: PdfAttachment,
): PDFKit.PDFDocument => {
  const doc = new PDFDocument({
    // An associated file is allowed from PDF/A-3 on.
    ...(attached && { pdfVersion: "1.7" as const, subset: "PDF/A-3b" as const }),
    size: "A4",
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    // No default font: pdfkit would otherwise load and parse Helvetica's metrics for every document.
    font: "",
    lang: language === "fr" ? "fr-FR" : "en-GB",
    displayTitle: true,
    info: { Title: title, Author: author, Creator: "Registre", Producer: "Registre (PDFKit)" },
  });
  if (attached) {
    const now = new Date();
    // pdfkit writes `relationship` as the file spec's /AFRelationship (its types do not list it).
    const attachment = {
      name: attached.name,
      type: attached.type,
      description: attached.description,
      relationship: attached.relationship,
      creationDate: now,
      modifiedDate: now,
    };
    doc.file(Buffer.from(attached.content, "utf8"), attachment);
    doc.appendXML(attached.xmp);
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

/** Sets the document's font, size and colour for the next text. */
export const applyStyle = (doc: PDFKit.PDFDocument, style: TextStyle): void => {
  doc
    .font(style.font ?? "regular")
    .fontSize(style.size ?? SIZES.body)
    .fillColor(style.colour ?? COLOURS.text);
};

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
