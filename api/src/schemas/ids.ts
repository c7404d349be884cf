import { z } from "@hono/zod-openapi";
import {
  accountNumberPatterns,
  defaultPaymentModes,
  documentLineIdPattern,
  journalCodePattern,
  metaKeyPattern,
  type ReferenceKind,
  referenceCodePatterns,
  templateLanguages,
  templateUses,
} from "@registre/core";

/**
 * The shapes of the ids the API is sent: in a path, a query or a body, an id is taken exactly as sent —
 * never trimmed, never put in another case — and refused (422, the field named) unless it has its
 * shape. Issue 21: « FR » read from `/registre/countries/FR%20`, a tier's id with a trailing space, an
 * address id that was no id, were each taken for a record. A text field that names a record has one
 * of these shapes, never a bare `z.string()`.
 */

/** A uuid's text, lower or upper case (PostgreSQL reads both as the same uuid). */
const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
/** The source of a pattern without its anchors, to compose one. */
const inner = (pattern: RegExp) => pattern.source.replace(/^\^/, "").replace(/\$$/, "");
const anyOf = (...parts: readonly string[]) => new RegExp(`^(?:${parts.join("|")})$`);

/** A record the database keys by a uuid: a contact, a document, a payment, a fiscal year… */
export const Uuid = z.uuid();

/** A platform list's code as the list keeps it (`HUR`, `FR`, `62.01Z`): upper case, no space. */
export const ReferenceCode = (kind: ReferenceKind) => z.string().regex(referenceCodePatterns[kind]);

/** An account of the chart, general (`411000`) or auxiliary (`CALPHA`). */
export const AccountNumber = z
  .string()
  .regex(anyOf(inner(accountNumberPatterns.general), inner(accountNumberPatterns.auxiliary)))
  .openapi({ example: "411000" });

/** A journal's code (`VT`). */
export const JournalCode = z.string().regex(journalCodePattern).openapi({ example: "VT" });

/** An e-mail template: one of the organisation's (a uuid) or a built-in one (`default-invoice-fr`). */
export const TemplateId = z
  .string()
  .regex(anyOf(UUID, `default-(?:${templateUses.join("|")})-(?:${templateLanguages.join("|")})`))
  .openapi({ example: "default-invoice-fr" });

/** A payment mode: one of the organisation's (a uuid) or a built-in one (`transfer`, `cheque`…). */
export const PaymentModeId = z
  .string()
  .regex(anyOf(UUID, ...defaultPaymentModes.map((m) => m.id)))
  .openapi({ example: "transfer" });

/** A document line's id (`L3`): what a credit note's or a transformation's line names of its origin. */
export const DocumentLineId = z.string().regex(documentLineIdPattern).openapi({ example: "L1" });

/** A meta's key (an item's, a contact's). */
export const MetaKey = z.string().regex(metaKeyPattern).openapi({ example: "ean" });

/** An item's meta: `<itemId>:<key>`. */
export const ItemMetaId = z
  .string()
  .regex(new RegExp(`^${UUID}:${inner(metaKeyPattern)}$`))
  .openapi({ example: "0190c4d2-7c3e-4a8b-9c3d-5e6f7a8b9c0d:ean" });

/**
 * An item's price tier: `<itemId>:<side>:<fromQuantity>`, the quantity as the item keeps it (no
 * leading zero, at most 4 decimals, no trailing zero): `…:sale:5`, never `…:sale:5.0` nor `…:sale:5 `.
 */
export const ItemTierId = z
  .string()
  .regex(new RegExp(`^${UUID}:(?:sale|purchase):(?:0|[1-9]\\d{0,11})(?:\\.\\d{0,3}[1-9])?$`))
  .openapi({ example: "0190c4d2-7c3e-4a8b-9c3d-5e6f7a8b9c0d:sale:10" });

/** A contact's history entry: `<contactId>:<entryId>`. */
export const ContactHistoryId = z
  .string()
  .regex(new RegExp(`^${UUID}:${UUID}$`))
  .openapi({ description: "`<contactId>:<entryId>`" });

/** A closing step: `<yearId>.<step>`, the step a built-in one's name (`stock`) or an added one's id. */
export const ClosingStepKey = z
  .string()
  .regex(new RegExp(`^${UUID}\\.[A-Za-z0-9-]{1,40}$`))
  .openapi({ example: "0190c4d2-7c3e-4a8b-9c3d-5e6f7a8b9c0d.stock" });

/** A bank statement's line: its number in the statement, from 1. */
export const StatementLineNo = z
  .string()
  .regex(/^[1-9]\d{0,6}$/)
  .openapi({ example: "1" });

/** A read model's projector (`ledger`, `ledger-history`): lowercase words joined by hyphens or underscores. */
export const ProjectorName = z
  .string()
  .regex(/^[a-z][a-z_-]{0,99}$/)
  .openapi({ example: "ledger" });

/**
 * Path parameters of the given shapes, each documented as one: `pathParams({ id: Uuid })` is the
 * `{id}` of a path holding a uuid.
 */
export const pathParams = <S extends Record<string, z.ZodType>>(shapes: S) =>
  z.object(
    Object.fromEntries(
      Object.entries(shapes).map(([name, schema]) => [name, schema.openapi({ param: { name, in: "path" } })]),
    ) as S,
  );

/** A VAT return's period: a month `2026-03`, a quarter `2026-Q1`, a year `2026`. */
export const VatPeriodKey = z
  .string()
  .regex(/^(?:19|2\d)\d{2}(?:-(?:0[1-9]|1[0-2])|-Q[1-4]|-AC[12])?$/)
  .openapi({
    example: "2026-03",
    description:
      "A month (YYYY-MM) or a quarter (YYYY-Qn) of the CA3, a year (YYYY) of the CA12, or one of the CA12's instalments: YYYY-AC1 (July), YYYY-AC2 (December)",
  });

/** A box of the VAT return form: `A1`, `08`, `9B`, `TD`… */
export const VatBoxCode = z
  .string()
  .regex(/^[0-9A-Z]{2}$/)
  .openapi({ example: "08" });
