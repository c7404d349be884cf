import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  type CommandMetadata,
  DomainError,
  type OrganisationCommand,
  type OrganisationSettings,
  organisationStreamId,
  type VatRegime,
  vatRegimes,
} from "@registre/core";
import type { OrganisationRow, StreamHistoryRow } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { logoUrls } from "../files/logos.ts";
import { accessRoute, PLATFORM } from "../http/access.ts";
import { type Locale, translate } from "../http/messages.ts";
import { commandMetadata, validationHook } from "../http/openapi.ts";
import { localeOf, ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import { createOrganisation, runOrganisationCommands } from "../organisations.ts";

const Address = z
  .object({
    line1: z.string().min(1).max(200),
    line2: z.string().max(200).optional(),
    postalCode: z.string().min(1).max(20),
    city: z.string().min(1).max(100),
    country: z.string().length(2),
  })
  .openapi("PostalAddress");

const Settings = {
  siren: z.string().min(9).max(11).openapi({ example: "123456782" }),
  vatNumber: z.string().max(20).nullable().optional().openapi({ example: "FR11123456782" }),
  address: Address.nullable().optional(),
  fiscalYearStartMonth: z.number().int().min(1).max(12).optional().openapi({ example: 1 }),
  vatRegime: z
    .enum(vatRegimes as [VatRegime, ...VatRegime[]])
    .optional()
    .openapi({ example: "reel_normal" }),
  vatOnDebits: z.boolean().optional(),
  email: z.string().max(254).nullable().optional().openapi({ example: "contact@atelier-demo.fr" }),
};

export const CreateOrganisation = z
  .object({ name: z.string().min(1).max(200).openapi({ example: "Atelier Démo SARL" }), ...Settings })
  .openapi("CreateOrganisation");
export const UpdateOrganisation = z
  .object({ name: z.string().min(1).max(200).optional(), ...Settings, siren: Settings.siren.optional() })
  .openapi("UpdateOrganisation");

export const Organisation = z
  .object({
    id: z.uuid(),
    name: z.string(),
    siren: z.string(),
    vatNumber: z.string().nullable(),
    address: Address.nullable(),
    fiscalYearStartMonth: z.number().int(),
    vatRegime: z.string(),
    vatOnDebits: z.boolean(),
    email: z.string().nullable(),
    logo: z
      .object({ png: z.string(), webp: z.string(), width: z.number().int(), height: z.number().int() })
      .nullable()
      .openapi({ description: "The logo's URLs: a WebP variant for browsers that take it, a PNG otherwise" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Organisation");

const HistoryItem = z
  .object({
    streamId: z.string(),
    version: z.number().int(),
    type: z.string(),
    at: z.string(),
    userId: z.string().nullable(),
    summary: z.record(z.string(), z.unknown()),
  })
  .openapi("HistoryItem");

const IdParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });
const ListQuery = z.object({
  q: z.string().optional().openapi({ description: "Filters by name or SIREN" }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});

const toOrganisation = (r: OrganisationRow): z.infer<typeof Organisation> => ({
  id: r.org_id,
  name: r.name,
  siren: r.siren,
  vatNumber: r.vat_number,
  address: r.address,
  fiscalYearStartMonth: r.fiscal_year_start_month,
  vatRegime: r.vat_regime,
  vatOnDebits: r.vat_on_debits,
  email: r.email,
  logo: logoUrls(r.org_id, r.logo ?? null),
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

const errors = problemResponses(404, 409, 422);

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

/** Platform administration of organisations: /api/registre/orgs (spec section 7, platform). */
export const organisationRoutes = (ctx: AppContext) => {
  const app = new OpenAPIHono({ defaultHook: validationHook });

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/",
      operationId: "listOrganisations",
      tags: ["Organisations"],
      request: { query: ListQuery },
      responses: {
        200: {
          description: "Organisations, by name",
          content: {
            "application/json": { schema: z.object({ items: z.array(Organisation), total: z.number() }) },
          },
        },
      },
    }),
    async (c) => {
      const { q, limit, offset } = c.req.valid("query");
      let query = ctx.database.db.selectFrom("organisations");
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
      return c.json({ items: (rows as OrganisationRow[]).map(toOrganisation), total: Number(count.n) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "post",
      path: "/",
      operationId: "createOrganisation",
      tags: ["Organisations"],
      request: { body: { content: { "application/json": { schema: CreateOrganisation } }, required: true } },
      responses: {
        201: { description: "Created", content: { "application/json": { schema: Organisation } } },
        ...errors,
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const orgId = await createOrganisation(ctx, body, commandMetadata(c, ctx));
      return c.json(await findOrganisation(ctx, orgId), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/{id}",
      operationId: "getOrganisation",
      tags: ["Organisations"],
      request: { params: IdParam },
      responses: {
        200: { description: "The organisation", content: { "application/json": { schema: Organisation } } },
        ...errors,
      },
    }),
    async (c) => c.json(await findOrganisation(ctx, c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "put",
      path: "/{id}",
      operationId: "updateOrganisation",
      tags: ["Organisations"],
      request: {
        params: IdParam,
        body: { content: { "application/json": { schema: UpdateOrganisation } }, required: true },
      },
      responses: {
        200: { description: "Updated", content: { "application/json": { schema: Organisation } } },
        ...errors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await findOrganisation(ctx, id);
      await changeOrganisation(ctx, id, c.req.valid("json"), commandMetadata(c, ctx), localeOf(c));
      return c.json(await findOrganisation(ctx, id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/{id}/history",
      operationId: "getOrganisationHistory",
      tags: ["Organisations"],
      request: { params: IdParam },
      responses: {
        200: {
          description: "Who did what when on the organisation, newest first",
          content: { "application/json": { schema: z.object({ items: z.array(HistoryItem) }) } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await findOrganisation(ctx, id);
      const rows = (await ctx.database.db
        .selectFrom("stream_history")
        .selectAll()
        .where("org_id", "=", id)
        .where("stream_id", "=", organisationStreamId(id))
        .orderBy("version", "desc")
        .execute()) as StreamHistoryRow[];
      return c.json(
        {
          items: rows.map((r) => ({
            streamId: r.stream_id,
            version: r.version,
            type: r.type,
            at: new Date(r.at).toISOString(),
            userId: r.user_id,
            summary: (r.data ?? {}) as Record<string, unknown>,
          })),
        },
        200,
      );
    },
  );

  return app;
};
