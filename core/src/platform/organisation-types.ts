/**
 * The kinds of organisation Registre keeps books for: the French legal forms, by their INSEE code
 * (catégorie juridique, level III), with whether the profits pay corporation tax (IS) by default or
 * the owners' income tax (IR), and whether the books may be kept on a cash basis (the micro regimes).
 */
export type OrganisationType = {
  readonly code: string;
  readonly short: string;
  readonly labelFr: string;
  readonly labelEn: string;
  readonly tax: "IS" | "IR";
};

export const organisationTypes: readonly OrganisationType[] = [
  {
    code: "1000",
    short: "EI",
    labelFr: "Entreprise individuelle",
    labelEn: "Sole proprietorship",
    tax: "IR",
  },
  {
    code: "1000-micro",
    short: "ME",
    labelFr: "Micro-entreprise",
    labelEn: "Micro-enterprise (sole proprietor, micro regime)",
    tax: "IR",
  },
  {
    code: "5498",
    short: "EURL",
    labelFr: "Entreprise unipersonnelle à responsabilité limitée",
    labelEn: "Single-member limited liability company",
    tax: "IR",
  },
  {
    code: "5499",
    short: "SARL",
    labelFr: "Société à responsabilité limitée",
    labelEn: "Limited liability company",
    tax: "IS",
  },
  {
    code: "5710",
    short: "SAS",
    labelFr: "Société par actions simplifiée",
    labelEn: "Simplified joint-stock company",
    tax: "IS",
  },
  {
    code: "5720",
    short: "SASU",
    labelFr: "Société par actions simplifiée unipersonnelle",
    labelEn: "Single-shareholder simplified joint-stock company",
    tax: "IS",
  },
  { code: "5599", short: "SA", labelFr: "Société anonyme", labelEn: "Public limited company", tax: "IS" },
  {
    code: "5202",
    short: "SNC",
    labelFr: "Société en nom collectif",
    labelEn: "General partnership",
    tax: "IR",
  },
  {
    code: "6540",
    short: "SCI",
    labelFr: "Société civile immobilière",
    labelEn: "Property holding partnership",
    tax: "IR",
  },
  {
    code: "6589",
    short: "SCM",
    labelFr: "Société civile de moyens",
    labelEn: "Professional resource-sharing partnership",
    tax: "IR",
  },
  {
    code: "5458",
    short: "SELARL",
    labelFr: "Société d’exercice libéral à responsabilité limitée",
    labelEn: "Professional limited liability company",
    tax: "IS",
  },
  {
    code: "9220",
    short: "Association",
    labelFr: "Association déclarée",
    labelEn: "Registered association",
    tax: "IS",
  },
];
