/** The messages of VAT codes and VAT returns (`core/src/vat/`, `api/src/vat/`), merged into `messages`. */
export const vatMessages = {
  "entry.invalidVatCode": {
    fr: "Code TVA invalide ({field} : {value}).",
    en: "Invalid VAT code ({field}: {value}).",
  },
  "entry.vatCodeAccount": {
    fr: "Ligne {line} : le compte {account} ne porte pas de code TVA (seulement les comptes de produits, de charges, d’immobilisations et de TVA 445, hors attente et liquidation).",
    en: "Line {line}: account {account} takes no VAT code (only revenue, expense, fixed-asset and 445 VAT accounts, not the waiting or settlement ones).",
  },
  "organisation.vatPeriodicityRegime": {
    fr: "Périodicité de TVA incompatible avec le régime : le réel simplifié dépose une CA12 annuelle, le réel normal une CA3 mensuelle ou trimestrielle.",
    en: "VAT periodicity does not fit the regime: the simplified regime files a yearly CA12, the normal regime a monthly or quarterly CA3.",
  },
  "vat.invalidPeriod": {
    fr: "Période de TVA invalide : {value} (un mois AAAA-MM, un trimestre AAAA-Tn écrit AAAA-Qn, une année AAAA).",
    en: "Invalid VAT period: {value} (a month YYYY-MM, a quarter YYYY-Qn, a year YYYY).",
  },
  "vat.basesDisagree": {
    fr: "Les bases ne concordent pas : les opérations imposables ({taxed}) et les bases par taux ({rates}) diffèrent de {difference}, au-delà des 5 € d’arrondi admis.",
    en: "The bases disagree: taxed operations ({taxed}) and the bases per rate ({rates}) differ by {difference}, beyond the €5 of rounding allowed.",
  },
  "vat.refundBelowThreshold": {
    fr: "Remboursement refusé : le crédit demandé doit atteindre {minimum} (formulaire 3519).",
    en: "Refund refused: the credit asked must reach {minimum} (form 3519).",
  },
  "vat.refundAboveCredit": {
    fr: "Remboursement refusé : il dépasse le crédit de la période ({credit}).",
    en: "Refund refused: it exceeds the period's credit ({credit}).",
  },
  "vat.alreadyValidated": {
    fr: "La déclaration de TVA de la période {period} est déjà validée : une erreur se corrige sur une déclaration suivante.",
    en: "The VAT return of period {period} is already validated: a mistake is corrected on a later return.",
  },
  "vat.draftsInPeriod": {
    fr: "La déclaration de TVA de {period} ne peut être validée : {count} brouillon(s) (écritures ou factures) y sont datés, dont « {first} ». Validez-les ou supprimez-les d’abord.",
    en: "The VAT return of {period} cannot be validated: {count} draft(s) (entries or invoices) are dated in it, such as “{first}”. Validate or delete them first.",
  },
  "vat.laterPeriodValidated": {
    fr: "La déclaration de TVA de {period} ne peut plus être validée : celle de {later}, postérieure, l’est déjà et a repris ses opérations.",
    en: "The VAT return of {period} can no longer be validated: the later return of {later} is validated and took its operations.",
  },
  "vat.linesOutsideBoxes": {
    fr: "Des lignes de TVA ne sont reprises dans aucune case de la déclaration : elles ne seront pas liquidées.",
    en: "Some VAT lines are in no box of the return: they will not be settled.",
  },
  "vat.untaggedVatLines": {
    fr: "Des lignes des comptes de TVA (445) de la période n’ont pas de code TVA : aucune case ne les reprend.",
    en: "Some lines of the VAT accounts (445) in the period carry no VAT code: no box takes them.",
  },
  "vat.creditWithCents": {
    fr: "Le crédit de TVA du compte 445670 ({balance}) a des centimes : un crédit reporté est un montant entier.",
    en: "The VAT credit on account 445670 ({balance}) has cents: a credit carried forward is a whole amount.",
  },
  "vat.previousNotValidated": {
    fr: "La déclaration de la période précédente ({previous}) n’est pas validée.",
    en: "The previous period's return ({previous}) is not validated.",
  },
  "vat.periodNotOver": {
    fr: "La période {period} n’est pas terminée (jusqu’au {end}) : sa déclaration se valide une fois la période close.",
    en: "Period {period} is not over (until {end}): its return is validated once the period has ended.",
  },
  "vat.wrongPeriodicity": {
    fr: "La période {period} ne correspond pas à la périodicité de TVA de l’organisation ({fr}).",
    en: "Period {period} does not match the organisation's VAT periodicity ({en}).",
  },
  "vat.instalmentNotYearly": {
    fr: "L’acompte {period} ne concerne que le réel simplifié, qui dépose une CA12 annuelle : l’organisation dépose des CA3.",
    en: "Instalment {period} only applies to the simplified regime, which files a yearly CA12: the organisation files CA3 returns.",
  },
  "vat.instalmentNotYet": {
    fr: "L’acompte {period} se déclare à partir du {start}.",
    en: "Instalment {period} is declared from {start} on.",
  },
  "vat.instalmentAfterReturn": {
    fr: "La CA12 de {year} est déjà validée : elle a déduit les acomptes versés, un acompte de l’année ne peut plus être déclaré.",
    en: "The CA12 of {year} is already validated: it deducted the instalments paid, so no instalment of that year can be declared any more.",
  },
  "vat.instalmentBelowThreshold": {
    fr: "Aucun acompte n’est dû : la base de calcul ({reference}, ligne 57 de la CA12 précédente) est inférieure à {threshold}.",
    en: "No instalment is due: its base ({reference}, line 57 of last year's CA12) is under {threshold}.",
  },
  "vat.instalmentReferenceUnknown": {
    fr: "La CA12 de l’année précédente n’est pas dans Registre : indiquez la base de calcul des acomptes (sa ligne 57).",
    en: "Last year's CA12 is not in Registre: give the instalments' base (its line 57).",
  },
  "vat.instalmentReferenceKnown": {
    fr: "La base des acomptes est celle de la CA12 de {last} ({reference}) : une autre base ne peut être indiquée.",
    en: "The instalments' base is that of the CA12 of {last} ({reference}): another base cannot be given.",
  },
  "vat.correctionOnInstalment": {
    fr: "Un acompte ({period}) ne porte pas de régularisation : elle se déclare sur la CA12.",
    en: "An instalment ({period}) carries no correction: it is declared on the CA12.",
  },
  "vat.correctionNotEarlier": {
    fr: "La régularisation porte sur la déclaration {corrected}, qui n’est pas une déclaration validée antérieure.",
    en: "The correction is of return {corrected}, which is not an earlier validated return.",
  },
  "vat.boxUnknown": {
    fr: "La case {box} n’existe pas sur le formulaire {form}.",
    en: "Box {box} is not on form {form}.",
  },
} as const;
