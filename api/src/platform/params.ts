import {
  allParams,
  type CommandMetadata,
  findParam,
  type Param,
  type ParamCommand,
  type ParamEvent,
  PLATFORM_ORG,
  paramsDecider,
  paramsStreamId,
} from "@registre/core";
import { handleCommand } from "../commands.ts";
import type { AppContext } from "../context.ts";

/**
 * The platform's parameters, folded from their (small) stream on each read: what billing and the other
 * platform features read (`platformParam(ctx, "trialDays")`), and what the administrator changes.
 */
export const loadParams = async (ctx: AppContext) => {
  const events = await ctx.store.readStream(PLATFORM_ORG, paramsStreamId);
  return events.reduce(
    (s, e) => paramsDecider.evolve(s, e as unknown as ParamEvent),
    paramsDecider.initialState(),
  );
};

export const listParams = async (ctx: AppContext): Promise<Param[]> => allParams(await loadParams(ctx));

/** One parameter (404 `params.notFound`). */
export const platformParam = async (ctx: AppContext, key: string): Promise<Param> =>
  findParam(await loadParams(ctx), key);

/** An integer parameter's value (the trial's days, the grace period's). */
export const integerParam = async (ctx: AppContext, key: string): Promise<number> =>
  Number((await platformParam(ctx, key)).value);

export const runParams = (ctx: AppContext, command: ParamCommand, metadata: CommandMetadata) =>
  handleCommand(ctx, {
    orgId: PLATFORM_ORG,
    streamId: paramsStreamId,
    decider: paramsDecider,
    commands: [command],
    metadata,
    readModels: [],
  });
