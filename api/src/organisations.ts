import {
  type CommandMetadata,
  type CreateOrganisation,
  type OrganisationCommand,
  organisationDecider,
  organisationStreamId,
} from "@registre/core";
import { handleCommand } from "./commands.ts";
import type { AppContext } from "./context.ts";

/** The read models an organisation's screens and lists read. */
export const organisationReadModels = ["organisations", "stream_history", "memberships"] as const;

/** Runs organisation commands on one organisation's stream (the API, the CLI and the demo seed). */
export const runOrganisationCommands = (
  ctx: AppContext,
  orgId: string,
  commands: readonly OrganisationCommand[],
  metadata: CommandMetadata,
) =>
  handleCommand(ctx, {
    orgId,
    streamId: organisationStreamId(orgId),
    decider: organisationDecider,
    commands,
    metadata,
    readModels: organisationReadModels,
  });

/** Creates an organisation with a new id and answers that id. */
export const createOrganisation = async (
  ctx: AppContext,
  data: Omit<CreateOrganisation["data"], "orgId">,
  metadata: CommandMetadata,
): Promise<string> => {
  const orgId = ctx.newId();
  await runOrganisationCommands(
    ctx,
    orgId,
    [{ type: "CreateOrganisation", data: { ...data, orgId } }],
    metadata,
  );
  return orgId;
};
