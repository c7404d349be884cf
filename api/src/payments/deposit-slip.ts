import type { DepositedPayment } from "@registre/core";
import { formatDate, formatIban, formatMoney, type PrintLanguage } from "../pdf/format.ts";
import { COLOURS, CONTENT_WIDTH, finish, MARGIN, openPdf, SIZES } from "../pdf/page.ts";

export type DepositSlip = {
  readonly language: PrintLanguage;
  readonly organisation: string;
  readonly bankName: string;
  readonly iban: string | null;
  readonly account: string;
  readonly number: string;
  readonly date: string;
  readonly cash: boolean;
  readonly payments: readonly DepositedPayment[];
  readonly total: number;
};

const LABELS = {
  fr: {
    cheques: "Bordereau de remise de chèques",
    cash: "Bordereau de versement d’espèces",
    bank: "Banque",
    iban: "IBAN",
    account: "Compte",
    number: "Remise n°",
    date: "Date",
    drawer: "Tireur",
    drawerBank: "Banque du tireur",
    reference: "N° de chèque",
    amount: "Montant",
    count: "Nombre",
    total: "Total",
  },
  en: {
    cheques: "Cheque deposit slip",
    cash: "Cash deposit slip",
    bank: "Bank",
    iban: "IBAN",
    account: "Account",
    number: "Deposit no.",
    date: "Date",
    drawer: "Drawer",
    drawerBank: "Drawer's bank",
    reference: "Cheque no.",
    amount: "Amount",
    count: "Count",
    total: "Total",
  },
} as const;

/** The printable deposit slip: the bank and account, number and date, each cheque, the count and total. */
export const renderDepositSlip = async (slip: DepositSlip): Promise<Uint8Array> => {
  const t = LABELS[slip.language];
  const title = `${slip.cash ? t.cash : t.cheques} ${slip.number}`;
  const doc = openPdf(slip.language, title, slip.organisation);
  const x = MARGIN.left;
  let y: number = MARGIN.top;
  doc
    .font("bold")
    .fontSize(SIZES.title)
    .fillColor(COLOURS.accent)
    .text(title, x, y, { width: CONTENT_WIDTH });
  y = doc.y + 10;
  doc.font("regular").fontSize(SIZES.body).fillColor(COLOURS.text);
  const facts: [string, string][] = [
    [slip.organisation, ""],
    [t.bank, slip.bankName],
    ...(slip.iban ? [[t.iban, formatIban(slip.iban)] as [string, string]] : []),
    [t.account, slip.account],
    [t.number, slip.number],
    [t.date, formatDate(slip.date, slip.language)],
  ];
  for (const [label, value] of facts) {
    doc.font("bold").text(label, x, y, { width: 120 });
    doc.font("regular").text(value, x + 130, y, { width: CONTENT_WIDTH - 130 });
    y = doc.y + 2;
  }
  y += 12;
  const cols = [
    { label: t.drawer, width: 150 },
    { label: t.drawerBank, width: 130 },
    { label: t.reference, width: 110 },
    { label: t.amount, width: CONTENT_WIDTH - 390, right: true },
  ];
  const row = (cells: string[], bold = false) => {
    let cx = x;
    let bottom = y;
    cells.forEach((cell, i) => {
      const col = cols[i];
      if (!col) return;
      doc
        .font(bold ? "bold" : "regular")
        .text(cell, cx, y, { width: col.width - 6, align: col.right ? "right" : "left" });
      bottom = Math.max(bottom, doc.y);
      cx += col.width;
    });
    y = bottom + 4;
    if (y > 760) {
      doc.addPage();
      y = MARGIN.top;
    }
  };
  row(
    cols.map((c) => c.label),
    true,
  );
  doc
    .moveTo(x, y - 2)
    .lineTo(x + CONTENT_WIDTH, y - 2)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
  for (const p of slip.payments)
    row([
      p.drawer ?? p.contactName,
      p.drawerBank ?? "",
      p.reference ?? "",
      formatMoney(p.amount, slip.language),
    ]);
  doc
    .moveTo(x, y)
    .lineTo(x + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
  y += 6;
  row(
    [
      `${t.count} : ${slip.payments.length}`.replace(" :", slip.language === "fr" ? "\u00a0:" : ":"),
      "",
      t.total,
      formatMoney(slip.total, slip.language),
    ],
    true,
  );
  return finish(doc);
};
