import type { BankRule } from "@registre/core";
import type { DemoLine } from "./statement-files.ts";

/**
 * What the demo workshop's bank carries each month besides its customers' and suppliers' transfers: the
 * rent, the subscriptions and utilities taken by direct debit, the week's card receipts and their
 * commission, small card purchases, the gérant's URSSAF contributions, the account fee — with the labels a
 * French bank gives them. Amounts vary a little from month to month, the same every start for a month.
 */

/** A line before the statement gives it its bank id; `booking` is how the demo books a line no rule covers. */
export type MonthLine = Omit<DemoLine, "bankRef"> & { readonly booking?: BankRule["booking"] };

/** Upper case without accents, as banks print names. */
export const bankText = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/’/g, "'")
    .toUpperCase();

const ddmm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** The demo's bank rules: automatic ones booked on import, the URSSAF one proposed (checked each month). */
export const demoRules: Omit<BankRule, "id" | "order">[] = [
  {
    name: "Frais de tenue de compte",
    automatic: true,
    enabled: true,
    when: { labelContains: ["FRAIS TENUE DE COMPTE"], direction: "debit" },
    booking: { account: "627000", label: "Frais de tenue de compte" },
  },
  {
    name: "Commissions sur remises carte",
    automatic: true,
    enabled: true,
    when: { labelContains: ["COMMISSIONS CB"], direction: "debit" },
    booking: { account: "627000", label: "Commissions monétiques" },
  },
  {
    name: "Remises carte bancaire",
    automatic: true,
    enabled: true,
    when: { labelContains: ["REMISE CB"], direction: "credit" },
    booking: { account: "707000", vatRate: "20", label: "Ventes au comptoir (carte bancaire)" },
  },
  {
    name: "Loyer de l’atelier",
    automatic: true,
    enabled: true,
    when: { labelContains: ["LOYER"], direction: "debit" },
    booking: { account: "613200", vatRate: "20", label: "Loyer de l’atelier" },
  },
  {
    name: "Hébergement du site",
    automatic: true,
    enabled: true,
    when: { labelContains: ["OVH"], direction: "debit", amountMax: 10_000 },
    booking: { account: "626000", vatRate: "20", label: "Hébergement OVH" },
  },
  {
    name: "Abonnement logiciel de conception",
    automatic: true,
    enabled: true,
    when: { labelContains: ["ABONNEMENT CAO"], direction: "debit" },
    booking: { account: "651000", vatRate: "20", label: "Abonnement logiciel CAO" },
  },
  {
    name: "Internet et téléphone",
    automatic: true,
    enabled: true,
    when: { labelContains: ["ORANGE"], direction: "debit" },
    booking: { account: "626000", vatRate: "20", label: "Internet et téléphone" },
  },
  {
    name: "Électricité de l’atelier",
    automatic: true,
    enabled: true,
    when: { labelContains: ["EDF", "ELECTRICITE"], direction: "debit" },
    booking: { account: "606100", vatRate: "20", label: "Électricité" },
  },
  {
    name: "TVA à payer",
    automatic: true,
    enabled: true,
    when: { labelContains: ["DGFIP"], direction: "debit" },
    booking: { account: "445510", label: "Paiement de la TVA" },
  },
  {
    name: "Cotisations URSSAF du gérant",
    automatic: false,
    enabled: true,
    when: { labelContains: ["URSSAF"], direction: "debit" },
    booking: { account: "646000", label: "Cotisations sociales du gérant" },
  },
];

/**
 * The month's lines other than transfers and deposits, for the month beginning `from`; `first` adds the
 * quarter's insurance premium, booked from its line.
 */
export const monthLines = (from: string, first: boolean): MonthLine[] => {
  const ym = from.slice(0, 8);
  const m = Number(from.slice(5, 7));
  const day = (d: number) => `${ym}${String(d).padStart(2, "0")}`;
  const period = `${from.slice(5, 7)}/${from.slice(0, 4)}`;
  const debit = (
    d: number,
    amount: number,
    party: string,
    motif: string,
    iban: string | null,
  ): MonthLine => ({
    date: day(d),
    amount: -amount,
    label: `PRLV SEPA ${party} /MOTIF ${motif}`,
    short: `PRLV SEPA ${party}`,
    remittance: motif,
    counterparty: party,
    counterpartyIban: iban,
    code: "DDBT",
  });
  const receipts = [0, 1, 2, 3].map((k) => 34_850 + ((m * 7_919 + k * 14_513) % 52_000));
  const lines: MonthLine[] = [
    debit(2, 108_000, "SCI LES PENTES", `LOYER ATELIER ${period}`, "FR7610278073000002034567814"),
    debit(5, 2_399, "OVH SAS", "HEBERGEMENT SITE ATELIER", "FR7630004008280001234567855"),
    debit(8, 5_880, "SKETCHLAB SAS", `ABONNEMENT CAO ${period}`, "FR7617806005000004419203341"),
    debit(12, 5_279, "ORANGE SA", `FACTURE INTERNET PRO ${period}`, "FR7630003012340005102233046"),
    debit(
      15,
      114_200 + (m % 3) * 3_100,
      "URSSAF RHONE-ALPES",
      `COTISATIONS TI ${period}`,
      "FR7630001007941234567890185",
    ),
    debit(22, 14_830 + (m % 4) * 1_270, "EDF", "ELECTRICITE ATELIER", "FR7630004008200001000003381"),
    ...receipts.map(
      (amount, k): MonthLine => ({
        date: day(4 + 7 * k),
        amount,
        label: `REMISE CB ${ddmm(day(3 + 7 * k))} 4512378 /NB ${3 + ((m + k) % 5)} FACTURETTES`,
        short: `REMISE CB ${ddmm(day(3 + 7 * k))} 4512378`,
        remittance: `NB ${3 + ((m + k) % 5)} FACTURETTES`,
        counterparty: null,
        counterpartyIban: null,
        code: "POSD",
      }),
    ),
    {
      date: day(18),
      amount: -(4_990 + (m % 5) * 1_150),
      label: `CB AMAZON PAYMENTS ${ddmm(day(16))} AMAZON.FR`,
      short: `CB AMAZON PAYMENTS ${ddmm(day(16))}`,
      remittance: "AMAZON.FR",
      counterparty: null,
      counterpartyIban: null,
      code: "CCRD",
      booking: { account: "606400", vatRate: "20", label: "Fournitures de bureau" },
    },
    {
      date: day(26),
      amount: -(6_420 + (m % 3) * 890),
      label: `CB TOTALENERGIES ${ddmm(day(25))} LYON 7`,
      short: `CB TOTALENERGIES ${ddmm(day(25))}`,
      remittance: "LYON 7",
      counterparty: null,
      counterpartyIban: null,
      code: "CCRD",
      booking: { account: "606100", vatRate: "20", label: "Carburant du fourgon" },
    },
    {
      date: day(27),
      amount: -Math.round(receipts.reduce((s, r) => s + r, 0) * 0.012),
      label: `COMMISSIONS CB ${period} /NB 4 REMISES`,
      short: `COMMISSIONS CB ${period}`,
      remittance: "NB 4 REMISES",
      counterparty: null,
      counterpartyIban: null,
      code: "CHRG",
    },
    {
      date: day(28),
      amount: -1_250,
      label: "FRAIS TENUE DE COMPTE /COTISATION OFFRE PRO",
      short: "FRAIS TENUE DE COMPTE",
      remittance: "COTISATION OFFRE PRO",
      counterparty: null,
      counterpartyIban: null,
      code: "CHRG",
    },
  ];
  if (first)
    lines.push({
      ...debit(
        10,
        41_235,
        "MMA IARD",
        `ASSURANCE MULTIRISQUE PRO T${Math.ceil(m / 3)}`,
        "FR7630003012340007788990123",
      ),
      booking: { account: "616100", label: "Assurance multirisque professionnelle" },
    });
  return lines;
};

/** A transfer's line: received from a customer or paid to a supplier, naming the invoices it pays. */
export const transferLine = (t: {
  readonly date: string;
  readonly amount: number;
  readonly name: string;
  readonly iban: string | null;
  readonly invoices: readonly string[];
}): MonthLine => {
  const name = bankText(t.name);
  const received = t.amount > 0;
  const motif = `${received ? "" : "FACT "}${t.invoices.join(" ")}`;
  return {
    date: t.date,
    amount: t.amount,
    label: `VIR SEPA ${received ? "RECU /DE" : "EMIS /A"} ${name} /MOTIF ${motif}`,
    short: `VIR SEPA ${received ? "RECU" : "EMIS"} ${name}`,
    remittance: motif,
    counterparty: name,
    counterpartyIban: t.iban,
    ...(received ? { endToEnd: motif.replace(/ /g, "-").slice(0, 35) } : {}),
    code: received ? "RCDT" : "ICDT",
  };
};
