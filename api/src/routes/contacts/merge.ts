import { Rights } from "@registre/core";
import { mergeContacts } from "../../contacts/merge.ts";
import { findContact } from "../../contacts/queries.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { withField } from "../../http/field-problems.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import { Contact, ContactIdParam, MergeContactInput } from "../../schemas/contacts.ts";

/** The merge of two contacts (`POST /contacts/{id}/merge {from}`): one commit over every stream it touches. */
export const contactMergeRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, right("contacts", Rights.update), {
      method: "post",
      path: "/{id}/merge",
      operationId: "mergeContact",
      tags: ["Contacts"],
      description:
        "Merges the contact `from` into this one in one commit: this one takes every type, sub-record, meta and " +
        "criterion it lacks (its own single values — legal identity, payment terms, a meta's value — stay), `from` " +
        "records that it was merged and keeps its history, and the other contacts' links to `from` now name this " +
        "one. A person and a company are not merged (409 `contact.mergeKinds`).",
      request: { params: ContactIdParam, ...body(MergeContactInput) },
      responses: { 200: answer(Contact, "The kept contact, merged"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const { from } = c.req.valid("json");
      try {
        await mergeContacts(ctx, orgId, id, from, commandMetadata(c, ctx));
      } catch (error) {
        throw withField(error, localeOf(c));
      }
      return c.json(await findContact(ctx, orgId, id), 200);
    },
  );
  return app;
};
