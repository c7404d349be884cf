import { describe, expect, it } from "vitest";
import { accountClass, PCG_TEMPLATE_ID, pcgAccountsByNumber, pcgTemplate } from "./template.ts";

/** The PCG's two-digit chapters (ANC 2014-03 as amended for 2025; 79 "transferts de charges" is gone). */
const PCG_CHAPTERS = new Set([
  ...["10", "11", "12", "13", "14", "15", "16", "17", "18"],
  ...["20", "21", "22", "23", "26", "27", "28", "29"],
  ...["31", "32", "33", "34", "35", "36", "37", "38", "39"],
  ...["40", "41", "42", "43", "44", "45", "46", "47", "48", "49"],
  ...["50", "51", "52", "53", "54", "58", "59"],
  ...["60", "61", "62", "63", "64", "65", "66", "67", "68", "69"],
  ...["70", "71", "72", "73", "74", "75", "76", "77", "78"],
  ...["80", "88", "89"],
]);

/** The PCG's three-digit accounts (a chapter padded with a zero, e.g. 530 for 53, is accepted too). */
const PCG_ACCOUNTS_3 = new Set(
  [
    "101 102 104 105 106 107 108 109 110 119 120 129 131 138 139 143 145 148 151 152",
    "161 162 163 164 165 166 167 168 169 171 174 178 181 186 187 188",
    "201 203 205 206 207 208 211 212 213 214 215 218 231 232 237 238",
    "261 262 266 267 268 269 271 272 273 274 275 276 277 278 279 280 281 282 290 291 293 296 297",
    "311 312 317 321 322 326 331 335 341 345 351 355 358 371 372 391 392 393 394 395 397",
    "401 403 404 405 408 409 411 413 416 418 419 421 422 424 425 426 427 428 431 437 438",
    "441 442 443 444 445 446 447 448 449 451 455 456 457 458 462 464 465 467 468",
    "471 472 473 474 475 476 477 478 481 486 487 488 491 495 496",
    "502 503 504 505 506 507 508 509 511 512 514 515 516 517 518 519 521 522 523 524 590",
    "601 602 603 604 605 606 607 608 609 611 612 613 614 615 616 617 618 619",
    "621 622 623 624 625 626 627 628 629 631 633 635 637 638 641 644 645 646 647 648 649",
    "651 653 654 655 656 657 658 661 664 665 666 667 668 671 672 678 681 686 687 691 695 696 698 699",
    "701 702 703 704 705 706 707 708 709 713 721 722 741 742 747",
    "751 752 753 754 755 756 757 758 761 762 763 764 765 766 767 768 771 772 778 781 786 787",
    "801 802 809 890 891",
  ]
    .join(" ")
    .split(" "),
);

/** Every account the reference (shared/reference/french-accounting.md, section 2) names, padded to 6 digits. */
const REFERENCE_ACCOUNTS = [
  ["101000", "capital"],
  ["106100", "legal reserve"],
  ["110000", "retained earnings"],
  ["120000", "profit"],
  ["129000", "loss"],
  ["164000", "borrowings"],
  ["218300", "IT equipment"],
  ["281830", "depreciation of IT equipment (28xx)"],
  ["401000", "suppliers"],
  ["404000", "fixed-asset suppliers"],
  ["408000", "invoices not received"],
  ["409100", "advances paid"],
  ["411000", "customers"],
  ["416000", "doubtful"],
  ["418000", "invoices to issue"],
  ["419100", "advances received"],
  ["421000", "staff"],
  ["431000", "social security"],
  ["437000", "other social bodies"],
  ["445510", "VAT payable"],
  ["445620", "deductible VAT on fixed assets"],
  ["445660", "deductible VAT on goods and services"],
  ["445670", "VAT credit carried forward"],
  ["445710", "VAT collected"],
  ["445740", "collected VAT awaiting payment"],
  ["445830", "refund claimed"],
  ["467000", "other debtors/creditors"],
  ["471000", "suspense"],
  ["486000", "prepaid"],
  ["487000", "deferred"],
  ["512000", "bank"],
  ["530000", "cash"],
  ["580000", "internal transfers"],
  ["601000", "purchases"],
  ["602000", "purchases"],
  ["603000", "purchases"],
  ["604000", "purchases"],
  ["605000", "purchases"],
  ["606000", "purchases"],
  ["607000", "goods for resale"],
  ["609000", "rebates received"],
  ["613000", "rent"],
  ["616000", "insurance"],
  ["622000", "fees"],
  ["626000", "post/telecom"],
  ["627000", "bank charges"],
  ["641000", "payroll"],
  ["645000", "payroll"],
  ["658000", "other operating expenses"],
  ["758000", "other operating income"],
  ["665000", "cash discounts granted"],
  ["765000", "cash discounts received"],
  ["666000", "FX losses"],
  ["766000", "FX gains"],
  ["681100", "depreciation"],
  ["695000", "corporate tax"],
  ["701000", "finished goods"],
  ["706000", "services"],
  ["707000", "goods for resale"],
  ["708000", "ancillary"],
  ["709000", "rebates granted"],
] as const;

/** The labels the worked example (shared/examples/atelier-demo.md) and the brief require, exactly. */
const EXACT_LABELS: readonly (readonly [string, string, string])[] = [
  ["101000", "Capital", "Capital"],
  ["120000", "Résultat de l'exercice (bénéfice)", "Profit for the year"],
  ["129000", "Résultat de l'exercice (perte)", "Loss for the year"],
  ["218300", "Matériel de bureau et matériel informatique", "Office and IT equipment"],
  ["401000", "Fournisseurs", "Suppliers"],
  ["404000", "Fournisseurs d'immobilisations", "Fixed-asset suppliers"],
  ["411000", "Clients", "Customers"],
  ["445510", "TVA à décaisser", "VAT payable"],
  ["445620", "TVA déductible sur immobilisations", "Deductible VAT on fixed assets"],
  ["445660", "TVA déductible sur autres biens et services", "Deductible VAT on other goods and services"],
  ["445710", "TVA collectée 20 %", "VAT collected"],
  ["445711", "TVA collectée 10 %", "VAT collected 10 %"],
  ["445712", "TVA collectée 5,5 %", "VAT collected 5.5 %"],
  ["445713", "TVA collectée 2,1 %", "VAT collected 2.1 %"],
  ["445740", "TVA collectée sur encaissements", "Collected VAT awaiting payment"],
  ["471000", "Compte d'attente", "Suspense account"],
  ["512000", "Banque", "Bank"],
  ["530000", "Caisse", "Cash"],
  ["580000", "Virements internes", "Internal transfers"],
  ["607000", "Achats de marchandises", "Purchases of goods for resale"],
  ["627000", "Services bancaires et assimilés", "Bank charges"],
  ["658000", "Charges diverses de gestion courante", "Other operating expenses"],
  ["706000", "Prestations de services", "Services"],
  ["707000", "Ventes de marchandises", "Sales of goods for resale"],
  ["709000", "Rabais, remises et ristournes accordés par l'entreprise", "Rebates granted"],
  ["758000", "Produits divers de gestion courante", "Other operating income"],
];

const LETTRABLE_PREFIXES = [
  "401",
  "403",
  "404",
  "408",
  "4091",
  "411",
  "413",
  "416",
  "418",
  "4191",
  "421",
  "425",
  "445510",
  "467",
  "58",
  "471",
];
const COLLECTIVE = ["401000", "403000", "404000", "411000", "413000", "416000"];

describe("PCG 2025 chart-of-accounts template", () => {
  it("has its id and a practical size", () => {
    expect(PCG_TEMPLATE_ID).toBe("pcg-2025");
    expect(pcgTemplate.length).toBeGreaterThanOrEqual(350);
    expect(pcgTemplate.length).toBeLessThanOrEqual(600);
  });

  it("numbers are 6 digits, unique and in ascending order", () => {
    const numbers = pcgTemplate.map((account) => account.number);
    for (const number of numbers) expect(number).toMatch(/^\d{6}$/);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toEqual([...numbers].sort());
  });

  it("every number starts with a PCG class, chapter and three-digit account", () => {
    for (const { number } of pcgTemplate) {
      const root = number.slice(0, 3);
      expect(Number(number[0]), number).toBeGreaterThanOrEqual(1);
      expect(Number(number[0]), number).toBeLessThanOrEqual(8);
      expect(PCG_CHAPTERS.has(number.slice(0, 2)), number).toBe(true);
      expect(
        PCG_ACCOUNTS_3.has(root) || (root.endsWith("0") && PCG_CHAPTERS.has(root.slice(0, 2))),
        number,
      ).toBe(true);
    }
  });

  it("covers every chapter a small business uses, classes 1 to 8", () => {
    const chapters = new Set(pcgTemplate.map((account) => account.number.slice(0, 2)));
    const expected = [
      ...["10", "11", "12", "13", "14", "15", "16", "17", "18"],
      ...["20", "21", "22", "23", "26", "27", "28", "29"],
      ...["31", "32", "33", "34", "35", "36", "37", "38", "39"],
      ...["40", "41", "42", "43", "44", "45", "46", "47", "48", "49"],
      ...["50", "51", "52", "53", "54", "58", "59"],
      ...["60", "61", "62", "63", "64", "65", "66", "67", "68", "69"],
      ...["70", "71", "72", "74", "75", "76", "77", "78"],
      ...["80", "88", "89"],
    ];
    expect(expected.filter((chapter) => !chapters.has(chapter))).toEqual([]);
  });

  it("follows the 2025 reform: no charge transfers (79), disposals and grant releases out of 67/77", () => {
    const gone = pcgTemplate.filter(({ number }) => /^(79|675|775|777|153|154|155|156|157|158)/.test(number));
    expect(gone.map((account) => account.number)).toEqual([]);
    for (const number of ["657000", "757000", "667100", "767100", "747000", "656000", "756000", "481000"])
      expect(pcgAccountsByNumber.has(number), number).toBe(true);
  });

  it("labels are set in both languages, FEC- and CSV-safe, with plain apostrophes and sentence case", () => {
    for (const account of pcgTemplate) {
      for (const label of [account.label, account.labelEn]) {
        expect(label.trim(), account.number).toBe(label);
        expect(label.length, account.number).toBeGreaterThan(0);
        expect(label, account.number).not.toMatch(/[\t|\r\n]/);
        expect(label, account.number).not.toMatch(/[\u2018\u2019\u00a0\u202f]/);
        expect(label, account.number).not.toMatch(/ {2}/);
        expect(label[0], account.number).toMatch(/[A-ZÀ-ÖØ-Þ]/);
        expect(label, account.number).toMatch(/[a-zß-ÿ]/);
      }
    }
  });

  it("lettering is allowed exactly on third-party, staff, VAT due, other debtor/creditor, transfer and suspense accounts", () => {
    for (const account of pcgTemplate) {
      const expected = LETTRABLE_PREFIXES.some((prefix) => account.number.startsWith(prefix));
      expect([account.number, account.lettrable]).toEqual([account.number, expected]);
    }
    for (const number of [
      "401000",
      "404000",
      "411000",
      "421000",
      "467000",
      "471000",
      "580000",
      "409100",
      "419100",
      "445510",
    ])
      expect(pcgAccountsByNumber.get(number)?.lettrable, number).toBe(true);
    for (const number of ["445710", "512000", "530000", "405000", "409600", "419700", "607000", "706000"])
      expect(pcgAccountsByNumber.get(number)?.lettrable, number).toBe(false);
  });

  it("the collective accounts are exactly the customer and supplier control accounts, all lettrable", () => {
    const collective = pcgTemplate.filter((account) => account.collective);
    expect(collective.map((account) => account.number)).toEqual(COLLECTIVE);
    for (const account of collective) expect(account.lettrable, account.number).toBe(true);
  });

  it("holds every account the reference names", () => {
    const missing = REFERENCE_ACCOUNTS.filter(([number]) => !pcgAccountsByNumber.has(number));
    expect(missing).toEqual([]);
  });

  it("carries exactly the labels of the worked example", () => {
    for (const [number, label, labelEn] of EXACT_LABELS) {
      const account = pcgAccountsByNumber.get(number);
      expect([number, account?.label, account?.labelEn]).toEqual([number, label, labelEn]);
    }
  });

  it("indexes the template by number", () => {
    expect(pcgAccountsByNumber.size).toBe(pcgTemplate.length);
    for (const account of pcgTemplate) expect(pcgAccountsByNumber.get(account.number)).toBe(account);
    expect(pcgAccountsByNumber.get("411000")).toEqual({
      number: "411000",
      label: "Clients",
      labelEn: "Customers",
      lettrable: true,
      collective: true,
    });
    expect(pcgAccountsByNumber.get("999999")).toBeUndefined();
  });

  it("is frozen, so no organisation can alter the shared template", () => {
    expect(Object.isFrozen(pcgTemplate)).toBe(true);
    expect(Object.isFrozen(pcgTemplate[0])).toBe(true);
  });

  it("accountClass answers the first digit, 1 to 8, and refuses anything else", () => {
    expect(accountClass("101000")).toBe(1);
    expect(accountClass("218300")).toBe(2);
    expect(accountClass("370000")).toBe(3);
    expect(accountClass("411000")).toBe(4);
    expect(accountClass("512000")).toBe(5);
    expect(accountClass("607000")).toBe(6);
    expect(accountClass("706000")).toBe(7);
    expect(accountClass("801000")).toBe(8);
    expect(accountClass("44571")).toBe(4);
    for (const account of pcgTemplate) expect(accountClass(account.number)).toBe(Number(account.number[0]));
    for (const bad of ["", "012345", "901000", "a11000", " 411000"])
      expect(() => accountClass(bad), bad).toThrow(RangeError);
  });
});
