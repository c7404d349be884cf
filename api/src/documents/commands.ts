import {
  type CommandMetadata,
  type DocumentCommand,
  type DocumentContact,
  type DocumentDirection,
  type DocumentKind,
  type DocumentStatus,
  DomainError,
  documentCounter,
  documentDecider,
  documentSettingsStreamId,
  documentStreamId,
  type HeaderInput,
  isLive,
  type LineInput,
  type Numbering,
  numberedAt,
  parisDate,
  seriesFor,
} from "@registre/core";
import { type CommandPlan, streamRunner } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { derivedId } from "../ids.ts";
import { type ApiLine, contactSnapshot, documentReadModels, resolveLines } from "./context.ts";
import { loadDocumentSettings } from "./settings.ts";

export type AddressChoice = { billingAddressId?: string | null; deliveryAddressId?: string | null };
/** The contact's account on this document when not its own (a fixed-asset supplier's 404 auxiliary). */
export type ContactAccount = { readonly control: string; readonly code: string } | null | undefined;

export type CreateDocumentInput = HeaderInput &
  AddressChoice & {
    readonly kind: DocumentKind;
    readonly direction: DocumentDirection;
    /** The numbering series (quotes, orders, delivery slips now; sales invoices at validation); the use's first by default. */
    readonly series?: string | null;
    readonly contactId?: string | null;
    readonly contactAccount?: ContactAccount;
    readonly lines?: readonly ApiLine[];
  };

export type ChangeDocumentInput = HeaderInput &
  AddressChoice & {
    readonly contactId?: string | null;
    readonly contactAccount?: ContactAccount;
    /** Replaces the lines: kept by id (changed when different), added, removed, in this order. */
    readonly lines?: readonly ApiLine[];
  };

/** One command on a document's stream, or a plan made from its state (made again on a conflict). */
export const runDocument = streamRunner({
  streamId: documentStreamId,
  decider: documentDecider,
  readModels: documentReadModels,
});

/**
 * The plan creating draft `id` (made again on a conflict): the settings read for its default notes, and
 * for a kind numbered at creation (quote, order, delivery slip) its number from its series' gapless
 * counter in the same append, the settings it was read from guarded. The contact's snapshot and the
 * lines are the caller's (the contact may be created in the same commit: an imported invoice's supplier).
 */
export const documentCreationPlan = async (
  ctx: AppContext,
  orgId: string,
  id: string,
  input: Omit<
    CreateDocumentInput,
    "contactId" | "contactAccount" | "lines" | "billingAddressId" | "deliveryAddressId"
  >,
  contact: DocumentContact | null,
  lines: readonly LineInput[],
): Promise<CommandPlan<DocumentCommand>> => {
  const { kind, direction, series, ...header } = input;
  const settings = await loadDocumentSettings(ctx, orgId);
  const create = (numbering: Numbering | null) =>
    ({
      type: "CreateDocument",
      data: {
        id,
        kind,
        direction,
        header: { notes: settings.state.notes, ...header },
        contact,
        lines,
        numbering,
      },
    }) as const;
  if (numberedAt(kind, direction) !== "creation") return { commands: () => [create(null)] };
  const chosen = seriesFor(settings.state.series, kind, direction, series);
  const counter = documentCounter(chosen, header.issueDate ?? "");
  return {
    guards: { [documentSettingsStreamId(orgId)]: settings.version },
    counters: { [counter]: 1 },
    commands: (numbers) => [create({ series: chosen, sequence: numbers[counter] ?? 0 })],
  };
};

/** Creates a draft (its id derived from the command's): the contact snapshotted, the lines resolved. */
export const createDocument = async (
  ctx: AppContext,
  orgId: string,
  input: CreateDocumentInput,
  metadata: CommandMetadata,
): Promise<string> => {
  const id = derivedId(metadata.commandId, "doc");
  const {
    direction,
    contactId,
    contactAccount,
    lines = [],
    billingAddressId,
    deliveryAddressId,
    ...rest
  } = input;
  const snapshot = contactId
    ? await contactSnapshot(ctx, orgId, contactId, direction, { billingAddressId, deliveryAddressId })
    : null;
  const contact = snapshot && contactAccount ? { ...snapshot, auxiliary: { ...contactAccount } } : snapshot;
  const resolved = await resolveLines(ctx, orgId, direction, lines);
  await runDocument(
    ctx,
    orgId,
    id,
    () => documentCreationPlan(ctx, orgId, id, { direction, ...rest }, contact, resolved),
    metadata,
  );
  return id;
};

/** The commands that turn the current lines into `next`: removals, changes, additions, then the order. */
const lineCommands = (
  current: readonly LineInput[] | readonly { id: string }[],
  next: readonly LineInput[],
) => {
  const commands: DocumentCommand[] = [];
  const wanted = new Set(next.map((l) => l.id));
  for (const line of current)
    if (!wanted.has(line.id)) commands.push({ type: "RemoveDocumentLine", data: { lineId: line.id } });
  const kept = new Set(current.map((l) => l.id));
  for (const line of next)
    commands.push(
      kept.has(line.id)
        ? { type: "ChangeDocumentLine", data: { line } }
        : { type: "AddDocumentLine", data: { line } },
    );
  if (next.length > 0)
    commands.push({ type: "ReorderDocumentLines", data: { order: next.map((l) => l.id) } });
  return commands;
};

/** Changes a draft: its header fields sent, its contact (snapshotted again), its lines (replaced). */
export const changeDocument = async (
  ctx: AppContext,
  orgId: string,
  id: string,
  input: ChangeDocumentInput,
  metadata: CommandMetadata,
) => {
  const { contactId, contactAccount, lines, billingAddressId, deliveryAddressId, ...header } = input;
  await runDocument(
    ctx,
    orgId,
    id,
    async (state) => {
      if (!isLive(state)) throw new DomainError("doc.notFound", {}, 404);
      const commands: DocumentCommand[] = [];
      const snapshot = contactId
        ? await contactSnapshot(ctx, orgId, contactId, state.direction, {
            billingAddressId,
            deliveryAddressId,
          })
        : state.contact;
      if (snapshot && (contactId || contactAccount))
        commands.push({
          type: "SetDocumentContact",
          data: { contact: contactAccount ? { ...snapshot, auxiliary: { ...contactAccount } } : snapshot },
        });
      if (Object.keys(header).length > 0) commands.push({ type: "ChangeDocumentHeader", data: header });
      if (lines) {
        const taken = state.lines.map((l) => l.id);
        commands.push(
          ...lineCommands(state.lines, await resolveLines(ctx, orgId, state.direction, lines, taken)),
        );
      }
      return { commands: () => commands };
    },
    metadata,
  );
};

export const deleteDocument = (ctx: AppContext, orgId: string, id: string, metadata: CommandMetadata) =>
  runDocument(ctx, orgId, id, [{ type: "DeleteDocument", data: {} }], metadata);

/** A status change other than validation (sent, accepted, refused, cancelled, delivered), dated today in France. */
export const changeStatus = (
  ctx: AppContext,
  orgId: string,
  id: string,
  status: DocumentStatus,
  metadata: CommandMetadata,
) =>
  runDocument(
    ctx,
    orgId,
    id,
    [{ type: "ChangeDocumentStatus", data: { status, on: parisDate(ctx.clock()) } }],
    metadata,
  );

/** A note of the document's history; its id derived from the command's. Answers the id. */
export const addHistoryEntry = async (
  ctx: AppContext,
  orgId: string,
  docId: string,
  entry: { date?: string | undefined; text: string },
  metadata: CommandMetadata,
): Promise<string> => {
  const id = derivedId(metadata.commandId, "history");
  const date = entry.date ?? parisDate(ctx.clock());
  await runDocument(
    ctx,
    orgId,
    docId,
    [{ type: "AddDocumentHistoryEntry", data: { id, date, text: entry.text } }],
    metadata,
  );
  return id;
};
