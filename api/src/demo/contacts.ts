import { type CommandMetadata, frenchVatKey } from "@registre/core";
import { createContact } from "../contacts/create.ts";
import type { AppContext } from "../context.ts";
import type { CreateContactInput } from "../schemas/contacts.ts";

/**
 * The demo organisation's customers and suppliers (issue 10): some forty companies and people of the
 * Lyon area, some both customer and supplier, with addresses, phones, e-mails, IBANs, SIRET and VAT
 * numbers — every identifier with its true check digits — created through the real command, so each
 * customer and supplier has its auxiliary account. The worked example's Alpha, Gamma and Beta come
 * first: their accounts are the CALPHA, CGAMMA and FBETA the January 2025 books post to.
 */

type Input = import("@hono/zod-openapi").z.infer<typeof CreateContactInput>;

const luhnDigit = (digits: string): string => {
  for (let d = 0; d <= 9; d++) {
    const sum = [...`${digits}${d}`].reverse().reduce((s, ch, i) => {
      const n = Number(ch) * (i % 2 === 1 ? 2 : 1);
      return s + (n > 9 ? n - 9 : n);
    }, 0);
    if (sum % 10 === 0) return String(d);
  }
  throw new Error("no Luhn digit");
};

/** A SIREN of eight given digits and its Luhn key. */
const siren = (eight: number) => {
  const base = String(eight).padStart(8, "0");
  return `${base}${luhnDigit(base)}`;
};
const siretOf = (s: string) => `${s}0001${luhnDigit(`${s}0001`)}`;

const banks = [
  { code: "30004", branch: "00820", bic: "BNPAFRPPXXX" },
  { code: "30003", branch: "01234", bic: "SOGEFRPPXXX" },
  { code: "30002", branch: "00550", bic: "CRLYFRPPXXX" },
  { code: "10278", branch: "07300", bic: "CMCIFR2AXXX" },
  { code: "16807", branch: "00011", bic: "CCBPFRPPGRE" },
  { code: "20041", branch: "01007", bic: "PSSTFRPPLYO" },
  { code: "17806", branch: "00500", bic: "AGRIFRPP878" },
] as const;

/** A French IBAN whose RIB key and IBAN check digits are right. */
const iban = (n: number) => {
  const bank = banks[n % banks.length] ?? banks[0];
  const account = String(10_000_000 + n * 7919).padStart(11, "0");
  const key = 97n - ((89n * BigInt(bank.code) + 15n * BigInt(bank.branch) + 3n * BigInt(account)) % 97n);
  const bban = `${bank.code}${bank.branch}${account}${String(key).padStart(2, "0")}`;
  const check = 98n - (BigInt(`${bban}152700`) % 97n);
  return { iban: `FR${String(check).padStart(2, "0")}${bban}`, bic: bank.bic };
};

type Company = [
  name: string,
  types: Input["types"],
  line1: string,
  postalCode: string,
  city: string,
  phone: string,
];
type Person = [
  firstName: string,
  lastName: string,
  types: Input["types"],
  line1: string,
  postalCode: string,
  city: string,
  phone: string,
];

const companies: Company[] = [
  ["Alpha SARL", ["customer"], "8 rue de la République", "69001", "Lyon", "04 78 28 14 10"],
  ["Gamma SAS", ["customer"], "45 cours Gambetta", "69003", "Lyon", "04 72 61 20 30"],
  ["Beta SARL", ["supplier"], "17 avenue Jean Jaurès", "69007", "Lyon", "04 78 58 33 21"],
  ["Boulangerie Éclair", ["customer"], "3 place Sathonay", "69001", "Lyon", "04 78 39 11 02"],
  ["Imprimerie des Canuts", ["supplier"], "22 rue d’Austerlitz", "69004", "Lyon", "04 78 29 45 60"],
  [
    "Menuiserie Perrin et Fils",
    ["customer", "supplier"],
    "5 chemin du Moulin",
    "69130",
    "Écully",
    "04 78 33 70 12",
  ],
  ["Transports Rhône Express", ["supplier"], "110 route de Vienne", "69008", "Lyon", "04 72 78 90 00"],
  ["Café du Parc SAS", ["customer"], "1 boulevard des Belges", "69006", "Lyon", "04 78 24 02 18"],
  ["Librairie Passages", ["customer"], "11 rue de Brest", "69002", "Lyon", "04 72 56 34 84"],
  ["Atelier Verre et Lumière", ["customer", "supplier"], "9 rue Burdeau", "69001", "Lyon", "04 78 30 66 14"],
  ["Cabinet Morel Expertise", ["supplier"], "60 quai Perrache", "69002", "Lyon", "04 72 40 18 70"],
  ["Électricité Duval", ["supplier"], "14 rue Paul Bert", "69100", "Villeurbanne", "04 78 85 42 11"],
  ["Fromagerie Mons", ["customer"], "102 cours Lafayette", "69003", "Lyon", "04 78 62 60 31"],
  ["Studio Graphique Nord", ["customer"], "27 rue Saint-Jean", "69005", "Lyon", "04 78 37 52 09"],
  ["Bureau Vallée Lyon Sud", ["supplier"], "210 avenue Berthelot", "69007", "Lyon", "04 72 73 16 40"],
  [
    "Garage Central Croix-Rousse",
    ["customer"],
    "33 boulevard de la Croix-Rousse",
    "69004",
    "Lyon",
    "04 78 28 03 57",
  ],
  ["Hôtel des Célestins", ["customer"], "4 rue des Archers", "69002", "Lyon", "04 72 56 08 98"],
  ["Papeterie Bellecour", ["supplier"], "15 place Bellecour", "69002", "Lyon", "04 78 42 19 63"],
  ["Traiteur Les Halles", ["customer", "supplier"], "102 cours Lafayette", "69003", "Lyon", "04 78 62 39 33"],
  ["Informatique Confluence", ["supplier"], "88 cours Charlemagne", "69002", "Lyon", "04 72 41 55 20"],
  ["Fleurs de Saône", ["customer"], "6 quai Saint-Vincent", "69001", "Lyon", "04 78 27 44 90"],
  ["Nettoyage Pro Rhône", ["supplier"], "52 rue Marius Berliet", "69008", "Lyon", "04 78 00 61 72"],
  [
    "Mairie de Caluire",
    ["customer"],
    "Place du Docteur Dugoujon",
    "69300",
    "Caluire-et-Cuire",
    "04 78 98 80 80",
  ],
  ["Bijouterie Lambert", ["prospect"], "19 rue Édouard Herriot", "69001", "Lyon", "04 78 28 77 31"],
  ["Concurrence Ateliers Réunis", ["competitor"], "7 rue Servient", "69003", "Lyon", "04 72 34 11 08"],
  ["Banque Coopérative du Rhône", ["partner"], "40 rue de la Charité", "69002", "Lyon", "04 72 77 40 00"],
  ["Maison Roux Quincaillerie", ["supplier"], "71 rue de Marseille", "69007", "Lyon", "04 78 72 11 45"],
  ["Agence Web Part-Dieu", ["customer"], "129 rue Servient", "69003", "Lyon", "04 72 13 58 60"],
];

const people: Person[] = [
  ["Jeanne", "Leroy", ["customer"], "12 montée de la Grande Côte", "69001", "Lyon", "06 12 34 56 78"],
  ["Marc", "Girard", ["customer"], "5 rue Tramassac", "69005", "Lyon", "06 23 45 67 89"],
  ["Sophie", "Bernard", ["supplier"], "48 avenue Félix Faure", "69003", "Lyon", "06 34 56 78 90"],
  ["Luc", "Fontaine", ["customer", "supplier"], "9 rue Mercière", "69002", "Lyon", "06 45 67 89 01"],
  ["Amélie", "Chevalier", ["prospect"], "31 rue Ney", "69006", "Lyon", "06 56 78 90 12"],
  ["Thomas", "Martin", ["customer"], "2 place Carnot", "69002", "Lyon", "07 61 23 45 67"],
  ["Inès", "Garnier", ["employee"], "17 rue Chevreul", "69007", "Lyon", "07 62 34 56 78"],
  ["Paul", "Dupuis", ["associate"], "8 chemin de Montauban", "69005", "Lyon", "06 78 90 12 34"],
  ["Claire", "Rousseau", ["salesRep"], "25 rue Duguesclin", "69006", "Lyon", "06 89 01 23 45"],
  ["Hugo", "Lefèvre", ["customer"], "60 rue Garibaldi", "69006", "Lyon", "06 90 12 34 56"],
  ["Nadia", "Benali", ["supplier"], "13 rue d’Inkermann", "69100", "Villeurbanne", "06 11 22 33 44"],
  ["Julien", "Moreau", ["customer"], "4 rue Pierre Corneille", "69006", "Lyon", "06 22 33 44 55"],
];

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\b(sarl|sas|sa|et|fils|des|du|de|la|les)\b/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The demo's contacts, their identifiers derived from their rank so that every run makes the same. */
export const demoContacts = (): Input[] => [
  ...companies.map(([name, types, line1, postalCode, city, phone], i): Input => {
    const s = siren(41_200_000 + i * 1_237);
    const bank = iban(i + 1);
    const domain = `${slug(name)}.fr`;
    return {
      kind: "company",
      name,
      types,
      addresses: [{ kind: "billing", line1, postalCode, city, country: "FR" }],
      phones: [{ kind: "work", number: phone }],
      emails: [{ address: `contact@${domain}` }],
      website: `https://www.${domain}`,
      ...(types.includes("customer") || types.includes("supplier") ? { ibans: [bank] } : {}),
      legal: { siren: s, siret: siretOf(s), vatNumber: `FR${frenchVatKey(s)}${s}` },
      ...(types.includes("customer") && {
        paymentTerms: { days: i % 3 === 0 ? 45 : 30, endOfMonth: i % 3 === 0 },
      }),
      acknowledgeDuplicates: true,
    };
  }),
  ...people.map(
    ([firstName, lastName, types, line1, postalCode, city, phone], i): Input => ({
      kind: "person",
      firstName,
      lastName,
      types,
      addresses: [{ kind: "billing", line1, postalCode, city, country: "FR" }],
      phones: [{ kind: "cellular", number: phone }],
      emails: [{ address: `${slug(firstName)}.${slug(lastName)}@exemple.fr` }],
      ...(types.includes("supplier") ? { ibans: [iban(100 + i)] } : {}),
      acknowledgeDuplicates: true,
    }),
  ),
];

export const seedDemoContacts = async (ctx: AppContext, orgId: string, metadata: () => CommandMetadata) => {
  for (const contact of demoContacts()) await createContact(ctx, orgId, contact, metadata(), "fr");
};
