/**
 * The top of the document: the seller (logo, name, address, identifiers) on the left, the title,
 * number and dates on the right; then the customer (right, where a window envelope shows it) and the
 * delivery address (left); then the references (credited invoice, order, customer's order, subject).
 * The running header of the following pages, and the footer of every page (legal line, « Page 1/2 »).
 */
import { formatDate, formatMoneyShort, formatSiren } from "../../pdf/format.ts";
import { COLOURS, CONTENT_WIDTH, MARGIN, PAGE, SIZES } from "../../pdf/page.ts";
import { type Canvas, rule, write } from "./canvas.ts";
import type { PrintAddress } from "./model.ts";

/** An address as printed: its street lines, the postcode and city, the country. */
export const addressLines = (address: PrintAddress): string[] => [
  ...address.lines.filter((l) => l.trim() !== ""),
  `${address.postcode} ${address.city}`.trim(),
  ...(address.country ? [address.country] : []),
];

const COLUMN_GAP = 20;
const LEFT_WIDTH = 250;
const RIGHT_X = MARGIN.left + LEFT_WIDTH + COLUMN_GAP;
const RIGHT_WIDTH = CONTENT_WIDTH - LEFT_WIDTH - COLUMN_GAP;
const LOGO = { width: 150, height: 56 } as const;

/** « N° FA2026-00001 », or « Brouillon » for a draft. */
export const numberText = (canvas: Canvas): string =>
  canvas.print.number === null ? canvas.t.draft : `${canvas.t.number} ${canvas.print.number}`;

/** « Facture N° FA2026-00001 » — the PDF's title and the running header. */
export const documentTitle = (canvas: Canvas): string =>
  `${canvas.t.title[canvas.print.kind]} ${numberText(canvas)}`;

const sellerBlock = (canvas: Canvas, top: number): number => {
  const { seller } = canvas.print;
  const { t, language } = canvas;
  let y = top;
  if (seller.logo && seller.logo.byteLength > 0) {
    canvas.doc.image(
      Buffer.from(seller.logo.buffer, seller.logo.byteOffset, seller.logo.byteLength),
      MARGIN.left,
      y,
      {
        fit: [LOGO.width, LOGO.height],
      },
    );
    y += LOGO.height + 6;
  }
  y += write(canvas, seller.name, MARGIN.left, y, LEFT_WIDTH, { font: "bold", size: SIZES.heading });
  const lines = [...addressLines(seller.address)];
  if (seller.phone) lines.push(`${t.phone} ${seller.phone}`);
  if (seller.email) lines.push(`${t.email} ${seller.email}`);
  if (seller.website) lines.push(seller.website);
  const ids = [`${t.siren} ${formatSiren(seller.siren)}`];
  if (seller.vatNumber) ids.push(`${t.vatNumber} ${seller.vatNumber}`);
  lines.push(ids.join(" · "));
  if (seller.legalForm && seller.capitalCents)
    lines.push(t.capital(seller.legalForm, formatMoneyShort(seller.capitalCents, language)));
  y += 2 + write(canvas, lines.join("\n"), MARGIN.left, y + 2, LEFT_WIDTH, { size: SIZES.small });
  return y;
};

const titleBlock = (canvas: Canvas, top: number): number => {
  const { print, t, language } = canvas;
  let y = top;
  y += write(canvas, t.title[print.kind], RIGHT_X, y, RIGHT_WIDTH, {
    font: "bold",
    size: SIZES.title,
    colour: COLOURS.accent,
  });
  y += write(canvas, numberText(canvas), RIGHT_X, y + 1, RIGHT_WIDTH, {
    font: "bold",
    size: SIZES.heading,
    colour: print.number === null ? "#b02a2a" : COLOURS.text,
  });
  y += 6;
  const rows: [string, string][] = [[t.issueDate[print.kind], formatDate(print.dates.issue, language)]];
  if (print.dates.delivery)
    rows.push([t.deliveryDate[print.kind], formatDate(print.dates.delivery, language)]);
  if (print.dates.expiry && print.kind === "quote")
    rows.push([t.expiryDate, formatDate(print.dates.expiry, language)]);
  if (print.dates.due && print.kind !== "quote" && print.kind !== "delivery")
    rows.push([t.dueDate, formatDate(print.dates.due, language)]);
  if (print.customerReference) rows.push([t.customerReference, print.customerReference]);
  if (print.customer.code) rows.push([t.customerCode, print.customer.code]);
  const labelWidth = RIGHT_WIDTH * 0.55;
  for (const [label, value] of rows) {
    const h = Math.max(
      write(canvas, label, RIGHT_X, y, labelWidth - 4, { size: SIZES.small, colour: COLOURS.muted }),
      write(canvas, value, RIGHT_X + labelWidth, y, RIGHT_WIDTH - labelWidth, {
        size: SIZES.small,
        font: "bold",
      }),
    );
    y += h + 1;
  }
  return y;
};

const addressBlock = (
  canvas: Canvas,
  x: number,
  y: number,
  width: number,
  heading: string,
  name: string,
  address: PrintAddress,
  extra: readonly string[],
): number => {
  let h = write(canvas, heading.toUpperCase(), x, y, width, { size: SIZES.tiny, colour: COLOURS.muted });
  h += 2 + write(canvas, name, x, y + h + 2, width, { font: "bold", size: SIZES.heading });
  h += 1 + write(canvas, [...addressLines(address), ...extra].join("\n"), x, y + h + 1, width);
  return h;
};

const partiesBlock = (canvas: Canvas, top: number): number => {
  const { customer } = canvas.print;
  const { t } = canvas;
  const ids: string[] = [];
  if (customer.siren) ids.push(`${t.siren} ${formatSiren(customer.siren)}`);
  if (customer.vatNumber) ids.push(`${t.vatNumber} ${customer.vatNumber}`);
  const customerHeight = addressBlock(
    canvas,
    RIGHT_X,
    top,
    RIGHT_WIDTH,
    t.customer,
    customer.name,
    customer.billingAddress,
    ids,
  );
  const deliveryHeight = customer.deliveryAddress
    ? addressBlock(
        canvas,
        MARGIN.left,
        top,
        LEFT_WIDTH,
        t.deliveryAddress,
        customer.name,
        customer.deliveryAddress,
        [],
      )
    : 0;
  return top + Math.max(customerHeight, deliveryHeight);
};

const referencesBlock = (canvas: Canvas, top: number): number => {
  const { print, t, language } = canvas;
  let y = top;
  if (print.creditedInvoice)
    y +=
      write(
        canvas,
        t.creditedInvoice(print.creditedInvoice.number, formatDate(print.creditedInvoice.date, language)),
        MARGIN.left,
        y,
        CONTENT_WIDTH,
        { font: "bold" },
      ) + 2;
  if (print.order)
    y +=
      write(
        canvas,
        t.orderReference(print.order.number, formatDate(print.order.date, language)),
        MARGIN.left,
        y,
        CONTENT_WIDTH,
      ) + 2;
  if (print.label) y += write(canvas, print.label, MARGIN.left, y, CONTENT_WIDTH, { font: "bold" }) + 2;
  return y;
};

/** The first page's top; answers the y where the lines start. */
export const drawHeader = (canvas: Canvas): number => {
  const top = MARGIN.top;
  const below = Math.max(sellerBlock(canvas, top), titleBlock(canvas, top)) + 16;
  const parties = partiesBlock(canvas, below) + 14;
  const references = referencesBlock(canvas, parties);
  return references + (references > parties ? 8 : 0);
};

/** The top of the pages after the first: « Facture N° FA2026-00001 — Client » and a rule. */
export const drawRunningHeader = (canvas: Canvas): number => {
  const text = `${documentTitle(canvas)} — ${canvas.print.customer.name}`;
  const h = write(canvas, text, MARGIN.left, MARGIN.top, CONTENT_WIDTH, {
    size: SIZES.small,
    colour: COLOURS.muted,
  });
  rule(canvas, MARGIN.top + h + 3);
  return MARGIN.top + h + 10;
};

/** The seller's legal line, as company law wants it on every page. */
const legalLine = (canvas: Canvas): string => {
  const { seller } = canvas.print;
  const { t, language } = canvas;
  const parts = [seller.name];
  if (seller.legalForm)
    parts.push(
      seller.capitalCents
        ? t.capital(seller.legalForm, formatMoneyShort(seller.capitalCents, language))
        : seller.legalForm,
    );
  parts.push(
    seller.siret ? `${t.siret} ${formatSiren(seller.siret)}` : `${t.siren} ${formatSiren(seller.siren)}`,
  );
  if (seller.rcs) parts.push(seller.rcs);
  if (seller.vatNumber) parts.push(`${t.vatNumber} ${seller.vatNumber}`);
  return parts.join(" – ");
};

/** Footers of every page, drawn once the page count is known. */
export const drawFooters = (canvas: Canvas): void => {
  const { doc } = canvas;
  const range = doc.bufferedPageRange();
  const legal = legalLine(canvas);
  const y = PAGE.height - MARGIN.bottom + 16;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without this pdfkit would start a page to write it.
    doc.page.margins.bottom = 0;
    rule(canvas, y - 5);
    write(canvas, legal, MARGIN.left, y, CONTENT_WIDTH - 60, { size: SIZES.tiny, colour: COLOURS.muted });
    write(canvas, canvas.t.page(i - range.start + 1, range.count), PAGE.width - MARGIN.right - 60, y, 60, {
      size: SIZES.tiny,
      colour: COLOURS.muted,
      align: "right",
    });
  }
};
