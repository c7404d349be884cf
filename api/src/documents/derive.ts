import {
  type CommandMetadata,
  type CreditSelection,
  type DocumentCommand,
  type DocumentKind,
  type DocumentPlan,
  DomainError,
  documentCounter,
  documentDecider,
  documentSettingsStreamId,
  documentStreamId,
  finalInvoiceDeductions,
  isLive,
  type LiveDocument,
  numberedAt,
  planCreditNote,
  planDepositInvoice,
  planDuplicate,
  planTransform,
  seriesFor,
} from "@registre/core";
import { handleMultiStream, type MultiStreamPlan, streamDecision } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { derivedId } from "../ids.ts";
import { documentReadModels, loadDocument } from "./context.ts";
import { loadDocumentSettings } from "./settings.ts";

/** How a new document comes from another: transformed, copied, crediting an invoice, a deposit on an order. */
export type DerivedFrom =
  | {
      readonly relation: "transform";
      readonly docId: string;
      readonly kind: DocumentKind;
      readonly quantities?: Readonly<Record<string, string>> | undefined;
    }
  | { readonly relation: "duplicate"; readonly docId: string }
  | { readonly relation: "creditNote"; readonly docId: string; readonly selection: CreditSelection }
  | {
      readonly relation: "deposit";
      readonly docId: string;
      readonly percent: string;
      readonly label?: string | undefined;
    };

/** The kind of the document a relation makes from an origin of `kind`. */
export const derivedKind = (from: DerivedFrom, kind: DocumentKind): DocumentKind =>
  from.relation === "transform"
    ? from.kind
    : from.relation === "creditNote"
      ? "creditNote"
      : from.relation === "deposit"
        ? "invoice"
        : kind;

const liveChildren = async (
  ctx: AppContext,
  orgId: string,
  origin: LiveDocument,
): Promise<LiveDocument[]> => {
  const states = await Promise.all(origin.children.map((c) => loadDocument(ctx, orgId, c.docId)));
  return states.flatMap((s) => (isLive(s.state) ? [s.state] : []));
};

const planOf = (
  origin: LiveDocument,
  children: readonly LiveDocument[],
  from: DerivedFrom,
  id: string,
  issueDate: string,
): DocumentPlan => {
  switch (from.relation) {
    case "transform":
      return planTransform(origin, {
        id,
        kind: from.kind,
        issueDate,
        ...(from.quantities && { quantities: from.quantities }),
        children,
      });
    case "duplicate":
      return planDuplicate(origin, { id, issueDate });
    case "creditNote":
      return planCreditNote(origin, { id, issueDate, selection: from.selection, children });
    case "deposit":
      return planDepositInvoice(origin, {
        id,
        issueDate,
        percent: from.percent,
        ...(from.label && { label: from.label }),
      });
  }
};

/**
 * A document made from another, one commit: the new document created (numbered from its series' counter
 * when its kind is numbered at creation) and the link recorded on its origin, at the version read.
 * Answers the new document's id (derived from the command's).
 */
export const createDerivedDocument = async (
  ctx: AppContext,
  orgId: string,
  from: DerivedFrom,
  issueDate: string,
  metadata: CommandMetadata,
  series?: string | null,
): Promise<string> => {
  const id = derivedId(metadata.commandId, "doc");
  await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: documentReadModels,
    plan: async (): Promise<MultiStreamPlan> => {
      const [origin, settings] = await Promise.all([
        loadDocument(ctx, orgId, from.docId),
        loadDocumentSettings(ctx, orgId),
      ]);
      if (!isLive(origin.state)) throw new DomainError("doc.notFound", { field: "from.docId" }, 404);
      // What remains to transform or credit, and an order's deposits, are read from the origin's children.
      const children =
        from.relation === "transform" || from.relation === "creditNote"
          ? await liveChildren(ctx, orgId, origin.state)
          : [];
      const plan = planOf(origin.state, children, from, id, issueDate);
      const { kind, direction } = plan.create.data;
      const numbered = numberedAt(kind, direction) === "creation";
      const chosen = numbered ? seriesFor(settings.state.series, kind, direction, series) : null;
      const counter = chosen ? documentCounter(chosen, issueDate) : null;
      // An order's invoice deducts the order's deposit invoices, in the same commit (final-invoice.ts).
      const deductions = finalInvoiceDeductions(origin.state, children, plan.create);
      const create = (numbers: Readonly<Record<string, number>>): DocumentCommand[] => [
        {
          ...plan.create,
          data: {
            ...plan.create.data,
            numbering: chosen && counter ? { series: chosen, sequence: numbers[counter] ?? 0 } : null,
          },
        },
        ...deductions,
      ];
      return {
        guards: { [documentSettingsStreamId(orgId)]: settings.version },
        ...(counter && { counters: { [counter]: 1 } }),
        streams: [
          streamDecision(
            documentStreamId(id),
            documentDecider,
            { state: documentDecider.initialState(), version: 0 },
            create,
          ),
          streamDecision(documentStreamId(from.docId), documentDecider, origin, () => [plan.link]),
        ],
      };
    },
  });
  return id;
};
