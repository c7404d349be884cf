import { z } from "@hono/zod-openapi";
import { metaKeyPattern, Rights } from "@registre/core";
import { contactHoldingRecord } from "../../contacts/queries.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { resourceApp, sessionOrg } from "../../http/openapi.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import { pathParams, Uuid } from "../../schemas/ids.ts";
import { type Body, type RecordSpec, recordActions, recordSpecs } from "./records.ts";

/** Where each kind of sub-record lives in the contact's state (the contacts read model's `state`). */
const stateKey: Record<string, string> = {
  addresses: "addresses",
  phones: "phones",
  emails: "emails",
  ibans: "ibans",
  notes: "notes",
  contacts: "links",
};

const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
/** A contact's meta in the flat shape: `<contactId>:<key>`. */
const ContactMetaId = z
  .string()
  .regex(new RegExp(`^${UUID}:${metaKeyPattern.source.replace(/^\^/, "").replace(/\$$/, "")}$`))
  .openapi({ example: "0190c4d2-7c3e-4a8b-9c3d-5e6f7a8b9c0d:ean" });

/**
 * The flat id of a record: its own id (addresses, phones, emails, IBANs, notes, links), the contact's id
 * for the ones a contact has at most one of (legal identity, payment terms), `<contactId>:<key>` for a meta.
 */
const flatId = (spec: RecordSpec) => (spec.single ? Uuid : spec.path === "metas" ? ContactMetaId : Uuid);

/**
 * The contacts' sub-records in the spec's flat shape (`POST /contacts/{sub}` with the contact named by
 * `parentId` in the body, `PUT`/`DELETE /contacts/{sub}/{id}`), beside the nested routes: the same
 * actions (`recordActions`), the same rights; the contact of a record found through the read model.
 * Mounted at /contacts before the contact's own `/{id}` routes.
 */
export const contactFlatRecordRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  for (const spec of recordSpecs) {
    const actions = recordActions(ctx, spec);
    const tags = ["Contacts"];
    const Params = pathParams({ id: flatId(spec) });
    /** The contact and the record's own id a flat id names; 404 when no contact has it. */
    const locate = async (orgId: string, id: string): Promise<{ contactId: string; recordId: string }> => {
      if (spec.single) return { contactId: id, recordId: "main" };
      if (spec.path === "metas") {
        const at = id.indexOf(":");
        return { contactId: id.slice(0, at), recordId: id.slice(at + 1) };
      }
      const key = stateKey[spec.path] ?? spec.path;
      const contactId = await contactHoldingRecord(ctx, orgId, key, id);
      if (!contactId) throw actions.notFound(id);
      return { contactId, recordId: id };
    };
    const Input = z
      .object({ parentId: Uuid.openapi({ description: "The contact the record belongs to" }) })
      .and(spec.input)
      .openapi(`ContactFlat_${spec.path}`);
    const Output = spec.output;

    app.openapi(
      accessRoute(ctx, right(spec.code, Rights.create), {
        method: "post",
        path: `/${spec.path}`,
        operationId: `addContactFlat_${spec.path}`,
        tags,
        summary: `Add a ${spec.name} to the contact named by parentId`,
        request: body(Input),
        responses: { 201: answer(Output, `The ${spec.name} added`), ...errors },
      }),
      async (c) => {
        const { parentId, ...rest } = c.req.valid("json") as Body & { parentId: string };
        return c.json((await actions.add(c, sessionOrg(c), parentId, rest)) as never, 201);
      },
    );

    app.openapi(
      accessRoute(ctx, right(spec.code, Rights.update), {
        method: "put",
        path: `/${spec.path}/{id}`,
        operationId: `changeContactFlat_${spec.path}`,
        tags,
        request: { params: Params, ...body(spec.change ?? spec.input) },
        responses: { 200: answer(Output, `The ${spec.name} changed`), ...errors },
      }),
      async (c) => {
        const orgId = sessionOrg(c);
        const { contactId, recordId } = await locate(orgId, c.req.valid("param").id);
        const record = await actions.update(c, orgId, contactId, recordId, c.req.valid("json") as Body);
        return c.json(record as never, 200);
      },
    );

    app.openapi(
      accessRoute(ctx, right(spec.code, Rights.delete), {
        method: "delete",
        path: `/${spec.path}/{id}`,
        operationId: `removeContactFlat_${spec.path}`,
        tags,
        request: { params: Params },
        responses: { 204: { description: "Removed" }, ...errors },
      }),
      (c) => {
        const id = c.req.valid("param").id;
        // The record's own id: for a meta its key, for a single record "main".
        const recordId = spec.single ? "main" : spec.path === "metas" ? id.slice(id.indexOf(":") + 1) : id;
        return actions.remove(c, async (orgId) => (await locate(orgId, id)).contactId, recordId);
      },
    );
  }
  return app;
};
