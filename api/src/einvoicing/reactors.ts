import { type DocumentEvent, documentStreamId } from "@registre/core";
import type { Reactor } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { loadDocument, loadOrganisation, postingAccountsOf } from "../documents/context.ts";
import { type CollectedDependencies, collectedReactor } from "./collected.ts";
import { loadConnection } from "./connection.ts";
import { outgoingFile } from "./outgoing-file.ts";
import { type SendingDependencies, sendingReactor } from "./sending.ts";
import { transmissionCommandPort } from "./transmission-record.ts";

/** What the sending reactor acts through in the API's context. */
export const sendingDependencies = (ctx: () => AppContext): SendingDependencies => ({
  commands: transmissionCommandPort(ctx),
  platformOf: async (orgId) => {
    const connection = await loadConnection(ctx(), orgId);
    return connection ? ctx().einvoicing.connect(connection) : null;
  },
  loadDocument: async (orgId, docId) => (await loadDocument(ctx(), orgId, docId)).state,
  fileOf: (orgId, doc) => outgoingFile(ctx(), orgId, doc),
  clock: () => ctx().clock(),
});

/** What the collected-status reactor (212) acts through in the API's context. */
export const collectedDependencies = (ctx: () => AppContext): CollectedDependencies => ({
  commands: transmissionCommandPort(ctx),
  platformOf: sendingDependencies(ctx).platformOf,
  documentEvents: async (orgId, docId) =>
    (await ctx().store.readStream(orgId, documentStreamId(docId))) as unknown as DocumentEvent[],
  sellerOf: async (orgId) => {
    const { state } = await loadOrganisation(ctx(), orgId);
    return state.status === "active" && state.siren
      ? { party: { siren: state.siren, name: state.name }, accounts: postingAccountsOf(state) }
      : null;
  },
  clock: () => ctx().clock(),
});

/**
 * The e-invoicing reactors of the API's context (`openContext(env, database, { reactors })`): the
 * sending reactor and the collected-status reactor (212), acting through the context's platforms
 * (`ctx.einvoicing`), each organisation's connection and the documents' streams.
 */
export const einvoicingReactors = (ctx: () => AppContext): readonly Reactor[] => [
  sendingReactor(sendingDependencies(ctx)),
  collectedReactor(collectedDependencies(ctx)),
];
