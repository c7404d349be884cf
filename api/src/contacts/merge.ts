import {
  type CommandMetadata,
  type ContactState,
  contactDecider,
  contactStreamId,
  followMergedLinks,
  planContactMerge,
} from "@registre/core";
import { sql } from "kysely";
import { handleMultiStream, loadAggregate, type StreamDecision, streamDecision } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { contactReadModels } from "./commands.ts";

/** The contacts whose own links name `contactId` (the read model's view; each is loaded from its stream). */
const contactsLinkingTo = async (ctx: AppContext, orgId: string, contactId: string): Promise<string[]> => {
  const rows = (await ctx.database.db
    .selectFrom("contacts")
    .select("contact_id")
    .where("org_id", "=", orgId)
    .where("status", "!=", "merged")
    .where("contact_id", "!=", contactId)
    .where(
      sql<boolean>`exists (select 1 from jsonb_each(state->'links') l where l.value->>'contactId' = ${contactId})`,
    )
    .execute()) as { contact_id: string }[];
  return rows.map((r) => r.contact_id);
};

/**
 * Merges `sourceId` into `targetId` in one commit over every stream it touches: the kept contact takes
 * what the other had (`planContactMerge`), the other records `ContactMergedInto` and stays as history,
 * and every other contact linking to the merged one links to the kept one instead (or drops the link
 * when it already had one to the kept one). The streams are appended at the versions read: a contact
 * changed meanwhile plans the merge again. A link added to the merged contact between the read model's
 * answer and the commit is refused by the decider (it takes no command once merged).
 */
export const mergeContacts = async (
  ctx: AppContext,
  orgId: string,
  targetId: string,
  sourceId: string,
  metadata: CommandMetadata,
) =>
  handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: contactReadModels,
    plan: async () => {
      const load = (id: string) => loadAggregate(ctx, orgId, contactStreamId(id), contactDecider);
      const [target, source, linking] = await Promise.all([
        load(targetId),
        load(sourceId),
        contactsLinkingTo(ctx, orgId, sourceId),
      ]);
      const parts = planContactMerge(target.state, source.state);
      const kept = target.state as Extract<ContactState, { identity: unknown }>;
      const streams: StreamDecision[] = parts.map((part, i) => {
        const loaded = i === 0 ? target : source;
        return { streamId: part.streamId, version: loaded.version, decide: () => part.events };
      });
      const others = await Promise.all(
        linking.filter((id) => id !== targetId).map(async (id) => ({ id, loaded: await load(id) })),
      );
      for (const { id, loaded } of others) {
        const commands = followMergedLinks(loaded.state, sourceId, { id: kept.id, kind: kept.identity.kind });
        if (commands.length > 0)
          streams.push(streamDecision(contactStreamId(id), contactDecider, loaded, () => commands));
      }
      return { streams };
    },
  });
