import {
  type ContactCommand,
  DomainError,
  organisationDecider,
  organisationStreamId,
  Rights,
} from "@registre/core";
import { loadAggregate } from "../../commands.ts";
import { deleteContact, runContactCommit } from "../../contacts/commands.ts";
import { createContact, criteriaCommands, identityInput } from "../../contacts/create.ts";
import { findContact, listContacts } from "../../contacts/queries.ts";
import { creationReferenceCodes, withReferenceCodes } from "../../contacts/reference-codes.ts";
import type { AppContext } from "../../context.ts";
import { withLateness } from "../../documents/late.ts";
import { contactDocuments } from "../../documents/queries.ts";
import { requireDocumentRight } from "../../documents/rights.ts";
import { accessRoute, right } from "../../http/access.ts";
import { answerDeleted } from "../../http/deleted.ts";
import { withField } from "../../http/field-problems.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { changeOrganisation } from "../../organisations.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import {
  Contact,
  ContactDocumentList,
  ContactIdParam,
  ContactList,
  ContactListQuery,
  ContactSettings,
  CreateContactInput,
  DueQuery,
  UpdateContactInput,
} from "../../schemas/contacts.ts";

const CODE = "contacts";
const tags = ["Contacts"];

/**
 * The contacts themselves (/contacts): list, create, read, change, archive, delete, history, settings,
 * and their sales and purchases (empty until documents exist). Mounted at /contacts after the
 * organisation users (`/contacts/users…`), which `/{id}` would otherwise take.
 */
export const contactRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.read), {
      method: "get",
      path: "/settings",
      operationId: "getContactSettings",
      tags,
      responses: { 200: answer(ContactSettings, "How auxiliary account codes are made"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { state } = await loadAggregate(ctx, orgId, organisationStreamId(orgId), organisationDecider);
      const mode = state.status === "active" ? (state.auxiliaryCodeMode ?? "name") : "name";
      return c.json({ auxiliaryCodeMode: mode }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("organization", Rights.update), {
      method: "put",
      path: "/settings",
      operationId: "updateContactSettings",
      tags,
      request: body(ContactSettings),
      responses: { 200: answer(ContactSettings, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { auxiliaryCodeMode } = c.req.valid("json");
      await changeOrganisation(ctx, orgId, { auxiliaryCodeMode }, commandMetadata(c, ctx), localeOf(c));
      return c.json({ auxiliaryCodeMode }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.read), {
      method: "get",
      path: "/",
      operationId: "listContacts",
      tags,
      request: { query: ContactListQuery },
      responses: { 200: answer(ContactList, "Contacts"), ...errors },
    }),
    async (c) => c.json(await listContacts(ctx, sessionOrg(c), c.req.valid("query")), 200),
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.create), {
      method: "post",
      path: "/",
      operationId: "createContact",
      tags,
      description:
        "Creates a contact with its first sub-records; a customer or supplier gets its auxiliary account " +
        "under 411000/401000 in the same commit. Possible duplicates (name, SIREN, VAT number, e-mail, IBAN) " +
        "answer 409 `contact.duplicate(s)` with `duplicates`; the same body with `acknowledgeDuplicates: true` " +
        "creates it anyway.",
      request: body(CreateContactInput),
      responses: { 201: answer(Contact, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const metadata = commandMetadata(c, ctx);
      const input = await creationReferenceCodes(ctx, c.req.valid("json"), localeOf(c));
      const id = await createContact(ctx, orgId, input, metadata, localeOf(c));
      return c.json(await findContact(ctx, orgId, id), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.read), {
      method: "get",
      path: "/{id}",
      operationId: "getContact",
      tags,
      request: { params: ContactIdParam },
      responses: { 200: answer(Contact, "The contact with its sub-records"), ...errors },
    }),
    async (c) => c.json(await findContact(ctx, sessionOrg(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.update), {
      method: "put",
      path: "/{id}",
      operationId: "updateContact",
      tags,
      description:
        "Changes the name, details, types (a first customer or supplier type opens its auxiliary account in " +
        "the same commit) and criteria; fields left out stay as they are.",
      request: { params: ContactIdParam, ...body(UpdateContactInput) },
      responses: { 200: answer(Contact, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const b = await withReferenceCodes(ctx, c.req.valid("json"), ["job"], localeOf(c));
      await findContact(ctx, orgId, id);
      try {
        await runContactCommit(
          ctx,
          orgId,
          id,
          (state, accounting) => {
            if (!("identity" in state)) throw new DomainError("contact.notFound", {}, 404);
            const commands: ContactCommand[] = [];
            if ([b.kind, b.name, b.firstName, b.lastName].some((v) => v !== undefined))
              commands.push({ type: "RenameContact", data: { identity: identityInput(b, state.identity) } });
            if (b.job !== undefined || b.website !== undefined)
              commands.push({
                type: "ChangeContactDetails",
                data: {
                  ...(b.job !== undefined && { job: b.job }),
                  ...(b.website !== undefined && { website: b.website }),
                },
              });
            if (b.types)
              commands.push({
                type: "ChangeContactTypes",
                data: { types: b.types },
                context: { accounting },
              });
            if (b.criteria) commands.push(...criteriaCommands(state.criteria, b.criteria));
            return commands;
          },
          commandMetadata(c, ctx),
        );
      } catch (error) {
        throw withField(error, localeOf(c));
      }
      return c.json(await findContact(ctx, orgId, id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.delete), {
      method: "delete",
      path: "/{id}",
      operationId: "deleteContact",
      tags,
      description:
        "Deletes the contact and its unused auxiliary accounts in one commit; refused (409 `contact.usedInDocs`) " +
        "when an entry names one of its accounts — archive it instead.",
      request: { params: ContactIdParam },
      responses: { 204: { description: "Deleted" }, ...errors },
    }),
    (c) =>
      answerDeleted(c, ctx, async (orgId, metadata) => {
        const { id } = c.req.valid("param");
        await findContact(ctx, orgId, id);
        await deleteContact(ctx, orgId, id, metadata);
      }),
  );

  for (const [action, type] of [
    ["archive", "ArchiveContact"],
    ["unarchive", "UnarchiveContact"],
  ] as const)
    app.openapi(
      accessRoute(ctx, right(CODE, Rights.update), {
        method: "post",
        path: `/{id}/${action}`,
        operationId: `${action}Contact`,
        tags,
        description:
          action === "archive"
            ? "Archives the contact (a customer becomes an old customer); it leaves the default list."
            : "Brings an archived contact back to the list.",
        request: { params: ContactIdParam },
        responses: { 200: answer(Contact, action === "archive" ? "Archived" : "Unarchived"), ...errors },
      }),
      async (c) => {
        const orgId = sessionOrg(c);
        const { id } = c.req.valid("param");
        await findContact(ctx, orgId, id);
        await runContactCommit(ctx, orgId, id, () => [{ type, data: {} }], commandMetadata(c, ctx));
        return c.json(await findContact(ctx, orgId, id), 200);
      },
    );

  for (const [path, operationId, description, direction, due] of [
    ["/{id}/sales", "listContactSales", "Sales documents of the contact, newest first", "sales", false],
    [
      "/{id}/sales/due",
      "listContactSalesDue",
      "Validated sales invoices of the contact left to pay, oldest due first, with days late, the late-payment penalty and the €40 indemnity",
      "sales",
      true,
    ],
    [
      "/{id}/purchases",
      "listContactPurchases",
      "Purchase documents of the contact, newest first",
      "purchases",
      false,
    ],
    [
      "/{id}/purchases/due",
      "listContactPurchasesDue",
      "Validated purchase invoices of the contact left to pay, oldest due first",
      "purchases",
      true,
    ],
  ] as const)
    app.openapi(
      accessRoute(ctx, right(CODE, Rights.read), {
        method: "get",
        path,
        operationId,
        tags,
        description: `${description} (at most 500).${due ? " `creditNotes=true` adds the open credit notes (what a refund settles) after the invoices." : ""}`,
        request: { params: ContactIdParam, ...(due && { query: DueQuery }) },
        responses: { 200: answer(ContactDocumentList, description), ...errors },
      }),
      async (c) => {
        const orgId = sessionOrg(c);
        const { id } = c.req.valid("param");
        await findContact(ctx, orgId, id);
        requireDocumentRight(c, { direction, kind: "invoice" }, Rights.read);
        const creditNotes = due && c.req.query("creditNotes") === "true";
        const rows = await contactDocuments(ctx, orgId, id, direction, due, creditNotes);
        return c.json({ items: rows.map((r) => withLateness(ctx, r)) }, 200);
      },
    );

  return app;
};
