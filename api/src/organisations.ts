import {
  type CommandMetadata,
  type CreateOrganisation,
  type OrganisationCommand,
  organisationDecider,
  organisationStreamId,
} from "@registre/core";
import { setUpAccounting } from "./accounting/setup.ts";
import { handleCommand } from "./commands.ts";
import type { AppContext } from "./context.ts";
import { derivedId } from "./ids.ts";

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

/**
 * Creates an organisation, and its owner in the same append when given; answers its id, derived from the
 * command id so that a retried command finds the organisation it created.
 */
export const createOrganisation = async (
  ctx: AppContext,
  data: Omit<CreateOrganisation["data"], "orgId">,
  metadata: CommandMetadata,
  ownerId?: string,
  books: { firstYear?: { start: string; end: string } } = {},
): Promise<string> => {
  const orgId = derivedId(metadata.commandId, "org");
  const commands: OrganisationCommand[] = [{ type: "CreateOrganisation", data: { ...data, orgId } }];
  if (ownerId) commands.push({ type: "AddMember", data: { userId: ownerId, profile: "owner" } });
  await runOrganisationCommands(ctx, orgId, commands, metadata);
  await setUpAccounting(ctx, orgId, metadata, {
    fiscalYearStartMonth: data.fiscalYearStartMonth ?? 1,
    ...books,
  });
  return orgId;
};
