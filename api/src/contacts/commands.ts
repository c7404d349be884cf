import {
  auxiliaryAccountCommands,
  type ChartCommand,
  type ChartState,
  type CommandMetadata,
  type ContactAccountingContext,
  type ContactCommand,
  type ContactEvent,
  type ContactState,
  chartDecider,
  chartStreamId,
  contactDecider,
  contactDisplayName,
  contactStreamId,
  DomainError,
  type DuplicateMatch,
  duplicateCandidateOf,
  duplicateKeys,
  evolveContact,
  findDuplicates,
  initialContactState,
  type LiveContact,
  normaliseIbanRecord,
  organisationDecider,
  organisationStreamId,
} from "@registre/core";
import type { MultiAppendResult } from "@registre/store";
import { sql } from "kysely";
import { accountUsed } from "../accounting/books.ts";
import { setupReadModels } from "../accounting/setup.ts";
import { handleMultiStream, loadAggregate, type StreamDecision, streamDecision } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { contactUsedInDocuments } from "./usage.ts";

/** The read models a contact command's answer reads. */
export const contactReadModels = ["contacts"] as const;

/**
 * What a contact's auxiliary accounts are decided on: the organisation's code mode, and every code
 * taken — the chart's auxiliary accounts and every code a contact was ever given (kept by the
 * contacts read model even once the contact and its account are deleted).
 */
const accountingContext = async (
  ctx: AppContext,
  orgId: string,
): Promise<{ context: ContactAccountingContext; chart: Awaited<ReturnType<typeof loadChart>> }> => {
  const [organisation, chart, given] = await Promise.all([
    loadAggregate(ctx, orgId, organisationStreamId(orgId), organisationDecider),
    loadChart(ctx, orgId),
    ctx.database.db
      .selectFrom("contact_auxiliary_codes")
      .select("code")
      .where("org_id", "=", orgId)
      .execute() as Promise<{ code: string }[]>,
  ]);
  const codeMode =
    organisation.state.status === "active" ? (organisation.state.auxiliaryCodeMode ?? "name") : "name";
  const auxiliary = Object.values(chart.state.accounts)
    .filter((a) => a.kind === "auxiliary")
    .map((a) => a.number);
  return { context: { codeMode, takenCodes: [...auxiliary, ...given.map((g) => g.code)] }, chart };
};

const loadChart = (ctx: AppContext, orgId: string) =>
  loadAggregate(ctx, orgId, chartStreamId(orgId), chartDecider);

/** The contact's events a list of commands gives on a state (the decider, applied in order). */
const decideAll = (commands: readonly ContactCommand[], state: ContactState): ContactEvent[] => {
  let next = state;
  const events: ContactEvent[] = [];
  for (const command of commands) {
    const produced = contactDecider.decide(command, next);
    events.push(...produced);
    next = produced.reduce(contactDecider.evolve, next);
  }
  return events;
};

export type ContactCommands = (
  state: ContactState,
  accounting: ContactAccountingContext,
) => Promise<readonly ContactCommand[]> | readonly ContactCommand[];

/**
 * What a commit of a contact writes, read and decided now (a plan, made again on a conflict): the
 * contact's stream and, when its decision assigns an auxiliary account, the chart's (the account created
 * under 411000 or 401000, labelled with the contact's name); `chartAfter` adds chart commands of the
 * caller's (a deletion's accounts). Also the contact's state after the commit, for a caller that commits
 * more streams with it (an imported invoice's supplier and draft).
 */
export const contactCommitPlan = async (
  ctx: AppContext,
  orgId: string,
  contactId: string,
  commands: ContactCommands,
  chartAfter?: (state: LiveContact, chart: ChartState) => readonly ChartCommand[],
): Promise<{ streams: StreamDecision[]; state: ContactState }> => {
  const streamId = contactStreamId(contactId);
  const [loaded, { context, chart }] = await Promise.all([
    loadAggregate(ctx, orgId, streamId, contactDecider),
    accountingContext(ctx, orgId),
  ]);
  const contactCommands = await commands(loaded.state, context);
  const events = decideAll(contactCommands, loaded.state);
  const after = events.reduce(evolveContact, loaded.state);
  const label = "identity" in after ? contactDisplayName(after.identity) : "";
  const chartCommands: ChartCommand[] = [
    ...auxiliaryAccountCommands(events, label),
    ...(chartAfter && "identity" in loaded.state ? chartAfter(loaded.state, chart.state) : []),
  ];
  const streams: StreamDecision[] = [streamDecision(streamId, contactDecider, loaded, () => contactCommands)];
  if (chartCommands.length > 0)
    streams.push(streamDecision(chartStreamId(orgId), chartDecider, chart, () => chartCommands));
  return { streams, state: after };
};

/** One commit of a contact and the chart accounts its decision opens (`contactCommitPlan`); a conflict plans again. */
export const runContactCommit = async (
  ctx: AppContext,
  orgId: string,
  contactId: string,
  commands: ContactCommands,
  metadata: CommandMetadata,
  chartAfter?: (state: LiveContact, chart: ChartState) => readonly ChartCommand[],
): Promise<{ result: MultiAppendResult; consistent: boolean }> =>
  handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...contactReadModels, ...setupReadModels],
    plan: async () => ({
      streams: (await contactCommitPlan(ctx, orgId, contactId, commands, chartAfter)).streams,
    }),
  });

/** The contacts of the organisation that may duplicate `candidate` (they share a key), as matches. */
export const possibleDuplicates = async (
  ctx: AppContext,
  orgId: string,
  candidate: Parameters<typeof findDuplicates>[0],
): Promise<DuplicateMatch[]> => {
  const keys = duplicateKeys(candidate);
  if (keys.length === 0) return [];
  const rows = (await ctx.database.db
    .selectFrom("contacts")
    .select(["contact_id", "state"])
    .where("org_id", "=", orgId)
    .where("status", "!=", "merged")
    .where(sql<boolean>`dup_keys && ${keys}::text[]`)
    .limit(50)
    .execute()) as { contact_id: string; state: LiveContact | string }[];
  const others = rows.map((r) => {
    const state: LiveContact = typeof r.state === "string" ? JSON.parse(r.state) : r.state;
    return duplicateCandidateOf(r.contact_id, state);
  });
  return findDuplicates(candidate, others);
};

/** "Duplicate IBAN" across the organisation: another contact already has it. */
export const checkIbanFree = async (
  ctx: AppContext,
  orgId: string,
  contactId: string,
  iban: string,
): Promise<void> => {
  const normalised = normaliseIbanRecord({ id: "check", iban }).iban;
  const row = await ctx.database.db
    .selectFrom("contacts")
    .select("name")
    .where("org_id", "=", orgId)
    .where("contact_id", "!=", contactId)
    .where("status", "!=", "merged")
    .where(sql<boolean>`dup_keys @> ${[`iban:${normalised}`]}::text[]`)
    .executeTakeFirst();
  if (row) throw new DomainError("contact.duplicateIban", { field: "iban", value: normalised }, 409);
};

/**
 * Whether the contact is used: a document names it, or an entry (draft or validated) is on one of its
 * auxiliary accounts, each read from its read model caught up to the head.
 */
export const contactUsed = async (ctx: AppContext, orgId: string, state: ContactState): Promise<boolean> => {
  if (!("identity" in state)) return false;
  if (await contactUsedInDocuments(ctx, orgId, state.id)) return true;
  for (const account of Object.values(state.auxiliary))
    if (account && (await accountUsed(ctx, orgId, account.code))) return true;
  return false;
};

/**
 * Deletes the contact with its auxiliary accounts (unused, since the contact is) in one commit;
 * refused with "Contact used in docs" when an entry names one of them.
 */
export const deleteContact = (ctx: AppContext, orgId: string, contactId: string, metadata: CommandMetadata) =>
  runContactCommit(
    ctx,
    orgId,
    contactId,
    async (state) => [{ type: "DeleteContact", data: { used: await contactUsed(ctx, orgId, state) } }],
    metadata,
    // An account deleted by hand meanwhile is simply not deleted again.
    (state, chart) =>
      Object.values(state.auxiliary).flatMap((account) =>
        account && chart.accounts[account.code]
          ? [{ type: "DeleteAccount", data: { number: account.code, used: false } } as ChartCommand]
          : [],
      ),
  );

/** A contact's state from its stream (the detail's fresh truth for checks). */
export const loadContact = async (ctx: AppContext, orgId: string, contactId: string) => {
  const loaded = await loadAggregate(ctx, orgId, contactStreamId(contactId), contactDecider);
  return loaded.state ?? initialContactState();
};
