import type { z } from "@hono/zod-openapi";
import {
  type CommandMetadata,
  type CreateOrganisation,
  DomainError,
  type OrganisationCommand,
  type OrganisationSettings,
  organisationDecider,
  organisationStreamId,
  vatPeriodicityOf,
} from "@registre/core";
import { type OrganisationRow, readModels } from "@registre/projections";
import { setUpAccounting } from "./accounting/setup.ts";
import { orgStreamRunner } from "./commands.ts";
import type { AppContext } from "./context.ts";
import { logoUrls } from "./files/logos.ts";
import { type Locale, translate } from "./http/messages.ts";
import { ProblemError } from "./http/problem.ts";
import { derivedId } from "./ids.ts";
import type { Organisation, UpdateOrganisation } from "./schemas/organisations.ts";

/** The read models an organisation's screens and lists read. */
export const organisationReadModels = ["organisations", "stream_history", "memberships"] as const;

/** Runs organisation commands on one organisation's stream (the API, the CLI and the demo seed). */
export const runOrganisationCommands = orgStreamRunner({
  streamId: organisationStreamId,
  decider: organisationDecider,
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

/** An organisations read-model row as the API shows it. */
export const toOrganisation = (r: OrganisationRow): z.infer<typeof Organisation> => ({
  id: r.org_id,
  name: r.name,
  siren: r.siren,
  vatNumber: r.vat_number,
  address: r.address,
  fiscalYearStartMonth: r.fiscal_year_start_month,
  vatRegime: r.vat_regime,
  vatOnDebits: r.vat_on_debits,
  vatPeriodicity: vatPeriodicityOf({
    vatRegime: r.vat_regime,
    vatPeriodicity: r.vat_periodicity ?? undefined,
  }),
  email: r.email,
  logo: logoUrls(r.org_id, r.logo ?? null),
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** One organisation as the API shows it, or a 404 problem. */
export const findOrganisation = async (ctx: AppContext, id: string) => {
  const row = await ctx.database.db
    .selectFrom("organisations")
    .selectAll()
    .where("org_id", "=", id)
    .executeTakeFirst();
  if (!row) throw new ProblemError(404, "organisation.notFound");
  return toOrganisation(row as OrganisationRow);
};

type OrganisationChanges = z.infer<typeof UpdateOrganisation>;

/**
 * The field of the request a refusal of the organisation's decider is about, so that a form shows the
 * message under it. A VAT number that does not carry the SIREN is the number's fault when it was sent,
 * else the new SIREN's.
 */
const refusedField = (code: string, input: OrganisationChanges): keyof OrganisationChanges | null => {
  switch (code) {
    case "organisation.invalidSiren":
      return "siren";
    case "validation.invalidVatNumber":
      return "vatNumber";
    case "organisation.vatNumberSirenMismatch":
      return input.vatNumber !== undefined ? "vatNumber" : "siren";
    case "organisation.invalidFiscalYearStartMonth":
      return "fiscalYearStartMonth";
    case "organisation.nameRequired":
    case "organisation.nameTooLong":
      return "name";
    case "validation.invalidEmail":
      return "email";
    default:
      return null;
  }
};

/**
 * Renames and/or changes the settings of an organisation, in one append. A refused value is answered
 * 422 with its stable code and an `errors` entry naming the field.
 */
export const changeOrganisation = async (
  ctx: AppContext,
  orgId: string,
  input: OrganisationChanges,
  metadata: CommandMetadata,
  locale: Locale = "fr",
) => {
  const { name, ...settings } = input;
  const commands: OrganisationCommand[] = [];
  if (name !== undefined) commands.push({ type: "RenameOrganisation", data: { name } });
  const changes = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length > 0)
    commands.push({ type: "ChangeOrganisationSettings", data: changes as Partial<OrganisationSettings> });
  try {
    await runOrganisationCommands(ctx, orgId, commands, metadata);
  } catch (error) {
    const field = error instanceof DomainError ? refusedField(error.code, input) : null;
    if (!(error instanceof DomainError) || field === null) throw error;
    throw new ProblemError(error.status, error.code, error.params, [
      { path: field, code: error.code, message: translate(error.code, locale, error.params) },
    ]);
  }
};

/** The organisations by name, a page of them, searched by name or SIREN (the platform's list). */
export const listOrganisations = async (
  ctx: AppContext,
  { q, limit, offset }: { q?: string | undefined; limit: number; offset: number },
) => {
  let query = readModels(ctx.database).selectFrom("organisations");
  if (q) {
    const pattern = `%${q.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`;
    query = query.where((eb) =>
      eb.or([eb(eb.fn("lower", ["name"]), "like", pattern), eb("siren", "like", pattern)]),
    );
  }
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy("name").orderBy("org_id").limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toOrganisation), total: Number(count.n) };
};

/** Who did what when on the organisation's own stream, newest first. */
export const organisationHistory = async (ctx: AppContext, orgId: string) =>
  (
    await readModels(ctx.database)
      .selectFrom("stream_history")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("stream_id", "=", organisationStreamId(orgId))
      .orderBy("version", "desc")
      .execute()
  ).map((r) => ({
    streamId: r.stream_id,
    version: r.version,
    type: r.type,
    at: new Date(r.at).toISOString(),
    userId: r.user_id,
    summary: (r.data ?? {}) as Record<string, unknown>,
  }));
