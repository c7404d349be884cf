import type { z } from "@hono/zod-openapi";
import { type ContactCommand, type ContactState, DomainError, Rights } from "@registre/core";
import type { Context } from "hono";
import { alreadyAppended } from "../../commands.ts";
import { checkIbanFree, loadContact, runContactCommit } from "../../contacts/commands.ts";
import { findContact } from "../../contacts/queries.ts";
import { referenceCode } from "../../contacts/reference-codes.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { answerDeleted } from "../../http/deleted.ts";
import { withField } from "../../http/field-problems.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { derivedId } from "../../ids.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import {
  AddressInput,
  type Contact,
  ContactAddress,
  ContactEmail,
  ContactIban,
  ContactIdParam,
  ContactLegal,
  ContactLink,
  ContactMeta,
  ContactNote,
  ContactPaymentTerms,
  ContactPhone,
  ContactRecordParams,
  EmailInput,
  IbanInput,
  LegalInput,
  LinkInput,
  MetaInput,
  MetaValueInput,
  NoteInput,
  PaymentTermsInput,
  PhoneInput,
  records,
} from "../../schemas/contacts.ts";

type ContactAnswer = z.infer<typeof Contact>;
export type Body = Record<string, unknown>;

/**
 * One kind of sub-record: where it lives in the path and the answer, its schemas and right, and the
 * commands that add, change and remove one. `recordId` is the record's id ("main" for the legal
 * identity and the payment terms, the key for a meta).
 */
export type RecordSpec = {
  readonly path: string;
  readonly name: string;
  readonly code: string;
  readonly input: z.ZodType;
  readonly change?: z.ZodType;
  readonly output: z.ZodType;
  readonly list: (contact: ContactAnswer) => readonly { readonly id?: string; readonly key?: string }[];
  readonly add: (
    recordId: string,
    body: Body,
    ctx: AppContext,
    orgId: string,
    contactId: string,
  ) => Promise<ContactCommand>;
  readonly update: (
    recordId: string,
    body: Body,
    ctx: AppContext,
    orgId: string,
    contactId: string,
  ) => Promise<ContactCommand>;
  readonly remove: (recordId: string) => ContactCommand;
  /** A record always at the same id: "main". */
  readonly single?: boolean;
};

const linked = async (ctx: AppContext, orgId: string, id: string) => {
  const state: ContactState = await loadContact(ctx, orgId, id);
  return { linked: "identity" in state && state.status !== "merged" ? { kind: state.identity.kind } : null };
};

const ibanChecked = async (ctx: AppContext, orgId: string, contactId: string, b: Body) => {
  if (typeof b.iban === "string")
    await checkIbanFree(ctx, orgId, contactId, b.iban).catch((e: unknown) => {
      // An IBAN the domain cannot read is its own refusal ("Invalid Iban"), worded by the decider.
      if (e instanceof DomainError && e.code === "contact.duplicateIban") throw e;
    });
};

/** A record's country, APE code and job as the platform lists' codes (refused when not in them). */
const coded = async (ctx: AppContext, b: Body): Promise<Body> => {
  const out = { ...b };
  for (const field of ["country", "apeCode", "job"] as const)
    if (typeof b[field] === "string") out[field] = await referenceCode(ctx, field, b[field]);
  return out;
};

const recordKinds = (
  name: string,
  type: "Address" | "Phone" | "Email" | "Iban" | "Note",
  path: string,
  code: string,
  input: z.ZodType,
  output: z.ZodType,
  list: RecordSpec["list"],
): RecordSpec => ({
  path,
  name,
  code,
  input,
  output,
  list,
  add: async (id, b, ctx, orgId, contactId) => {
    if (type === "Iban") await ibanChecked(ctx, orgId, contactId, b);
    return { type: `AddContact${type}`, data: { ...(await coded(ctx, b)), id } } as ContactCommand;
  },
  update: async (id, b, ctx, orgId, contactId) => {
    if (type === "Iban") await ibanChecked(ctx, orgId, contactId, b);
    return { type: `ChangeContact${type}`, data: { ...(await coded(ctx, b)), id } } as ContactCommand;
  },
  remove: (id) => ({ type: `RemoveContact${type}`, data: { id } }) as ContactCommand,
});

export const recordSpecs: readonly RecordSpec[] = [
  recordKinds(
    "address",
    "Address",
    "addresses",
    "contacts.addresses",
    AddressInput,
    ContactAddress,
    (c) => c.addresses,
  ),
  recordKinds("phone", "Phone", "phones", "contacts.phones", PhoneInput, ContactPhone, (c) => c.phones),
  recordKinds("email", "Email", "emails", "contacts.emails", EmailInput, ContactEmail, (c) => c.emails),
  recordKinds("IBAN", "Iban", "ibans", "contacts.ibans", IbanInput, ContactIban, (c) => c.ibans),
  recordKinds("note", "Note", "notes", "contacts.note", NoteInput, ContactNote, (c) => c.notes),
  {
    path: "contacts",
    name: "link to a person or company",
    code: "contacts.contacts",
    input: LinkInput,
    output: ContactLink,
    list: (c) => c.links,
    add: async (id, b, ctx, orgId) => ({
      type: "AddContactLink",
      data: { ...((await coded(ctx, b)) as { contactId: string }), id },
      context: await linked(ctx, orgId, (b as { contactId: string }).contactId),
    }),
    update: async (id, b, ctx, orgId) => ({
      type: "ChangeContactLink",
      data: { ...((await coded(ctx, b)) as { contactId: string }), id },
      context: await linked(ctx, orgId, (b as { contactId: string }).contactId),
    }),
    remove: (id) => ({ type: "RemoveContactLink", data: { id } }),
  },
  {
    path: "legals",
    name: "legal identity",
    code: "contacts.legal",
    input: LegalInput,
    output: ContactLegal,
    single: true,
    list: (c) => (c.legal ? [c.legal] : []),
    add: async (_id, b, ctx) => ({ type: "SetContactLegalIdentity", data: await coded(ctx, b) }),
    update: async (_id, b, ctx) => ({ type: "SetContactLegalIdentity", data: await coded(ctx, b) }),
    remove: () => ({ type: "RemoveContactLegalIdentity", data: {} }),
  },
  {
    path: "paymentTerms",
    name: "payment terms",
    code: "contacts.payments",
    input: PaymentTermsInput,
    output: ContactPaymentTerms,
    single: true,
    list: (c) => (c.paymentTerms ? [c.paymentTerms] : []),
    add: async (_id, b) => ({ type: "SetContactPaymentTerms", data: b as { days: number } }),
    update: async (_id, b) => ({ type: "SetContactPaymentTerms", data: b as { days: number } }),
    remove: () => ({ type: "RemoveContactPaymentTerms", data: {} }),
  },
  {
    path: "metas",
    name: "meta (key and value)",
    code: "contacts",
    input: MetaInput,
    change: MetaValueInput,
    output: ContactMeta,
    list: (c) => c.metas,
    add: async (_id, b) => ({ type: "SetContactMeta", data: b as { key: string; value: string } }),
    update: async (key, b) => ({ type: "SetContactMeta", data: { key, value: String(b.value) } }),
    remove: (key) => ({ type: "RemoveContactMeta", data: { key } }),
  },
];

const recordId = (spec: RecordSpec, record: { readonly id?: string; readonly key?: string }) =>
  spec.path === "metas" ? (record.key ?? "") : (record.id ?? "");

const notFound = (spec: RecordSpec, id: string) =>
  new DomainError("contact.recordNotFound", { kind: spec.name, id }, 404);

/**
 * What a sub-record's routes do, whichever shape names it — nested (`/contacts/{id}/{sub}/{recordId}`)
 * or flat (`/contacts/{sub}/{recordId}`, the contact named in the body or found by the record): read one,
 * add, change, remove, each one event of the contact's stream.
 */
export const recordActions = (ctx: AppContext, spec: RecordSpec) => {
  const find = async (orgId: string, contactId: string, id: string) => {
    const contact = await findContact(ctx, orgId, contactId);
    const record = spec.list(contact).find((r) => recordId(spec, r) === id);
    if (!record) throw notFound(spec, id);
    return record;
  };
  const run = async (
    c: Context,
    orgId: string,
    contactId: string,
    command: () => Promise<ContactCommand>,
    metadata = commandMetadata(c, ctx),
  ) => {
    try {
      await runContactCommit(ctx, orgId, contactId, async () => [await command()], metadata);
    } catch (error) {
      throw withField(error, localeOf(c));
    }
  };
  return {
    find,
    notFound: (id: string) => notFound(spec, id),
    /** Adds one (a retried command adds it once) and answers it. */
    add: async (c: Context, orgId: string, contactId: string, b: Body) => {
      const metadata = commandMetadata(c, ctx);
      const id = spec.single
        ? "main"
        : spec.path === "metas"
          ? String(b.key ?? "").trim()
          : derivedId(metadata.commandId, spec.path);
      if (!(await alreadyAppended(ctx, orgId, metadata))) {
        await findContact(ctx, orgId, contactId);
        await run(c, orgId, contactId, () => spec.add(id, b, ctx, orgId, contactId), metadata);
      }
      return find(orgId, contactId, id);
    },
    update: async (c: Context, orgId: string, contactId: string, id: string, b: Body) => {
      await find(orgId, contactId, id);
      await run(c, orgId, contactId, () => spec.update(id, b, ctx, orgId, contactId));
      return find(orgId, contactId, id);
    },
    /** Answers the DELETE (204, or the earlier answer of a retried one). */
    remove: (c: Context, contactId: (orgId: string) => Promise<string>, id: string) =>
      answerDeleted(c, ctx, async (orgId, metadata) => {
        const contact = await contactId(orgId);
        await find(orgId, contact, id);
        await run(c, orgId, contact, async () => spec.remove(id), metadata);
      }),
  };
};

/**
 * The sub-resources of a contact (/contacts/{id}/addresses, contacts, emails, ibans, legals, metas,
 * notes, phones, paymentTerms): a list, and POST, PUT and DELETE by id, each one event of the
 * contact's stream. A new record's id derives from the command's, so a retried POST adds it once.
 */
export const contactRecordRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  for (const spec of recordSpecs) {
    const Output = spec.output;
    const recordParams = ContactRecordParams(
      spec.single ? "main" : spec.path === "metas" ? "metaKey" : "uuid",
    );
    const tag = ["Contacts"];
    const actions = recordActions(ctx, spec);

    app.openapi(
      accessRoute(ctx, right(spec.code, Rights.read), {
        method: "get",
        path: `/{id}/${spec.path}`,
        operationId: `listContact_${spec.path}`,
        tags: tag,
        request: { params: ContactIdParam },
        responses: { 200: answer(records(Output), `The contact's ${spec.name} records`), ...errors },
      }),
      async (c) => {
        const contact = await findContact(ctx, sessionOrg(c), c.req.valid("param").id);
        return c.json({ items: [...spec.list(contact)] } as never, 200);
      },
    );

    app.openapi(
      accessRoute(ctx, right(spec.code, Rights.create), {
        method: "post",
        path: `/{id}/${spec.path}`,
        operationId: `addContact_${spec.path}`,
        tags: tag,
        request: { params: ContactIdParam, ...body(spec.input) },
        responses: { 201: answer(Output, `The ${spec.name} added`), ...errors },
      }),
      async (c) => {
        const contact = c.req.valid("param").id;
        const record = await actions.add(c, sessionOrg(c), contact, c.req.valid("json") as Body);
        return c.json(record as never, 201);
      },
    );

    app.openapi(
      accessRoute(ctx, right(spec.code, Rights.update), {
        method: "put",
        path: `/{id}/${spec.path}/{recordId}`,
        operationId: `changeContact_${spec.path}`,
        tags: tag,
        request: { params: recordParams, ...body(spec.change ?? spec.input) },
        responses: { 200: answer(Output, `The ${spec.name} changed`), ...errors },
      }),
      async (c) => {
        const { id: contactId, recordId: id } = c.req.valid("param");
        const record = await actions.update(c, sessionOrg(c), contactId, id, c.req.valid("json") as Body);
        return c.json(record as never, 200);
      },
    );

    app.openapi(
      accessRoute(ctx, right(spec.code, Rights.delete), {
        method: "delete",
        path: `/{id}/${spec.path}/{recordId}`,
        operationId: `removeContact_${spec.path}`,
        tags: tag,
        request: { params: recordParams },
        responses: { 204: { description: "Removed" }, ...errors },
      }),
      (c) => {
        const { id: contactId, recordId: id } = c.req.valid("param");
        return actions.remove(c, async () => contactId, id);
      },
    );
  }
  return app;
};
