import type { Reactor } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { loadDocument } from "../documents/context.ts";
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

/**
 * The e-invoicing reactors of the API's context (`openContext(env, database, { reactors })`): the
 * sending reactor, acting through the context's platforms (`ctx.einvoicing`), each organisation's
 * connection and the documents' streams.
 */
export const einvoicingReactors = (ctx: () => AppContext): readonly Reactor[] => [
  sendingReactor(sendingDependencies(ctx)),
];
