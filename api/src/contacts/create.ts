import type { z } from "@hono/zod-openapi";
import {
  type CommandMetadata,
  type ContactCommand,
  type ContactIdentity,
  type CreateContact,
  DomainError,
  type DuplicateMatch,
  type IdentityInput,
  normaliseAddressRecord,
  normaliseEmailRecord,
  normaliseIbanRecord,
  normaliseIdentity,
  normaliseLegal,
  normalisePaymentTerms,
  normalisePhoneRecord,
} from "@registre/core";
import { setupReadModels } from "../accounting/setup.ts";
import { alreadyAppended } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { fieldChecked, withField } from "../http/field-problems.ts";
import type { Locale } from "../http/messages.ts";
import { ProblemError } from "../http/problem.ts";
import { derivedId } from "../ids.ts";
import type { CreateContactInput } from "../schemas/contacts.ts";
import {
  type ContactCommands,
  checkIbanFree,
  contactReadModels,
  possibleDuplicates,
  runContactCommit,
} from "./commands.ts";

type IdentityFields = {
  kind?: "company" | "person" | undefined;
  name?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
};

/** The identity a body names, over the current one for the fields it leaves out. */
export const identityInput = (b: IdentityFields, current?: ContactIdentity): IdentityInput => {
  const kind = b.kind ?? current?.kind ?? "company";
  if (kind === "company") return { kind, name: b.name ?? (current?.kind === "company" ? current.name : "") };
  const person = current?.kind === "person" ? current : null;
  return {
    kind,
    firstName: b.firstName !== undefined ? b.firstName : (person?.firstName ?? null),
    lastName: b.lastName ?? person?.lastName ?? "",
  };
};

/** The contact's criteria made `wanted`: one command per criterion added or removed. */
export const criteriaCommands = (current: readonly string[], wanted: readonly string[]): ContactCommand[] => [
  ...wanted
    .filter((c) => !current.includes(c.trim()))
    .map((criterion): ContactCommand => ({ type: "AddContactCriterion", data: { criterion } })),
  ...current
    .filter((c) => !wanted.map((w) => w.trim()).includes(c))
    .map((criterion): ContactCommand => ({ type: "RemoveContactCriterion", data: { criterion } })),
];

/**
 * A creation from the create form's body, checked: every sub-record first with the path of its field
 * (`addresses.0.postalCode`), the IBANs checked free in the organisation, the possible duplicates
 * looked up. Answers the commands creating it, decided on the accounting context the commit reads
 * (`runContactCommit`, or a larger commit: an imported invoice's supplier, its draft and its file).
 */
export const contactCreation = async (
  ctx: AppContext,
  orgId: string,
  id: string,
  b: z.infer<typeof CreateContactInput>,
  metadata: CommandMetadata,
  locale: Locale,
): Promise<{ commands: ContactCommands; duplicates: DuplicateMatch[] }> => {
  const identity = fieldChecked(locale, "", () => normaliseIdentity(identityInput(b)));
  const addresses = (b.addresses ?? []).map((a, i) => ({
    ...a,
    id: derivedId(metadata.commandId, "address", i),
  }));
  const phones = (b.phones ?? []).map((p, i) => ({
    ...p,
    id: derivedId(metadata.commandId, "phone", i),
    country: p.country as Parameters<typeof normalisePhoneRecord>[0]["country"],
  }));
  const emails = (b.emails ?? []).map((e, i) => ({
    ...e,
    id: derivedId(metadata.commandId, "email", i),
  }));
  const ibans = (b.ibans ?? []).map((x, i) => ({ ...x, id: derivedId(metadata.commandId, "iban", i) }));
  for (const [i, a] of addresses.entries())
    fieldChecked(locale, `addresses.${i}`, () => normaliseAddressRecord(a));
  for (const [i, p] of phones.entries()) fieldChecked(locale, `phones.${i}`, () => normalisePhoneRecord(p));
  const cleanEmails = emails.map((e, i) =>
    fieldChecked(locale, `emails.${i}`, () => normaliseEmailRecord(e)),
  );
  const cleanIbans = ibans.map((x, i) => fieldChecked(locale, `ibans.${i}`, () => normaliseIbanRecord(x)));
  const legal = b.legal ? fieldChecked(locale, "legal", () => normaliseLegal(b.legal ?? {})) : null;
  if (b.paymentTerms) {
    const terms = b.paymentTerms;
    fieldChecked(locale, "paymentTerms", () => normalisePaymentTerms(terms));
  }
  for (const [i, x] of cleanIbans.entries()) {
    try {
      await checkIbanFree(ctx, orgId, id, x.iban);
    } catch (error) {
      throw withField(error, locale, `ibans.${i}`);
    }
  }
  const duplicates = await possibleDuplicates(ctx, orgId, {
    id,
    name: identity.kind === "company" ? identity.name : `${identity.firstName ?? ""} ${identity.lastName}`,
    siren: legal?.siren ?? null,
    siret: legal?.siret ?? null,
    vatNumber: legal?.vatNumber ?? null,
    emails: cleanEmails.map((e) => e.address),
    ibans: cleanIbans.map((x) => x.iban),
  });
  const commands: ContactCommands = (_state, accounting) => {
    const create: CreateContact = {
      type: "CreateContact",
      data: {
        id,
        identity: identityInput(b),
        types: b.types,
        job: b.job,
        website: b.website,
        addresses,
        phones,
        emails,
        ibans,
        legal: b.legal,
        paymentTerms: b.paymentTerms,
        acknowledgeDuplicates: b.acknowledgeDuplicates,
      },
      context: { duplicates, accounting },
    };
    return [create, ...criteriaCommands([], b.criteria ?? [])];
  };
  return { commands, duplicates };
};

/** A refusal of a creation as the API answers it: possible duplicates 409 with them, a field named. */
export const creationRefusal = (error: unknown, locale: Locale, duplicates: readonly DuplicateMatch[]) =>
  error instanceof DomainError && (error.code === "contact.duplicate" || error.code === "contact.duplicates")
    ? new ProblemError(409, error.code, error.params, undefined, { duplicates })
    : withField(error, locale);

/**
 * Creates a contact from the create form's body (`contactCreation`'s checks, answered 409 with
 * `duplicates` unless acknowledged), then one commit with its auxiliary accounts. Its id derives from
 * the command's: a retry answers the first contact.
 */
export const createContact = async (
  ctx: AppContext,
  orgId: string,
  b: z.infer<typeof CreateContactInput>,
  metadata: CommandMetadata,
  locale: Locale,
): Promise<string> => {
  const id = derivedId(metadata.commandId, "contact");
  if (await alreadyAppended(ctx, orgId, metadata, [...contactReadModels, ...setupReadModels])) return id;
  const { commands, duplicates } = await contactCreation(ctx, orgId, id, b, metadata, locale);
  try {
    await runContactCommit(ctx, orgId, id, commands, metadata);
  } catch (error) {
    throw creationRefusal(error, locale, duplicates);
  }
  return id;
};
