/**
 * The lifecycle statuses of the French e-invoicing reform (XP Z12-012, « cycle de vie ») as a CDAR
 * message states them: the status (MDT-105, `ProcessConditionCode`) and its label (MDT-106), the
 * UN/CEFACT document status (MDT-88, `StatusCode`, UNCL 1373) and the message's phase (MDT-77,
 * `TypeCode`: 305 transmission by a platform, 23 processing by a business).
 *
 * Sources: the XP Z12-012 annex B examples in `../shared/fixtures/einvoicing/cdar/examples/` give 200,
 * 202, 203, 204, 205, 211 and 212 exactly. The MDT-88 values of the statuses without a public example
 * here (206–210, 213) and the reasons' list are taken from public implementations of the rules
 * (BR-FR-CDV-CL-09) and are kept in this one file: should the published standard say otherwise, only
 * this file changes.
 */

export const CDAR_STATUSES = {
  200: { label: "Déposée", documentStatus: "10", phase: "305" },
  201: { label: "Émise", documentStatus: "10", phase: "305" },
  202: { label: "Reçue", documentStatus: "43", phase: "305" },
  203: { label: "Mise_à_disposition", documentStatus: "48", phase: "305" },
  204: { label: "Prise_en_charge", documentStatus: "45", phase: "23" },
  205: { label: "Approuvée", documentStatus: "1", phase: "23" },
  206: { label: "Approuvée_partiellement", documentStatus: "4", phase: "23" },
  207: { label: "En_litige", documentStatus: "46", phase: "23" },
  208: { label: "Suspendue", documentStatus: "4", phase: "23" },
  209: { label: "Complétée", documentStatus: "37", phase: "23" },
  210: { label: "Refusée", documentStatus: "8", phase: "23" },
  211: { label: "Paiement_transmis", documentStatus: "47", phase: "23" },
  212: { label: "Encaissée", documentStatus: "47", phase: "23" },
  213: { label: "Rejetée", documentStatus: "8", phase: "305" },
} as const;

export type CdarStatusCode = keyof typeof CDAR_STATUSES;

export const isCdarStatusCode = (value: number): value is CdarStatusCode => value in CDAR_STATUSES;

/** The statuses a buyer sends about an invoice it received (204, 205, 207, 210, 211). */
export const BUYER_STATUS_CODES = [204, 205, 207, 210, 211] as const;
export type BuyerStatusCode = (typeof BUYER_STATUS_CODES)[number];

export const isBuyerStatusCode = (value: number): value is BuyerStatusCode =>
  (BUYER_STATUS_CODES as readonly number[]).includes(value);

/**
 * The reasons a buyer may give (MDT-113, `ReasonCode`), by status: a refusal (210) takes one of the
 * reform's refusal reasons (BR-FR-CDV-CL-09, outside B2G), a dispute (207) one of the wider list.
 */
const REFUSAL_REASONS = [
  "TX_TVA_ERR",
  "MONTANTTOTAL_ERR",
  "CALCUL_ERR",
  "NON_CONFORME",
  "DOUBLON",
  "DEST_ERR",
  "TRANSAC_INC",
  "EMMET_INC",
  "CONTRAT_TERM",
  "DOUBLE_FACT",
  "CMD_ERR",
  "ADR_ERR",
  "REF_CT_ABSENT",
] as const;

const DISPUTE_REASONS = [
  "AUTRE",
  "COORD_BANC_ERR",
  ...REFUSAL_REASONS,
  "DEST_INC",
  "SIRET_ERR",
  "CODE_ROUTAGE_ERR",
  "REF_ERR",
  "PU_ERR",
  "REM_ERR",
  "QTE_ERR",
  "ART_ERR",
  "MODPAI_ERR",
  "QUALITE_ERR",
  "LIVR_INCOMP",
] as const;

export type CdarReasonCode = (typeof DISPUTE_REASONS)[number];

/** The reason codes a status accepts (none for a status that takes no reason). */
export const cdarReasonCodes = (status: number): readonly CdarReasonCode[] =>
  status === 210 ? REFUSAL_REASONS : status === 207 ? DISPUTE_REASONS : [];

/** Every reason code any buyer status accepts. */
export const ALL_CDAR_REASON_CODES: readonly CdarReasonCode[] = DISPUTE_REASONS;
