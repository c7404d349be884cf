import {
  type CommandMetadata,
  chartDecider,
  chartStreamId,
  defaultJournals,
  endOfMonth,
  fiscalDecider,
  fiscalStreamId,
  journalsDecider,
  journalsStreamId,
  PCG_TEMPLATE_ID,
  parisDate,
  pcgTemplate,
} from "@registre/core";
import { handleCommand } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { childMetadata, derivedId } from "../ids.ts";

export const setupReadModels = ["accounting_setup"] as const;

/** The fiscal year that contains `today` for a year starting in `startMonth` (1-12). */
export const currentFiscalYearBounds = (
  today: string,
  startMonth: number,
): { start: string; end: string } => {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const startYear = month >= startMonth ? year : year - 1;
  const start = `${startYear}-${String(startMonth).padStart(2, "0")}-01`;
  return { start, end: endOfMonth(start, 11) };
};

/**
 * Gives a new organisation its books: the PCG chart, the default journals and, unless told
 * otherwise, the fiscal year of today. Each step is idempotent, so it can run again on an
 * organisation created before accounting existed.
 */
export const setUpAccounting = async (
  ctx: AppContext,
  orgId: string,
  metadata: CommandMetadata,
  options: { fiscalYearStartMonth?: number; firstYear?: { start: string; end: string } | null } = {},
): Promise<void> => {
  await handleCommand(ctx, {
    orgId,
    streamId: chartStreamId(orgId),
    decider: chartDecider,
    commands: [{ type: "InitialiseChart", data: { templateId: PCG_TEMPLATE_ID, accounts: pcgTemplate } }],
    metadata: childMetadata(metadata, "chart"),
    readModels: setupReadModels,
  });
  await handleCommand(ctx, {
    orgId,
    streamId: journalsStreamId(orgId),
    decider: journalsDecider,
    commands: [{ type: "InitialiseJournals", data: { journals: defaultJournals } }],
    metadata: childMetadata(metadata, "journals"),
    readModels: setupReadModels,
  });
  if (options.firstYear === null) return;
  const bounds =
    options.firstYear ?? currentFiscalYearBounds(parisDate(ctx.clock()), options.fiscalYearStartMonth ?? 1);
  await handleCommand(ctx, {
    orgId,
    streamId: fiscalStreamId(orgId),
    decider: fiscalDecider,
    commands: async (state) => ({
      commands: () =>
        state.years.length > 0
          ? []
          : [
              {
                type: "OpenFiscalYear" as const,
                data: { id: derivedId(metadata.commandId, "firstYear"), ...bounds },
              },
            ],
    }),
    metadata: childMetadata(metadata, "fiscal"),
    readModels: setupReadModels,
  });
};
