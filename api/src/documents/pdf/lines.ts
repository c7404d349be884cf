/**
 * The lines table. Priced documents: description, quantity, unit, unit price excl. tax, discount (only
 * when a line has one), VAT rate, line net. A delivery slip: reference, description, quantity, unit —
 * no price. Rows are measured before they are drawn; a row that does not fit starts a new page, whose
 * top repeats the running header and this table's header.
 */
import { formatCentsNumber, formatDecimal, formatPercent, formatUnitPrice } from "../../pdf/format.ts";
import { COLOURS, CONTENT_WIDTH, MARGIN, SIZES } from "../../pdf/page.ts";
import { band, type Canvas, measure, room, rule, write } from "./canvas.ts";
import type { PrintLine } from "./model.ts";

type ItemLine = Extract<PrintLine, { type: "item" }>;

type Column = {
  readonly header: string;
  readonly width: number;
  readonly align: "left" | "right";
  readonly cell: (line: ItemLine) => string;
};

const PAD = 3;

const hasDiscount = (line: PrintLine): boolean =>
  line.type === "item" && !!line.discountPercent && !/^0*(\.0*)?$/.test(line.discountPercent.trim());

const columnsFor = (canvas: Canvas): Column[] => {
  const { t, language, print } = canvas;
  const c = t.columns;
  const fixed = (header: string, width: number, cell: Column["cell"], align: Column["align"] = "right") => ({
    header,
    width,
    align,
    cell,
  });
  const quantity = (l: ItemLine) => formatDecimal(l.quantity, language);
  const unit = (l: ItemLine) => l.unit ?? "";
  /** The description, and under it the exemption ground of an untaxed line. */
  const described = (text: string, l: ItemLine) =>
    l.vatExemption ? `${text}\n${t.lineVatExemption(l.vatExemption)}` : text;
  if (print.kind === "delivery") {
    const rest = CONTENT_WIDTH - 80 - 60 - 60;
    return [
      fixed(c.reference, 80, (l) => l.reference ?? "", "left"),
      fixed(c.description, rest, (l) => l.description, "left"),
      fixed(c.quantity, 60, quantity),
      fixed(c.unit, 60, unit, "left"),
    ];
  }
  const columns: Column[] = [
    fixed(c.quantity, 46, quantity),
    fixed(c.unit, 44, unit, "left"),
    fixed(c.unitPrice, 64, (l) => formatUnitPrice(l.unitPrice, language)),
  ];
  if (print.lines.some(hasDiscount))
    columns.push(
      fixed(c.discount, 44, (l) => (hasDiscount(l) ? formatPercent(l.discountPercent ?? "0", language) : "")),
    );
  columns.push(fixed(c.vatRate, 40, (l) => formatPercent(l.vatRate, language)));
  columns.push(fixed(c.net, 70, (l) => formatCentsNumber(l.netCents, language)));
  const rest = CONTENT_WIDTH - columns.reduce((s, col) => s + col.width, 0);
  const referenced = (l: ItemLine) =>
    described(l.reference ? `${l.reference} – ${l.description}` : l.description, l);
  return [fixed(c.description, rest, referenced, "left"), ...columns];
};

const drawTableHeader = (canvas: Canvas, columns: readonly Column[]): void => {
  const y = canvas.doc.y;
  const style = { font: "bold", size: SIZES.small, colour: COLOURS.text } as const;
  const height = Math.max(...columns.map((col) => measure(canvas, col.header, col.width - 2 * PAD, style)));
  band(canvas, MARGIN.left, y, CONTENT_WIDTH, height + 2 * PAD, COLOURS.band);
  let x = MARGIN.left;
  for (const col of columns) {
    write(canvas, col.header, x + PAD, y + PAD, col.width - 2 * PAD, { ...style, align: col.align });
    x += col.width;
  }
  canvas.doc.y = y + height + 2 * PAD + 1;
};

const cellHeight = (canvas: Canvas, col: Column, line: ItemLine): number => {
  const text = col.cell(line);
  return text === "" ? 0 : measure(canvas, text, col.width - 2 * PAD);
};

/** Draws the lines from `top`; answers the y below the table. */
export const drawLines = (canvas: Canvas, top: number): number => {
  const columns = columnsFor(canvas);
  canvas.doc.y = top;
  canvas.tableHeader = () => drawTableHeader(canvas, columns);
  drawTableHeader(canvas, columns);
  let y = canvas.doc.y;
  for (const line of canvas.print.lines) {
    if (line.type === "item") {
      const height = Math.max(...columns.map((col) => cellHeight(canvas, col, line))) + 2 * PAD;
      y = room(canvas, y, height);
      let x = MARGIN.left;
      for (const col of columns) {
        const text = col.cell(line);
        if (text !== "") write(canvas, text, x + PAD, y + PAD, col.width - 2 * PAD, { align: col.align });
        x += col.width;
      }
      y += height;
      rule(canvas, y);
    } else {
      const style =
        line.type === "title"
          ? ({ font: "bold", size: SIZES.body + 0.6 } as const)
          : ({ size: SIZES.small, colour: COLOURS.muted } as const);
      const width = CONTENT_WIDTH - 2 * PAD;
      const height = measure(canvas, line.text, width, style) + 2 * PAD + (line.type === "title" ? 3 : 0);
      y = room(canvas, y, height);
      write(canvas, line.text, MARGIN.left + PAD, y + PAD + (line.type === "title" ? 3 : 0), width, style);
      y += height;
      if (line.type === "title") rule(canvas, y);
    }
  }
  canvas.tableHeader = undefined;
  return y;
};
