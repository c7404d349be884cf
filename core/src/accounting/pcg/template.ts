/**
 * The French chart of accounts (Plan comptable général, ANC regulation 2014-03 as amended by
 * regulation 2022-06, in force for fiscal years opened from 1 January 2025) as the template Registre
 * copies into a new organisation.
 *
 * Accounts are written on 6 digits, as French accounting software ships them: a 3-, 4- or 5-digit PCG
 * account is padded with zeros on the right (101 -> 101000, 1061 -> 106100, 44571 -> 445710), and a
 * subdivision the PCG leaves free takes the next 6-digit slot (445711 for VAT collected at 10 %).
 * Labels are the PCG's wording in sentence case, with the plain ASCII apostrophe so they travel
 * unchanged into the FEC and CSV exports.
 *
 * Reflects the 2025 reform: no more "transferts de charges" (791/796/797), disposals of intangible and
 * tangible fixed assets in 657/757 and of financial ones in 6671/7671 (instead of 675/775), investment
 * grants released through 747 (instead of 777), provisions for charges under 152, commercial foreign
 * exchange differences in 656/756, 481 for loan issue costs.
 */

export type TemplateAccount = {
  /** 6 digits, e.g. "411000". */
  readonly number: string;
  /** French label (official PCG wording, sentence case). */
  readonly label: string;
  /** English label. */
  readonly labelEn: string;
  /** Lettering (matching of lines) allowed: third parties, staff, VAT due, other debtors and creditors, internal transfers, suspense. */
  readonly lettrable: boolean;
  /** Third-party control account whose lines carry an auxiliary account (one per customer or supplier). */
  readonly collective: boolean;
};

export const PCG_TEMPLATE_ID = "pcg-2025";

/** Accounts whose lines may be lettered: every account starting with one of these. */
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
  // VAT due: a return's due is lettered with the payment of it (the VAT return's state "paid").
  "445510",
  "467",
  "58",
  "471",
] as const;

/** Control accounts carrying auxiliary (sub-ledger) accounts. */
const COLLECTIVE_ACCOUNTS: ReadonlySet<string> = new Set([
  "401000",
  "403000",
  "404000",
  "411000",
  "413000",
  "416000",
]);

/** [number, French label, English label] */
type Row = readonly [string, string, string];

const rows: readonly Row[] = [
  // ── Class 1: equity, provisions, borrowings ──────────────────────────────────────────────────────
  // 10 Capital et réserves
  ["101000", "Capital", "Capital"],
  ["101100", "Capital souscrit - non appelé", "Subscribed capital - uncalled"],
  ["101200", "Capital souscrit - appelé, non versé", "Subscribed capital - called up, unpaid"],
  ["101300", "Capital souscrit - appelé, versé", "Subscribed capital - called up, paid"],
  ["101310", "Capital non amorti", "Capital not redeemed"],
  ["101320", "Capital amorti", "Capital redeemed"],
  [
    "101800",
    "Capital souscrit soumis à des réglementations particulières",
    "Subscribed capital subject to specific regulations",
  ],
  ["102000", "Fonds fiduciaires", "Trust funds"],
  ["104100", "Primes d'émission", "Share premiums"],
  ["104200", "Primes de fusion", "Merger premiums"],
  ["104300", "Primes d'apport", "Contribution premiums"],
  ["104400", "Primes de conversion d'obligations en actions", "Premiums on conversion of bonds into shares"],
  ["104500", "Bons de souscription d'actions", "Share subscription warrants"],
  ["105000", "Écarts de réévaluation", "Revaluation surplus"],
  ["106100", "Réserve légale", "Legal reserve"],
  ["106200", "Réserves indisponibles", "Non-distributable reserves"],
  ["106300", "Réserves statutaires ou contractuelles", "Statutory or contractual reserves"],
  ["106400", "Réserves réglementées", "Regulated reserves"],
  ["106800", "Autres réserves", "Other reserves"],
  ["107000", "Écart d'équivalence", "Equity-method difference"],
  ["108000", "Compte de l'exploitant", "Owner's drawings account"],
  ["109000", "Actionnaires : capital souscrit - non appelé", "Shareholders: subscribed capital uncalled"],
  // 11 Report à nouveau
  ["110000", "Report à nouveau (solde créditeur)", "Retained earnings (credit balance)"],
  ["119000", "Report à nouveau (solde débiteur)", "Retained earnings (debit balance)"],
  // 12 Résultat de l'exercice
  ["120000", "Résultat de l'exercice (bénéfice)", "Profit for the year"],
  ["129000", "Résultat de l'exercice (perte)", "Loss for the year"],
  // 13 Subventions d'investissement
  ["131000", "Subventions d'équipement", "Equipment grants"],
  ["138000", "Autres subventions d'investissement", "Other investment grants"],
  [
    "139000",
    "Subventions d'investissement inscrites au compte de résultat",
    "Investment grants released to profit or loss",
  ],
  // 14 Provisions réglementées
  ["143000", "Provisions réglementées relatives aux stocks", "Regulated provisions for inventories"],
  ["145000", "Amortissements dérogatoires", "Accelerated tax depreciation"],
  ["148000", "Autres provisions réglementées", "Other regulated provisions"],
  // 15 Provisions
  ["151100", "Provisions pour litiges", "Provisions for litigation"],
  ["151200", "Provisions pour garanties données aux clients", "Provisions for customer warranties"],
  ["151400", "Provisions pour amendes et pénalités", "Provisions for fines and penalties"],
  ["151500", "Provisions pour pertes de change", "Provisions for foreign exchange losses"],
  ["151600", "Provisions pour pertes sur contrats", "Provisions for losses on contracts"],
  ["151800", "Autres provisions pour risques", "Other provisions for risks"],
  [
    "152100",
    "Provisions pour pensions et obligations similaires",
    "Provisions for pensions and similar obligations",
  ],
  ["152200", "Provisions pour restructurations", "Provisions for restructuring"],
  ["152300", "Provisions pour impôts", "Provisions for taxes"],
  [
    "152400",
    "Provisions pour renouvellement des immobilisations (entités concessionnaires)",
    "Provisions for renewal of fixed assets (concession holders)",
  ],
  [
    "152500",
    "Provisions pour gros entretien ou grandes révisions",
    "Provisions for major maintenance and overhauls",
  ],
  ["152600", "Provisions pour remise en état", "Provisions for site restoration"],
  ["152700", "Autres provisions pour charges", "Other provisions for charges"],
  // 16 Emprunts et dettes assimilées
  ["161000", "Emprunts obligataires convertibles", "Convertible bonds"],
  [
    "162000",
    "Obligations représentatives de passifs nets remis en fiducie",
    "Bonds representing net liabilities placed in trust",
  ],
  ["163000", "Autres emprunts obligataires", "Other bonds"],
  ["164000", "Emprunts auprès des établissements de crédit", "Borrowings from credit institutions"],
  ["165100", "Dépôts reçus", "Deposits received"],
  ["165500", "Cautionnements reçus", "Guarantee deposits received"],
  ["166100", "Participation des salariés - Comptes bloqués", "Employee profit sharing - Blocked accounts"],
  ["166200", "Participation des salariés - Fonds de participation", "Employee profit sharing - Funds"],
  ["167100", "Émissions de titres participatifs", "Participating securities issued"],
  ["167400", "Avances conditionnées de l'État", "Conditional advances from the State"],
  ["167500", "Emprunts participatifs", "Participating loans received"],
  ["168100", "Autres emprunts", "Other borrowings"],
  ["168500", "Rentes viagères capitalisées", "Capitalised life annuities"],
  ["168700", "Autres dettes", "Other debts"],
  ["168800", "Intérêts courus sur emprunts et dettes", "Accrued interest on borrowings and debts"],
  ["169000", "Primes de remboursement des obligations", "Bond redemption premiums"],
  // 17 Dettes rattachées à des participations
  ["171000", "Dettes rattachées à des participations (groupe)", "Debts related to equity interests (group)"],
  [
    "174000",
    "Dettes rattachées à des participations (hors groupe)",
    "Debts related to equity interests (non-group)",
  ],
  ["178000", "Dettes rattachées à des sociétés en participation", "Debts related to joint ventures"],
  // 18 Comptes de liaison des établissements et sociétés en participation
  ["181000", "Comptes de liaison des établissements", "Branch liaison accounts"],
  [
    "186000",
    "Biens et prestations de services échangés entre établissements (charges)",
    "Goods and services exchanged between branches (expenses)",
  ],
  [
    "187000",
    "Biens et prestations de services échangés entre établissements (produits)",
    "Goods and services exchanged between branches (income)",
  ],
  ["188000", "Comptes de liaison des sociétés en participation", "Joint venture liaison accounts"],

  // ── Class 2: fixed assets ────────────────────────────────────────────────────────────────────────
  // 20 Immobilisations incorporelles
  ["201100", "Frais de constitution", "Incorporation costs"],
  ["201200", "Frais de premier établissement", "Start-up costs"],
  [
    "201300",
    "Frais d'augmentation de capital et d'opérations diverses",
    "Capital increase and other transaction costs",
  ],
  ["203000", "Frais de développement", "Development costs"],
  [
    "205000",
    "Concessions et droits similaires, brevets, licences, marques, procédés, logiciels, droits et valeurs similaires",
    "Concessions, patents, licences, trademarks, processes, software and similar rights",
  ],
  ["206000", "Droit au bail", "Leasehold rights"],
  ["207000", "Fonds commercial", "Goodwill"],
  ["208000", "Autres immobilisations incorporelles", "Other intangible assets"],
  ["208100", "Mali de fusion sur actifs incorporels", "Merger deficit on intangible assets"],
  // 21 Immobilisations corporelles
  ["211100", "Terrains nus", "Undeveloped land"],
  ["211200", "Terrains aménagés", "Serviced land"],
  ["211300", "Sous-sols et sur-sols", "Subsoil and air rights"],
  ["211400", "Terrains de carrières (tréfonds)", "Quarry land"],
  ["211500", "Terrains bâtis", "Built-on land"],
  ["212000", "Agencements et aménagements de terrains", "Land improvements"],
  ["213100", "Bâtiments", "Buildings"],
  [
    "213500",
    "Installations générales, agencements, aménagements des constructions",
    "Building fixtures and fittings",
  ],
  ["213800", "Ouvrages d'infrastructure", "Infrastructure works"],
  ["214000", "Constructions sur sol d'autrui", "Buildings on third-party land"],
  ["215100", "Installations complexes spécialisées", "Specialised complex installations"],
  ["215300", "Installations à caractère spécifique", "Installations of a specific nature"],
  ["215400", "Matériel industriel", "Industrial equipment"],
  ["215500", "Outillage industriel", "Industrial tools"],
  [
    "215700",
    "Agencements et aménagements du matériel et outillage industriels",
    "Fittings of industrial equipment and tools",
  ],
  [
    "218100",
    "Installations générales, agencements, aménagements divers",
    "General installations, fixtures and fittings",
  ],
  ["218200", "Matériel de transport", "Vehicles"],
  ["218300", "Matériel de bureau et matériel informatique", "Office and IT equipment"],
  ["218400", "Mobilier", "Furniture"],
  ["218500", "Cheptel", "Livestock"],
  ["218600", "Emballages récupérables", "Returnable packaging"],
  ["218700", "Mali de fusion sur actifs corporels", "Merger deficit on tangible assets"],
  // 22 Immobilisations mises en concession
  ["220000", "Immobilisations mises en concession", "Fixed assets under concession"],
  // 23 Immobilisations en cours
  ["231000", "Immobilisations corporelles en cours", "Tangible assets under construction"],
  ["232000", "Immobilisations incorporelles en cours", "Intangible assets in progress"],
  [
    "237000",
    "Avances et acomptes versés sur immobilisations incorporelles",
    "Advances paid on intangible assets",
  ],
  [
    "238000",
    "Avances et acomptes versés sur commandes d'immobilisations corporelles",
    "Advances paid on orders of tangible assets",
  ],
  // 26 Participations et créances rattachées à des participations
  ["261100", "Titres de participation - Actions", "Equity interests - Shares"],
  ["261800", "Titres de participation - Autres titres", "Equity interests - Other securities"],
  ["262000", "Titres évalués par équivalence", "Equity-method securities"],
  ["266000", "Autres formes de participation", "Other equity interests"],
  ["267000", "Créances rattachées à des participations", "Receivables related to equity interests"],
  ["268000", "Créances rattachées à des sociétés en participation", "Receivables related to joint ventures"],
  [
    "269000",
    "Versements restant à effectuer sur titres de participation non libérés",
    "Unpaid instalments on equity interests",
  ],
  // 27 Autres immobilisations financières
  ["271100", "Titres immobilisés - Actions", "Long-term investments - Shares"],
  ["271800", "Titres immobilisés - Autres titres", "Long-term investments - Other securities"],
  ["272100", "Titres immobilisés - Obligations", "Long-term investments - Bonds"],
  ["272200", "Titres immobilisés - Bons", "Long-term investments - Notes"],
  ["273000", "Titres immobilisés de l'activité de portefeuille", "Long-term portfolio investment securities"],
  ["274100", "Prêts participatifs", "Participating loans granted"],
  ["274200", "Prêts aux associés", "Loans to partners"],
  ["274300", "Prêts au personnel", "Loans to employees"],
  ["274800", "Autres prêts", "Other loans granted"],
  ["275100", "Dépôts versés", "Deposits paid"],
  ["275500", "Cautionnements versés", "Guarantee deposits paid"],
  ["276100", "Créances diverses immobilisées", "Other long-term receivables"],
  ["276800", "Intérêts courus sur créances immobilisées", "Accrued interest on long-term receivables"],
  ["277100", "Actions propres ou parts propres", "Treasury shares"],
  [
    "277200",
    "Actions propres ou parts propres en voie d'annulation",
    "Treasury shares awaiting cancellation",
  ],
  ["278000", "Mali de fusion sur actifs financiers", "Merger deficit on financial assets"],
  [
    "279000",
    "Versements restant à effectuer sur titres immobilisés non libérés",
    "Unpaid instalments on long-term investments",
  ],
  // 28 Amortissements des immobilisations
  ["280100", "Amortissements des frais d'établissement", "Amortisation of start-up costs"],
  ["280300", "Amortissements des frais de développement", "Amortisation of development costs"],
  [
    "280500",
    "Amortissements des concessions, brevets, licences, logiciels et droits similaires",
    "Amortisation of concessions, patents, licences, software and similar rights",
  ],
  ["280700", "Amortissements du fonds commercial", "Amortisation of goodwill"],
  [
    "280800",
    "Amortissements des autres immobilisations incorporelles",
    "Amortisation of other intangible assets",
  ],
  [
    "281200",
    "Amortissements des agencements et aménagements de terrains",
    "Depreciation of land improvements",
  ],
  ["281310", "Amortissements des bâtiments", "Depreciation of buildings"],
  [
    "281350",
    "Amortissements des installations générales, agencements, aménagements des constructions",
    "Depreciation of building fixtures and fittings",
  ],
  [
    "281400",
    "Amortissements des constructions sur sol d'autrui",
    "Depreciation of buildings on third-party land",
  ],
  [
    "281500",
    "Amortissements des installations techniques, matériel et outillage industriels",
    "Depreciation of plant, machinery and tools",
  ],
  [
    "281810",
    "Amortissements des installations générales, agencements, aménagements divers",
    "Depreciation of general installations, fixtures and fittings",
  ],
  ["281820", "Amortissements du matériel de transport", "Depreciation of vehicles"],
  [
    "281830",
    "Amortissements du matériel de bureau et matériel informatique",
    "Depreciation of office and IT equipment",
  ],
  ["281840", "Amortissements du mobilier", "Depreciation of furniture"],
  ["281850", "Amortissements du cheptel", "Depreciation of livestock"],
  ["281860", "Amortissements des emballages récupérables", "Depreciation of returnable packaging"],
  [
    "282000",
    "Amortissements des immobilisations mises en concession",
    "Depreciation of fixed assets under concession",
  ],
  // 29 Dépréciations des immobilisations
  [
    "290500",
    "Dépréciations des marques, procédés, droits et valeurs similaires",
    "Impairment of trademarks, processes and similar rights",
  ],
  ["290600", "Dépréciations du droit au bail", "Impairment of leasehold rights"],
  ["290700", "Dépréciations du fonds commercial", "Impairment of goodwill"],
  [
    "290800",
    "Dépréciations des autres immobilisations incorporelles",
    "Impairment of other intangible assets",
  ],
  ["291100", "Dépréciations des terrains", "Impairment of land"],
  [
    "293100",
    "Dépréciations des immobilisations corporelles en cours",
    "Impairment of tangible assets under construction",
  ],
  [
    "293200",
    "Dépréciations des immobilisations incorporelles en cours",
    "Impairment of intangible assets in progress",
  ],
  ["296100", "Dépréciations des titres de participation", "Impairment of equity interests"],
  ["296600", "Dépréciations des autres formes de participation", "Impairment of other equity interests"],
  [
    "296700",
    "Dépréciations des créances rattachées à des participations",
    "Impairment of receivables related to equity interests",
  ],
  [
    "296800",
    "Dépréciations des créances rattachées à des sociétés en participation",
    "Impairment of receivables related to joint ventures",
  ],
  [
    "297100",
    "Dépréciations des titres immobilisés - droit de propriété",
    "Impairment of long-term equity investments",
  ],
  [
    "297200",
    "Dépréciations des titres immobilisés - droit de créance",
    "Impairment of long-term debt investments",
  ],
  [
    "297300",
    "Dépréciations des titres immobilisés de l'activité de portefeuille",
    "Impairment of portfolio investment securities",
  ],
  ["297400", "Dépréciations des prêts", "Impairment of loans granted"],
  [
    "297500",
    "Dépréciations des dépôts et cautionnements versés",
    "Impairment of deposits and guarantees paid",
  ],
  ["297600", "Dépréciations des autres créances immobilisées", "Impairment of other long-term receivables"],

  // ── Class 3: inventories and work in progress ────────────────────────────────────────────────────
  ["310000", "Matières premières (et fournitures)", "Raw materials (and supplies)"],
  ["321000", "Matières consommables", "Consumable materials"],
  ["322000", "Fournitures consommables", "Consumable supplies"],
  ["326000", "Emballages", "Packaging"],
  ["331000", "Produits en cours", "Products in progress"],
  ["335000", "Travaux en cours", "Works in progress"],
  ["341000", "Études en cours", "Studies in progress"],
  ["345000", "Prestations de services en cours", "Services in progress"],
  ["351000", "Produits intermédiaires", "Semi-finished products"],
  ["355000", "Produits finis", "Finished products"],
  [
    "358000",
    "Produits résiduels (ou matières de récupération)",
    "Residual products (or recovered materials)",
  ],
  ["360000", "Stocks provenant d'immobilisations", "Inventories from fixed assets"],
  ["370000", "Stocks de marchandises", "Goods for resale"],
  [
    "380000",
    "Stocks en voie d'acheminement, mis en dépôt ou donnés en consignation",
    "Inventories in transit, on deposit or on consignment",
  ],
  [
    "391000",
    "Dépréciations des matières premières (et fournitures)",
    "Impairment of raw materials (and supplies)",
  ],
  ["392000", "Dépréciations des autres approvisionnements", "Impairment of other supplies"],
  ["393000", "Dépréciations des en-cours de production de biens", "Impairment of goods in progress"],
  ["394000", "Dépréciations des en-cours de production de services", "Impairment of services in progress"],
  ["395000", "Dépréciations des stocks de produits", "Impairment of product inventories"],
  ["397000", "Dépréciations des stocks de marchandises", "Impairment of goods for resale"],

  // ── Class 4: third parties ───────────────────────────────────────────────────────────────────────
  // 40 Fournisseurs et comptes rattachés
  ["401000", "Fournisseurs", "Suppliers"],
  ["401700", "Fournisseurs - Retenues de garantie", "Suppliers - Retentions"],
  ["403000", "Fournisseurs - Effets à payer", "Suppliers - Bills payable"],
  ["404000", "Fournisseurs d'immobilisations", "Fixed-asset suppliers"],
  ["404700", "Fournisseurs d'immobilisations - Retenues de garantie", "Fixed-asset suppliers - Retentions"],
  ["405000", "Fournisseurs d'immobilisations - Effets à payer", "Fixed-asset suppliers - Bills payable"],
  ["408000", "Fournisseurs - Factures non parvenues", "Suppliers - Invoices not yet received"],
  ["408100", "Fournisseurs - Factures non parvenues (exploitation)", "Suppliers - Invoices not yet received"],
  [
    "408400",
    "Fournisseurs d'immobilisations - Factures non parvenues",
    "Fixed-asset suppliers - Invoices not yet received",
  ],
  ["408800", "Fournisseurs - Intérêts courus", "Suppliers - Accrued interest"],
  [
    "409100",
    "Fournisseurs - Avances et acomptes versés sur commandes",
    "Suppliers - Advances paid on orders",
  ],
  [
    "409600",
    "Fournisseurs - Créances pour emballages et matériel à rendre",
    "Suppliers - Returnable packaging and equipment receivable",
  ],
  ["409710", "Fournisseurs d'exploitation - Autres avoirs", "Trade suppliers - Other credit notes"],
  ["409740", "Fournisseurs d'immobilisations - Autres avoirs", "Fixed-asset suppliers - Other credit notes"],
  [
    "409800",
    "Rabais, remises, ristournes à obtenir et autres avoirs non encore reçus",
    "Rebates and credit notes receivable",
  ],
  // 41 Clients et comptes rattachés
  ["411000", "Clients", "Customers"],
  ["411700", "Clients - Retenues de garantie", "Customers - Retentions"],
  ["413000", "Clients - Effets à recevoir", "Customers - Bills receivable"],
  ["416000", "Clients douteux ou litigieux", "Doubtful or disputed customers"],
  ["418000", "Clients - Produits non encore facturés", "Customers - Income not yet invoiced"],
  ["418100", "Clients - Factures à établir", "Customers - Invoices to be issued"],
  ["418800", "Clients - Intérêts courus", "Customers - Accrued interest"],
  ["419100", "Clients - Avances et acomptes reçus sur commandes", "Customers - Advances received on orders"],
  [
    "419600",
    "Clients - Dettes sur emballages et matériels consignés",
    "Customers - Deposits on returnable packaging and equipment",
  ],
  ["419700", "Clients - Autres avoirs", "Customers - Other credit notes"],
  [
    "419800",
    "Rabais, remises, ristournes à accorder et autres avoirs à établir",
    "Rebates and credit notes to be issued",
  ],
  // 42 Personnel et comptes rattachés
  ["421000", "Personnel - Rémunérations dues", "Staff - Wages payable"],
  ["422000", "Comité social et économique", "Works council"],
  ["424600", "Participation des salariés - Réserve spéciale", "Employee profit sharing - Special reserve"],
  ["424800", "Participation des salariés - Comptes courants", "Employee profit sharing - Current accounts"],
  ["425000", "Personnel - Avances et acomptes", "Staff - Advances"],
  ["426000", "Personnel - Dépôts", "Staff - Deposits"],
  ["427000", "Personnel - Oppositions", "Staff - Garnishments"],
  ["428200", "Dettes provisionnées pour congés à payer", "Accrued holiday pay"],
  [
    "428400",
    "Dettes provisionnées pour participation des salariés aux résultats",
    "Accrued employee profit sharing",
  ],
  ["428600", "Personnel - Autres charges à payer", "Staff - Other accrued expenses"],
  ["428700", "Personnel - Produits à recevoir", "Staff - Accrued income"],
  // 43 Sécurité sociale et autres organismes sociaux
  ["431000", "Sécurité sociale", "Social security"],
  ["437000", "Autres organismes sociaux", "Other social bodies"],
  ["438200", "Charges sociales sur congés à payer", "Social charges on accrued holiday pay"],
  ["438600", "Organismes sociaux - Autres charges à payer", "Social bodies - Other accrued expenses"],
  ["438700", "Organismes sociaux - Produits à recevoir", "Social bodies - Accrued income"],
  // 44 État et autres collectivités publiques
  ["441000", "État - Subventions à recevoir", "State - Grants receivable"],
  ["442100", "Prélèvements à la source (impôt sur le revenu)", "Income tax withheld at source"],
  ["442300", "Retenues et prélèvements sur les distributions", "Withholding tax on distributions"],
  [
    "443000",
    "Opérations particulières avec l'État, les collectivités publiques, les organismes internationaux",
    "Special transactions with the State and public bodies",
  ],
  ["444000", "État - Impôts sur les bénéfices", "State - Corporate income tax"],
  ["445200", "TVA due intracommunautaire", "Intra-EU VAT due"],
  ["445510", "TVA à décaisser", "VAT payable"],
  ["445580", "Taxes assimilées à la TVA à décaisser", "Taxes similar to VAT payable"],
  ["445620", "TVA déductible sur immobilisations", "Deductible VAT on fixed assets"],
  ["445630", "TVA transférée par d'autres entités", "VAT transferred by other entities"],
  ["445640", "TVA déductible sur encaissements", "Deductible VAT awaiting payment"],
  ["445660", "TVA déductible sur autres biens et services", "Deductible VAT on other goods and services"],
  ["445662", "TVA déductible intracommunautaire", "Deductible intra-EU VAT"],
  ["445670", "Crédit de TVA à reporter", "VAT credit carried forward"],
  ["445680", "Taxes assimilées à la TVA déductibles", "Deductible taxes similar to VAT"],
  ["445710", "TVA collectée 20 %", "VAT collected"],
  ["445711", "TVA collectée 10 %", "VAT collected 10 %"],
  ["445712", "TVA collectée 5,5 %", "VAT collected 5.5 %"],
  ["445713", "TVA collectée 2,1 %", "VAT collected 2.1 %"],
  ["445740", "TVA collectée sur encaissements", "Collected VAT awaiting payment"],
  ["445780", "Taxes assimilées à la TVA collectées", "Collected taxes similar to VAT"],
  ["445810", "Acomptes - Régime simplifié d'imposition", "VAT instalments - Simplified regime"],
  ["445830", "Remboursement de taxes sur le chiffre d'affaires demandé", "VAT refund claimed"],
  ["445840", "TVA récupérée d'avance", "VAT recovered in advance"],
  [
    "445860",
    "Taxes sur le chiffre d'affaires sur factures non parvenues",
    "VAT on invoices not yet received",
  ],
  ["445870", "Taxes sur le chiffre d'affaires sur factures à établir", "VAT on invoices to be issued"],
  ["446000", "Obligations cautionnées", "Guaranteed bills (customs and tax)"],
  ["447000", "Autres impôts, taxes et versements assimilés", "Other taxes and similar levies"],
  ["448200", "Charges fiscales sur congés à payer", "Taxes on accrued holiday pay"],
  ["448600", "État - Charges à payer", "State - Accrued expenses"],
  ["448700", "État - Produits à recevoir", "State - Accrued income"],
  // 45 Groupe et associés
  ["451000", "Groupe", "Group companies"],
  ["455100", "Associés - Comptes courants - Principal", "Partners - Current accounts - Principal"],
  [
    "455800",
    "Associés - Comptes courants - Intérêts courus",
    "Partners - Current accounts - Accrued interest",
  ],
  ["456110", "Associés - Apports en nature", "Partners - Contributions in kind"],
  ["456150", "Associés - Apports en numéraire", "Partners - Cash contributions"],
  [
    "456210",
    "Actionnaires - Capital souscrit et appelé, non versé",
    "Shareholders - Subscribed capital called up, unpaid",
  ],
  ["456250", "Associés - Capital appelé, non versé", "Partners - Capital called up, unpaid"],
  [
    "456300",
    "Associés - Versements reçus sur augmentation de capital",
    "Partners - Payments received for capital increase",
  ],
  ["456400", "Associés - Versements anticipés", "Partners - Advance payments"],
  ["456600", "Actionnaires défaillants", "Defaulting shareholders"],
  ["456700", "Associés - Capital à rembourser", "Partners - Capital to be repaid"],
  ["457000", "Associés - Dividendes à payer", "Partners - Dividends payable"],
  [
    "458100",
    "Associés - Opérations faites en commun et en GIE - Opérations courantes",
    "Partners - Joint operations and EIG - Current transactions",
  ],
  [
    "458800",
    "Associés - Opérations faites en commun et en GIE - Intérêts courus",
    "Partners - Joint operations and EIG - Accrued interest",
  ],
  // 46 Débiteurs divers et créditeurs divers
  ["462000", "Créances sur cessions d'immobilisations", "Receivables on disposals of fixed assets"],
  [
    "464000",
    "Dettes sur acquisitions de valeurs mobilières de placement",
    "Payables on purchases of marketable securities",
  ],
  [
    "465000",
    "Créances sur cessions de valeurs mobilières de placement",
    "Receivables on disposals of marketable securities",
  ],
  ["467000", "Autres comptes débiteurs ou créditeurs", "Other debtors and creditors"],
  ["468600", "Divers - Charges à payer", "Sundry accrued expenses"],
  ["468700", "Divers - Produits à recevoir", "Sundry accrued income"],
  // 47 Comptes transitoires ou d'attente
  ["471000", "Compte d'attente", "Suspense account"],
  [
    "476100",
    "Différences de conversion actif - Diminution des créances",
    "Unrealised FX loss - Decrease in receivables",
  ],
  [
    "476200",
    "Différences de conversion actif - Augmentation des dettes",
    "Unrealised FX loss - Increase in payables",
  ],
  [
    "476800",
    "Différences de conversion actif - Différences compensées par couverture de change",
    "Unrealised FX loss - Offset by currency hedging",
  ],
  [
    "477100",
    "Différences de conversion passif - Augmentation des créances",
    "Unrealised FX gain - Increase in receivables",
  ],
  [
    "477200",
    "Différences de conversion passif - Diminution des dettes",
    "Unrealised FX gain - Decrease in payables",
  ],
  [
    "477800",
    "Différences de conversion passif - Différences compensées par couverture de change",
    "Unrealised FX gain - Offset by currency hedging",
  ],
  ["478000", "Autres comptes transitoires", "Other transitional accounts"],
  // 48 Comptes de régularisation
  ["481000", "Frais d'émission des emprunts", "Loan issue costs"],
  ["486000", "Charges constatées d'avance", "Prepaid expenses"],
  ["487000", "Produits constatés d'avance", "Deferred income"],
  ["488600", "Comptes de répartition périodique des charges", "Periodic allocation of expenses"],
  ["488700", "Comptes de répartition périodique des produits", "Periodic allocation of income"],
  // 49 Dépréciations des comptes de tiers
  ["491000", "Dépréciations des comptes de clients", "Impairment of customer receivables"],
  ["495100", "Dépréciations des comptes du groupe", "Impairment of group accounts"],
  ["495500", "Dépréciations des comptes courants d'associés", "Impairment of partners' current accounts"],
  [
    "495800",
    "Dépréciations des opérations faites en commun et en GIE",
    "Impairment of joint operations and EIG",
  ],
  [
    "496200",
    "Dépréciations des créances sur cessions d'immobilisations",
    "Impairment of receivables on disposals of fixed assets",
  ],
  [
    "496500",
    "Dépréciations des créances sur cessions de valeurs mobilières de placement",
    "Impairment of receivables on disposals of marketable securities",
  ],
  ["496700", "Dépréciations des autres comptes débiteurs", "Impairment of other receivables"],

  // ── Class 5: financial accounts ──────────────────────────────────────────────────────────────────
  // 50 Valeurs mobilières de placement
  ["502000", "Actions propres", "Treasury shares (short-term)"],
  ["503100", "Actions - Titres cotés", "Shares - Listed"],
  ["503500", "Actions - Titres non cotés", "Shares - Unlisted"],
  ["504000", "Autres titres conférant un droit de propriété", "Other securities conferring ownership rights"],
  [
    "505000",
    "Obligations et bons émis par la société et rachetés par elle",
    "Own bonds and notes repurchased",
  ],
  ["506100", "Obligations - Titres cotés", "Bonds - Listed"],
  ["506500", "Obligations - Titres non cotés", "Bonds - Unlisted"],
  ["507000", "Bons du Trésor et bons de caisse à court terme", "Treasury bills and short-term notes"],
  ["508100", "Autres valeurs mobilières", "Other marketable securities"],
  ["508200", "Bons de souscription", "Subscription warrants"],
  [
    "508800",
    "Intérêts courus sur obligations, bons et valeurs assimilés",
    "Accrued interest on bonds, notes and similar securities",
  ],
  [
    "509000",
    "Versements restant à effectuer sur valeurs mobilières de placement non libérées",
    "Unpaid instalments on marketable securities",
  ],
  // 51 Banques, établissements financiers et assimilés
  ["511100", "Coupons échus à l'encaissement", "Coupons due for collection"],
  ["511200", "Chèques à encaisser", "Cheques for collection"],
  ["511300", "Effets à l'encaissement", "Bills for collection"],
  ["511400", "Effets à l'escompte", "Bills for discount"],
  ["512000", "Banque", "Bank"],
  ["512400", "Banque - Comptes en devises", "Bank - Foreign currency accounts"],
  ["514000", "Chèques postaux", "Postal cheque account"],
  ["515000", "Caisses du Trésor et des établissements publics", "Treasury and public body accounts"],
  ["516000", "Sociétés de bourse", "Stockbrokers"],
  ["517000", "Autres organismes financiers", "Other financial institutions"],
  ["518100", "Intérêts courus à payer", "Accrued interest payable"],
  ["518800", "Intérêts courus à recevoir", "Accrued interest receivable"],
  ["519000", "Concours bancaires courants", "Bank overdrafts"],
  ["519100", "Crédit de mobilisation de créances commerciales", "Commercial receivables financing"],
  ["519300", "Mobilisation de créances nées à l'étranger", "Foreign receivables financing"],
  ["519800", "Intérêts courus sur concours bancaires courants", "Accrued interest on bank overdrafts"],
  // 52 Instruments financiers à terme et jetons détenus
  ["521000", "Instruments financiers à terme", "Forward financial instruments"],
  ["522000", "Jetons détenus", "Tokens held"],
  // 53 Caisse
  ["530000", "Caisse", "Cash"],
  // 54 Régies d'avances et accréditifs
  ["540000", "Régies d'avances et accréditifs", "Imprest accounts and letters of credit"],
  // 58 Virements internes
  ["580000", "Virements internes", "Internal transfers"],
  // 59 Dépréciations des comptes financiers
  ["590300", "Dépréciations des actions", "Impairment of shares"],
  [
    "590400",
    "Dépréciations des autres titres conférant un droit de propriété",
    "Impairment of other securities conferring ownership rights",
  ],
  ["590600", "Dépréciations des obligations", "Impairment of bonds"],
  [
    "590800",
    "Dépréciations des autres valeurs mobilières de placement et créances assimilées",
    "Impairment of other marketable securities",
  ],

  // ── Class 6: expenses ────────────────────────────────────────────────────────────────────────────
  // 60 Achats
  [
    "601000",
    "Achats stockés - Matières premières (et fournitures)",
    "Purchases of raw materials (and supplies)",
  ],
  ["602000", "Achats stockés - Autres approvisionnements", "Purchases of other stocked supplies"],
  ["602100", "Achats stockés - Matières consommables", "Purchases of consumable materials"],
  ["602210", "Achats stockés - Combustibles", "Purchases of fuels"],
  ["602220", "Achats stockés - Produits d'entretien", "Purchases of cleaning products"],
  [
    "602230",
    "Achats stockés - Fournitures d'atelier et d'usine",
    "Purchases of workshop and factory supplies",
  ],
  ["602240", "Achats stockés - Fournitures de magasin", "Purchases of store supplies"],
  ["602250", "Achats stockés - Fournitures de bureau", "Purchases of office supplies (stocked)"],
  ["602600", "Achats stockés - Emballages", "Purchases of packaging"],
  ["603000", "Variations des stocks (approvisionnements et marchandises)", "Changes in inventories"],
  [
    "603100",
    "Variation des stocks de matières premières (et fournitures)",
    "Change in raw materials inventory",
  ],
  ["603200", "Variation des stocks des autres approvisionnements", "Change in other supplies inventory"],
  ["603700", "Variation des stocks de marchandises", "Change in goods for resale inventory"],
  ["604000", "Achats d'études et prestations de services", "Purchases of studies and services"],
  ["605000", "Achats de matériel, équipements et travaux", "Purchases of equipment and works"],
  [
    "606000",
    "Achats non stockés de matière et fournitures",
    "Non-stocked purchases of materials and supplies",
  ],
  ["606100", "Fournitures non stockables (eau, énergie...)", "Non-storable supplies (water, energy...)"],
  ["606300", "Fournitures d'entretien et de petit équipement", "Maintenance supplies and small equipment"],
  ["606400", "Fournitures administratives", "Office supplies"],
  ["606800", "Autres matières et fournitures", "Other materials and supplies"],
  ["607000", "Achats de marchandises", "Purchases of goods for resale"],
  ["608000", "Frais accessoires d'achat", "Incidental purchase costs"],
  ["609000", "Rabais, remises et ristournes obtenus sur achats", "Rebates received on purchases"],
  [
    "609100",
    "Rabais, remises et ristournes obtenus sur achats de matières premières (et fournitures)",
    "Rebates received on raw materials",
  ],
  [
    "609200",
    "Rabais, remises et ristournes obtenus sur achats d'autres approvisionnements stockés",
    "Rebates received on other stocked supplies",
  ],
  [
    "609400",
    "Rabais, remises et ristournes obtenus sur achats d'études et prestations de services",
    "Rebates received on studies and services",
  ],
  [
    "609500",
    "Rabais, remises et ristournes obtenus sur achats de matériel, équipements et travaux",
    "Rebates received on equipment and works",
  ],
  [
    "609600",
    "Rabais, remises et ristournes obtenus sur achats d'approvisionnements non stockés",
    "Rebates received on non-stocked supplies",
  ],
  [
    "609700",
    "Rabais, remises et ristournes obtenus sur achats de marchandises",
    "Rebates received on goods for resale",
  ],
  ["609800", "Rabais, remises et ristournes non affectés", "Unallocated rebates received"],
  // 61 Services extérieurs
  ["611000", "Sous-traitance générale", "General subcontracting"],
  ["612200", "Redevances de crédit-bail mobilier", "Equipment lease payments"],
  ["612500", "Redevances de crédit-bail immobilier", "Property lease payments"],
  ["613000", "Locations", "Rentals"],
  ["613200", "Locations immobilières", "Property rentals"],
  ["613500", "Locations mobilières", "Equipment rentals"],
  ["614000", "Charges locatives et de copropriété", "Rental and co-ownership charges"],
  ["615000", "Entretien et réparations", "Maintenance and repairs"],
  ["615200", "Entretien et réparations sur biens immobiliers", "Maintenance and repairs of property"],
  ["615500", "Entretien et réparations sur biens mobiliers", "Maintenance and repairs of equipment"],
  ["615600", "Maintenance", "Maintenance contracts"],
  ["616000", "Primes d'assurances", "Insurance premiums"],
  ["616100", "Assurances multirisques", "Comprehensive insurance"],
  ["616200", "Assurance obligatoire dommage-construction", "Compulsory construction damage insurance"],
  ["616300", "Assurance transport", "Transport insurance"],
  ["616400", "Assurance risques d'exploitation", "Business risk insurance"],
  ["616500", "Assurance insolvabilité clients", "Credit insurance"],
  ["617000", "Études et recherches", "Studies and research"],
  ["618000", "Divers", "Miscellaneous external services"],
  ["618100", "Documentation générale", "General documentation"],
  ["618300", "Documentation technique", "Technical documentation"],
  ["618500", "Frais de colloques, séminaires, conférences", "Conferences and seminars"],
  [
    "619000",
    "Rabais, remises et ristournes obtenus sur services extérieurs",
    "Rebates received on external services",
  ],
  // 62 Autres services extérieurs
  ["621100", "Personnel intérimaire", "Temporary staff"],
  ["621400", "Personnel détaché ou prêté à l'entité", "Seconded staff"],
  ["622000", "Rémunérations d'intermédiaires et honoraires", "Intermediaries and fees"],
  ["622100", "Commissions et courtages sur achats", "Commissions on purchases"],
  ["622200", "Commissions et courtages sur ventes", "Commissions on sales"],
  ["622400", "Rémunérations des transitaires", "Forwarding agents"],
  ["622500", "Rémunérations d'affacturage", "Factoring fees"],
  ["622600", "Honoraires", "Professional fees"],
  ["622700", "Frais d'actes et de contentieux", "Legal and litigation costs"],
  ["622800", "Rémunérations d'intermédiaires et honoraires divers", "Other intermediaries and fees"],
  ["623000", "Publicité, publications, relations publiques", "Advertising and public relations"],
  ["623100", "Annonces et insertions", "Advertisements"],
  ["623200", "Échantillons", "Samples"],
  ["623300", "Foires et expositions", "Trade fairs and exhibitions"],
  ["623400", "Cadeaux à la clientèle", "Gifts to customers"],
  ["623500", "Primes", "Sales premiums"],
  ["623600", "Catalogues et imprimés", "Catalogues and printed matter"],
  ["623700", "Publications", "Publications"],
  ["623800", "Divers (pourboires, dons courants)", "Miscellaneous (tips, current donations)"],
  ["624000", "Transports de biens et transports collectifs du personnel", "Freight and staff transport"],
  ["624100", "Transports sur achats", "Freight on purchases"],
  ["624200", "Transports sur ventes", "Freight on sales"],
  ["624300", "Transports entre établissements ou chantiers", "Transport between sites"],
  ["624400", "Transports administratifs", "Administrative transport"],
  ["624700", "Transports collectifs du personnel", "Staff transport"],
  ["624800", "Transports divers", "Other transport"],
  ["625000", "Déplacements, missions et réceptions", "Travel, assignments and entertainment"],
  ["625100", "Voyages et déplacements", "Travel"],
  ["625500", "Frais de déménagement", "Removal costs"],
  ["625600", "Missions", "Assignments"],
  ["625700", "Réceptions", "Entertainment"],
  ["626000", "Frais postaux et frais de télécommunications", "Postage and telecommunications"],
  ["627000", "Services bancaires et assimilés", "Bank charges"],
  ["627100", "Frais sur titres (achat, vente, garde)", "Securities fees (purchase, sale, custody)"],
  ["627200", "Commissions et frais sur émission d'emprunts", "Loan issue fees"],
  ["627500", "Frais sur effets", "Charges on bills"],
  ["627600", "Location de coffres", "Safe deposit rental"],
  ["627800", "Autres frais et commissions sur prestations de services", "Other bank fees and commissions"],
  ["628000", "Divers", "Other external services"],
  ["628100", "Concours divers (cotisations...)", "Subscriptions and memberships"],
  ["628400", "Frais de recrutement de personnel", "Recruitment costs"],
  [
    "629000",
    "Rabais, remises et ristournes obtenus sur autres services extérieurs",
    "Rebates received on other external services",
  ],
  // 63 Impôts, taxes et versements assimilés
  ["631100", "Taxe sur les salaires", "Payroll tax"],
  [
    "631800",
    "Autres impôts, taxes et versements assimilés sur rémunérations (administrations des impôts)",
    "Other payroll taxes (tax authorities)",
  ],
  ["633100", "Versement de transport", "Transport levy"],
  [
    "633300",
    "Contribution unique des employeurs à la formation professionnelle",
    "Employers' vocational training contribution",
  ],
  [
    "633400",
    "Participation des employeurs à l'effort de construction",
    "Employers' housing construction contribution",
  ],
  [
    "633500",
    "Versements libératoires ouvrant droit à l'exonération de la taxe d'apprentissage",
    "Apprenticeship tax exemption payments",
  ],
  [
    "633800",
    "Autres impôts, taxes et versements assimilés sur rémunérations (autres organismes)",
    "Other payroll taxes (other bodies)",
  ],
  ["635110", "Contribution économique territoriale", "Territorial economic contribution"],
  ["635120", "Taxes foncières", "Property taxes"],
  ["635130", "Autres impôts locaux", "Other local taxes"],
  ["635140", "Taxe sur les véhicules des sociétés", "Company vehicle tax"],
  ["635200", "Taxes sur le chiffre d'affaires non récupérables", "Non-recoverable VAT"],
  ["635300", "Impôts indirects", "Indirect taxes"],
  ["635400", "Droits d'enregistrement et de timbre", "Registration and stamp duties"],
  ["635800", "Autres droits", "Other duties"],
  ["637100", "Contribution sociale de solidarité à la charge des sociétés", "Social solidarity contribution"],
  [
    "637200",
    "Taxes perçues par les organismes publics internationaux",
    "Taxes levied by international public bodies",
  ],
  ["637400", "Impôts et taxes exigibles à l'étranger", "Taxes payable abroad"],
  ["637800", "Taxes diverses", "Other taxes"],
  [
    "638000",
    "Rappel d'impôts (autres qu'impôts sur les bénéfices)",
    "Tax reassessments (other than income tax)",
  ],
  // 64 Charges de personnel
  ["641000", "Rémunérations du personnel", "Staff remuneration"],
  ["641100", "Salaires, appointements", "Salaries and wages"],
  ["641200", "Congés payés", "Holiday pay"],
  ["641300", "Primes et gratifications", "Bonuses"],
  ["641400", "Indemnités et avantages divers", "Allowances and other benefits"],
  ["641500", "Supplément familial", "Family supplement"],
  ["644000", "Rémunération du travail de l'exploitant", "Owner's remuneration"],
  ["645000", "Charges de sécurité sociale et de prévoyance", "Social security and welfare contributions"],
  ["645100", "Cotisations à l'URSSAF", "URSSAF contributions"],
  ["645200", "Cotisations aux mutuelles", "Mutual insurance contributions"],
  ["645300", "Cotisations aux caisses de retraites", "Pension fund contributions"],
  ["645400", "Cotisations à France Travail", "Unemployment insurance contributions"],
  ["645800", "Cotisations aux autres organismes sociaux", "Contributions to other social bodies"],
  ["646000", "Cotisations sociales personnelles de l'exploitant", "Owner's personal social contributions"],
  ["647000", "Autres charges sociales", "Other social charges"],
  ["647100", "Prestations directes", "Direct benefits"],
  ["647200", "Versements au comité social et économique", "Payments to the works council"],
  ["647400", "Versements aux autres œuvres sociales", "Payments to other welfare schemes"],
  ["647500", "Médecine du travail, pharmacie", "Occupational health"],
  ["648000", "Autres charges de personnel", "Other staff costs"],
  ["649000", "Remboursements de charges de personnel", "Staff cost reimbursements"],
  // 65 Autres charges de gestion courante
  [
    "651000",
    "Redevances pour concessions, brevets, licences, marques, procédés, logiciels, droits et valeurs similaires",
    "Royalties for concessions, patents, licences, trademarks, software and similar rights",
  ],
  [
    "653000",
    "Rémunérations de l'activité des administrateurs et des gérants",
    "Directors' and managers' remuneration",
  ],
  ["654000", "Pertes sur créances irrécouvrables", "Bad debts written off"],
  ["654100", "Pertes sur créances irrécouvrables de l'exercice", "Bad debts of the year"],
  ["654400", "Pertes sur créances irrécouvrables des exercices antérieurs", "Bad debts of prior years"],
  ["655000", "Quote-part de résultat sur opérations faites en commun", "Share of result on joint operations"],
  [
    "656000",
    "Pertes de change sur créances et dettes commerciales",
    "Exchange losses on trade receivables and payables",
  ],
  [
    "657000",
    "Valeurs comptables des immobilisations incorporelles et corporelles cédées",
    "Carrying amount of intangible and tangible assets disposed of",
  ],
  ["658000", "Charges diverses de gestion courante", "Other operating expenses"],
  [
    "658100",
    "Pénalités sur marchés (et dédits payés sur achats et ventes)",
    "Contract penalties (and forfeits paid)",
  ],
  ["658200", "Pénalités, amendes fiscales et pénales", "Tax and criminal penalties and fines"],
  ["658300", "Malis provenant de clauses d'indexation", "Losses on indexation clauses"],
  ["658400", "Lots", "Prizes"],
  // 66 Charges financières
  ["661000", "Charges d'intérêts", "Interest expense"],
  ["661100", "Intérêts des emprunts et dettes", "Interest on borrowings and debts"],
  [
    "661500",
    "Intérêts des comptes courants et des dépôts créditeurs",
    "Interest on current accounts and deposits",
  ],
  [
    "661600",
    "Intérêts bancaires et sur opérations de financement (escompte...)",
    "Bank and financing interest (discounting...)",
  ],
  ["661700", "Intérêts des obligations cautionnées", "Interest on guaranteed bills"],
  ["661800", "Intérêts des autres dettes", "Interest on other debts"],
  [
    "664000",
    "Pertes sur créances liées à des participations",
    "Losses on receivables related to equity interests",
  ],
  ["665000", "Escomptes accordés", "Cash discounts granted"],
  ["666000", "Pertes de change financières", "Financial exchange losses"],
  [
    "667100",
    "Valeurs comptables des immobilisations financières cédées",
    "Carrying amount of financial assets disposed of",
  ],
  [
    "667300",
    "Charges nettes sur cessions de valeurs mobilières de placement",
    "Net losses on disposals of marketable securities",
  ],
  ["668000", "Autres charges financières", "Other financial expenses"],
  // 67 Charges exceptionnelles
  ["672000", "Charges sur exercices antérieurs", "Prior-year expenses"],
  ["678000", "Autres charges exceptionnelles", "Other exceptional expenses"],
  // 68 Dotations aux amortissements, aux dépréciations et aux provisions
  [
    "681100",
    "Dotations aux amortissements des immobilisations incorporelles et corporelles",
    "Depreciation and amortisation of fixed assets",
  ],
  [
    "681110",
    "Dotations aux amortissements des immobilisations incorporelles",
    "Amortisation of intangible assets",
  ],
  [
    "681120",
    "Dotations aux amortissements des immobilisations corporelles",
    "Depreciation of tangible assets",
  ],
  ["681500", "Dotations aux provisions d'exploitation", "Operating provisions"],
  [
    "681600",
    "Dotations aux dépréciations des immobilisations incorporelles et corporelles",
    "Impairment of intangible and tangible assets",
  ],
  ["681730", "Dotations aux dépréciations des stocks et en-cours", "Impairment of inventories"],
  ["681740", "Dotations aux dépréciations des créances", "Impairment of receivables"],
  [
    "686100",
    "Dotations aux amortissements des primes de remboursement des obligations",
    "Amortisation of bond redemption premiums",
  ],
  [
    "686200",
    "Dotations aux amortissements des frais d'émission des emprunts",
    "Amortisation of loan issue costs",
  ],
  ["686500", "Dotations aux provisions financières", "Financial provisions"],
  ["686600", "Dotations aux dépréciations des éléments financiers", "Impairment of financial assets"],
  [
    "687100",
    "Dotations aux amortissements exceptionnels des immobilisations",
    "Exceptional depreciation of fixed assets",
  ],
  [
    "687250",
    "Dotations aux provisions réglementées - Amortissements dérogatoires",
    "Accelerated tax depreciation charged",
  ],
  [
    "687300",
    "Dotations aux provisions réglementées (stocks)",
    "Regulated provisions for inventories charged",
  ],
  ["687400", "Dotations aux autres provisions réglementées", "Other regulated provisions charged"],
  ["687500", "Dotations aux provisions exceptionnelles", "Exceptional provisions"],
  ["687600", "Dotations aux dépréciations exceptionnelles", "Exceptional impairment"],
  // 69 Participation des salariés - Impôts sur les bénéfices et assimilés
  ["691000", "Participation des salariés aux résultats", "Employee profit sharing"],
  ["695000", "Impôts sur les bénéfices", "Corporate income tax"],
  ["695100", "Impôts dus en France", "Income tax due in France"],
  [
    "695200",
    "Contribution additionnelle à l'impôt sur les bénéfices",
    "Additional contribution to income tax",
  ],
  ["695400", "Impôts dus à l'étranger", "Income tax due abroad"],
  [
    "696000",
    "Suppléments d'impôt sur les sociétés liés aux distributions",
    "Additional corporate tax on distributions",
  ],
  ["698100", "Intégration fiscale - Charges", "Tax consolidation - Expenses"],
  ["698900", "Intégration fiscale - Produits", "Tax consolidation - Income"],
  ["699000", "Produits - Reports en arrière des déficits", "Loss carry-back income"],

  // ── Class 7: income ──────────────────────────────────────────────────────────────────────────────
  // 70 Ventes de produits fabriqués, prestations de services, marchandises
  ["701000", "Ventes de produits finis", "Sales of finished products"],
  ["702000", "Ventes de produits intermédiaires", "Sales of semi-finished products"],
  ["703000", "Ventes de produits résiduels", "Sales of residual products"],
  ["704000", "Travaux", "Works"],
  ["705000", "Études", "Studies"],
  ["706000", "Prestations de services", "Services"],
  ["707000", "Ventes de marchandises", "Sales of goods for resale"],
  ["708000", "Produits des activités annexes", "Income from ancillary activities"],
  [
    "708100",
    "Produits des services exploités dans l'intérêt du personnel",
    "Income from services run for staff",
  ],
  ["708200", "Commissions et courtages", "Commissions and brokerage"],
  ["708300", "Locations diverses", "Sundry rentals"],
  ["708400", "Mise à disposition de personnel facturée", "Staff secondment invoiced"],
  ["708500", "Ports et frais accessoires facturés", "Carriage and incidental costs invoiced"],
  ["708600", "Bonis sur reprises d'emballages consignés", "Gains on returned packaging"],
  ["708700", "Bonifications obtenues des clients et primes sur ventes", "Bonuses from customers"],
  [
    "708800",
    "Autres produits d'activités annexes (cessions d'approvisionnements...)",
    "Other ancillary income",
  ],
  ["709000", "Rabais, remises et ristournes accordés par l'entreprise", "Rebates granted"],
  [
    "709100",
    "Rabais, remises et ristournes accordés sur ventes de produits finis",
    "Rebates granted on finished products",
  ],
  [
    "709200",
    "Rabais, remises et ristournes accordés sur ventes de produits intermédiaires",
    "Rebates granted on semi-finished products",
  ],
  ["709400", "Rabais, remises et ristournes accordés sur travaux", "Rebates granted on works"],
  ["709500", "Rabais, remises et ristournes accordés sur études", "Rebates granted on studies"],
  [
    "709600",
    "Rabais, remises et ristournes accordés sur prestations de services",
    "Rebates granted on services",
  ],
  [
    "709700",
    "Rabais, remises et ristournes accordés sur ventes de marchandises",
    "Rebates granted on goods for resale",
  ],
  [
    "709800",
    "Rabais, remises et ristournes accordés sur produits des activités annexes",
    "Rebates granted on ancillary income",
  ],
  // 71 Production stockée (ou déstockage)
  ["713300", "Variation des en-cours de production de biens", "Change in goods in progress"],
  ["713400", "Variation des en-cours de production de services", "Change in services in progress"],
  ["713500", "Variation des stocks de produits", "Change in product inventories"],
  // 72 Production immobilisée
  [
    "721000",
    "Production immobilisée - Immobilisations incorporelles",
    "Own work capitalised - Intangible assets",
  ],
  [
    "722000",
    "Production immobilisée - Immobilisations corporelles",
    "Own work capitalised - Tangible assets",
  ],
  // 74 Subventions
  ["741000", "Subventions d'exploitation", "Operating grants"],
  ["742000", "Subventions d'équilibre", "Balancing grants"],
  [
    "747000",
    "Quote-part des subventions d'investissement virée au résultat de l'exercice",
    "Investment grants released to income",
  ],
  // 75 Autres produits de gestion courante
  [
    "751000",
    "Redevances pour concessions, brevets, licences, marques, procédés, logiciels, droits et valeurs similaires",
    "Royalty income from concessions, patents, licences, trademarks, software and similar rights",
  ],
  [
    "752000",
    "Revenus des immeubles non affectés aux activités professionnelles",
    "Income from non-operating property",
  ],
  [
    "753000",
    "Rémunérations de l'activité des administrateurs et des gérants",
    "Directors' and managers' fees received",
  ],
  ["754000", "Ristournes perçues des coopératives (provenant des excédents)", "Rebates from cooperatives"],
  ["755000", "Quote-part de résultat sur opérations faites en commun", "Share of result on joint operations"],
  [
    "756000",
    "Gains de change sur créances et dettes commerciales",
    "Exchange gains on trade receivables and payables",
  ],
  [
    "757000",
    "Produits des cessions d'immobilisations incorporelles et corporelles",
    "Proceeds from disposals of intangible and tangible assets",
  ],
  ["758000", "Produits divers de gestion courante", "Other operating income"],
  ["758100", "Dédits et pénalités perçus sur achats et ventes", "Forfeits and penalties received"],
  ["758200", "Libéralités reçues", "Donations received"],
  ["758300", "Rentrées sur créances amorties", "Recoveries of bad debts written off"],
  [
    "758400",
    "Dégrèvements d'impôts autres qu'impôts sur les bénéfices",
    "Tax relief (other than income tax)",
  ],
  ["758500", "Bonis provenant de clauses d'indexation", "Gains on indexation clauses"],
  ["758600", "Lots", "Prizes won"],
  ["758700", "Indemnités d'assurance", "Insurance compensation"],
  // 76 Produits financiers
  ["761000", "Produits de participations", "Income from equity interests"],
  ["762000", "Produits des autres immobilisations financières", "Income from other financial assets"],
  ["763000", "Revenus des autres créances", "Income from other receivables"],
  ["764000", "Revenus des valeurs mobilières de placement", "Income from marketable securities"],
  ["765000", "Escomptes obtenus", "Cash discounts received"],
  ["766000", "Gains de change financiers", "Financial exchange gains"],
  [
    "767100",
    "Produits des cessions d'immobilisations financières",
    "Proceeds from disposals of financial assets",
  ],
  [
    "767300",
    "Produits nets sur cessions de valeurs mobilières de placement",
    "Net gains on disposals of marketable securities",
  ],
  ["768000", "Autres produits financiers", "Other financial income"],
  // 77 Produits exceptionnels
  ["772000", "Produits sur exercices antérieurs", "Prior-year income"],
  ["778000", "Autres produits exceptionnels", "Other exceptional income"],
  // 78 Reprises sur amortissements, dépréciations et provisions
  [
    "781100",
    "Reprises sur amortissements des immobilisations incorporelles et corporelles",
    "Reversal of depreciation and amortisation",
  ],
  ["781500", "Reprises sur provisions d'exploitation", "Reversal of operating provisions"],
  [
    "781600",
    "Reprises sur dépréciations des immobilisations incorporelles et corporelles",
    "Reversal of impairment of intangible and tangible assets",
  ],
  ["781730", "Reprises sur dépréciations des stocks et en-cours", "Reversal of impairment of inventories"],
  ["781740", "Reprises sur dépréciations des créances", "Reversal of impairment of receivables"],
  ["786500", "Reprises sur provisions financières", "Reversal of financial provisions"],
  [
    "786600",
    "Reprises sur dépréciations des éléments financiers",
    "Reversal of impairment of financial assets",
  ],
  [
    "787250",
    "Reprises sur provisions réglementées - Amortissements dérogatoires",
    "Reversal of accelerated tax depreciation",
  ],
  [
    "787300",
    "Reprises sur provisions réglementées (stocks)",
    "Reversal of regulated provisions for inventories",
  ],
  ["787400", "Reprises sur autres provisions réglementées", "Reversal of other regulated provisions"],
  ["787500", "Reprises sur provisions exceptionnelles", "Reversal of exceptional provisions"],
  ["787600", "Reprises sur dépréciations exceptionnelles", "Reversal of exceptional impairment"],

  // ── Class 8: special accounts ────────────────────────────────────────────────────────────────────
  ["801000", "Engagements donnés par l'entité", "Commitments given"],
  ["802000", "Engagements reçus par l'entité", "Commitments received"],
  ["809000", "Contrepartie des engagements", "Commitments offset"],
  ["880000", "Résultat en instance d'affectation", "Result pending allocation"],
  ["890000", "Bilan d'ouverture", "Opening balance sheet"],
  ["891000", "Bilan de clôture", "Closing balance sheet"],
];

const isLettrable = (number: string): boolean =>
  LETTRABLE_PREFIXES.some((prefix) => number.startsWith(prefix));

/** The template, in account-number order. */
export const pcgTemplate: readonly TemplateAccount[] = Object.freeze(
  rows.map(([number, label, labelEn]) =>
    Object.freeze({
      number,
      label,
      labelEn,
      lettrable: isLettrable(number),
      collective: COLLECTIVE_ACCOUNTS.has(number),
    }),
  ),
);

export const pcgAccountsByNumber: ReadonlyMap<string, TemplateAccount> = new Map(
  pcgTemplate.map((account) => [account.number, account]),
);

/** The PCG class of an account number: its first digit, 1 to 8. Throws a RangeError otherwise. */
export const accountClass = (number: string): number => {
  const first = number.charCodeAt(0) - 48;
  if (!(first >= 1 && first <= 8)) throw new RangeError(`not a PCG account number: "${number}"`);
  return first;
};
