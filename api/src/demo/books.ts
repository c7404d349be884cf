import {
  type CommandMetadata,
  chartDecider,
  chartStreamId,
  fiscalDecider,
  fiscalStreamId,
} from "@registre/core";
import { draftEntry } from "../accounting/entries.ts";
import { letterLines } from "../accounting/lettering.ts";
import { generateOpeningEntry } from "../accounting/year-end.ts";
import { handleCommand, loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";

type Line = [account: string, debit: number, credit: number, auxiliary?: string];

/** The eleven operations of the worked example (../shared/examples/atelier-demo.md), amounts in cents. */
export const atelierOperations: {
  id: string;
  date: string;
  journal: string;
  pieceRef: string;
  pieceDate?: string;
  label: string;
  lines: Line[];
}[] = [
  {
    id: "E1",
    date: "2025-01-01",
    journal: "AN",
    pieceRef: "AN-2025",
    label: "Apport en capital",
    lines: [
      ["512000", 1_000_000, 0],
      ["101000", 0, 1_000_000],
    ],
  },
  {
    id: "E2",
    date: "2025-01-05",
    journal: "VT",
    pieceRef: "FA-2025-0001",
    label: "Facture FA-2025-0001 Alpha",
    lines: [
      ["411000", 240_000, 0, "CALPHA"],
      ["707000", 0, 200_000],
      ["445710", 0, 40_000],
    ],
  },
  {
    id: "E3",
    date: "2025-01-08",
    journal: "HA",
    pieceRef: "B-778",
    pieceDate: "2025-01-06",
    label: "Facture B-778 Beta",
    lines: [
      ["607000", 100_000, 0],
      ["445660", 20_000, 0],
      ["401000", 0, 120_000, "FBETA"],
    ],
  },
  {
    id: "E4",
    date: "2025-01-10",
    journal: "VT",
    pieceRef: "FA-2025-0002",
    label: "Facture FA-2025-0002 Gamma",
    lines: [
      ["411000", 180_000, 0, "CGAMMA"],
      ["706000", 0, 150_000],
      ["445710", 0, 30_000],
    ],
  },
  {
    id: "E5",
    date: "2025-01-12",
    journal: "VT",
    pieceRef: "AV-2025-0001",
    label: "Avoir AV-2025-0001 Alpha",
    lines: [
      ["709000", 20_000, 0],
      ["445710", 4_000, 0],
      ["411000", 0, 24_000, "CALPHA"],
    ],
  },
  {
    id: "E6",
    date: "2025-01-15",
    journal: "HA",
    pieceRef: "E-15",
    label: "Facture E-15 Epsilon",
    lines: [
      ["218300", 100_000, 0],
      ["445620", 20_000, 0],
      ["404000", 0, 120_000, "FEPSILON"],
    ],
  },
  {
    id: "E7",
    date: "2025-01-20",
    journal: "BQ",
    pieceRef: "VIR-ALPHA",
    label: "Virement Alpha",
    lines: [
      ["512000", 216_000, 0],
      ["411000", 0, 216_000, "CALPHA"],
    ],
  },
  {
    id: "E8",
    date: "2025-01-22",
    journal: "BQ",
    pieceRef: "VIR-GAMMA",
    label: "Acompte Gamma",
    lines: [
      ["512000", 100_000, 0],
      ["411000", 0, 100_000, "CGAMMA"],
    ],
  },
  {
    id: "E9",
    date: "2025-01-25",
    journal: "BQ",
    pieceRef: "VIR-BETA",
    label: "Règlement Beta",
    lines: [
      ["401000", 120_000, 0, "FBETA"],
      ["512000", 0, 120_000],
    ],
  },
  {
    id: "E10",
    date: "2025-01-31",
    journal: "BQ",
    pieceRef: "FRAIS-2025-01",
    label: "Frais de tenue de compte",
    lines: [
      ["627000", 2_500, 0],
      ["512000", 0, 2_500],
    ],
  },
  {
    id: "E11",
    date: "2025-01-31",
    journal: "OD",
    pieceRef: "TVA-2025-01",
    label: "TVA janvier 2025",
    lines: [
      ["445710", 66_000, 0],
      ["445660", 0, 20_000],
      ["445620", 0, 20_000],
      ["445510", 0, 26_000],
    ],
  },
];

export const atelierAuxiliaries = [
  { number: "CALPHA", label: "Alpha SARL", control: "411000" },
  { number: "CGAMMA", label: "Gamma SAS", control: "411000" },
  { number: "FBETA", label: "Beta SARL", control: "401000" },
  { number: "FEPSILON", label: "Epsilon SA", control: "404000" },
];

/** Which lines the example letters at 31/01: Alpha's invoice, credit note and transfer; Beta's invoice and payment. */
export const atelierLettering: [operation: string, account: string][][] = [
  [
    ["E2", "411000"],
    ["E5", "411000"],
    ["E7", "411000"],
  ],
  [
    ["E3", "401000"],
    ["E9", "401000"],
  ],
];

/** "<mvt>/<line>" of an operation's line on an account. */
export const atelierLineRef = (
  mvts: Readonly<Record<string, string>>,
  id: string,
  account: string,
): string => {
  const op = atelierOperations.find((o) => o.id === id);
  const index = op?.lines.findIndex((l) => l[0] === account) ?? -1;
  return `${mvts[id]}/${index + 1}`;
};

/**
 * The demo organisation's books: the worked example's January 2025 kept as entries in its first
 * fiscal year (2025), lettered, and the following years opened with provisional opening entries,
 * so that every accounting screen has something true to show.
 */
export const seedAtelierBooks = async (ctx: AppContext, orgId: string, metadata: () => CommandMetadata) => {
  const chart = await loadAggregate(ctx, orgId, chartStreamId(orgId), chartDecider);
  // An account a demo contact already opened (CALPHA…) is kept as the contact made it.
  for (const aux of atelierAuxiliaries.filter((a) => !chart.state.accounts[a.number]))
    await handleCommand(ctx, {
      orgId,
      streamId: chartStreamId(orgId),
      decider: chartDecider,
      commands: [{ type: "CreateAuxiliaryAccount", data: aux }],
      metadata: metadata(),
      readModels: ["accounting_setup"],
    });
  const mvts: Record<string, string> = {};
  for (const op of atelierOperations)
    mvts[op.id] = await draftEntry(
      ctx,
      orgId,
      {
        journal: op.journal,
        date: op.date,
        pieceRef: op.pieceRef,
        pieceDate: op.pieceDate ?? op.date,
        label: op.label,
        lines: op.lines.map(([account, debit, credit, auxiliary]) => ({
          account,
          auxiliary: auxiliary ?? null,
          label: null,
          debit,
          credit,
        })),
      },
      metadata(),
      // Validated as the business went along: each entry the day of its operation.
      { validate: true, validatedOn: op.date },
    );
  for (const set of atelierLettering)
    await letterLines(
      ctx,
      orgId,
      set.map(([id, account]) => atelierLineRef(mvts, id, account)),
      metadata(),
    );
  // Up to the current year, each year opened with its provisional à-nouveaux.
  const fiscal = async () => (await loadAggregate(ctx, orgId, fiscalStreamId(orgId), fiscalDecider)).state;
  const today = ctx.clock().toISOString().slice(0, 10);
  for (
    let years = (await fiscal()).years;
    (years.at(-1)?.end ?? today) < today;
    years = (await fiscal()).years
  ) {
    const last = years.at(-1);
    if (!last) break;
    await generateOpeningEntry(ctx, orgId, last.id, metadata());
  }
  return mvts;
};
