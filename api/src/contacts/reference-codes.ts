import type { z } from "@hono/zod-openapi";
import { DomainError, type ReferenceKind } from "@registre/core";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import { withField } from "../http/field-problems.ts";
import type { Locale } from "../http/messages.ts";
import { ensureReferenceSeeded } from "../reference/reference.ts";
import type { CreateContactInput } from "../schemas/contacts.ts";

/** The contact fields read from a platform reference list, and the refusal of a value not in it. */
const lists = {
  country: { kind: "countries", code: "contact.unknownCountry" },
  apeCode: { kind: "activities", code: "contact.unknownActivity" },
  job: { kind: "jobs", code: "contact.unknownJob" },
} as const satisfies Record<string, { kind: ReferenceKind; code: string }>;
export type ReferenceField = keyof typeof lists;

/** "6201Z" and "62.01z" are the NAF code 62.01Z. */
const apeShape = (value: string) => {
  const compact = value.replace(/[\s.]/g, "").toUpperCase();
  return /^\d{4}[A-Z]$/.test(compact) ? `${compact.slice(0, 2)}.${compact.slice(2)}` : value;
};

/**
 * The list's code for what was sent: the code itself (case aside) or an entry's French or English label
 * (« Gérant » is GERANT), read from the reference read model; anything else is refused with the field
 * named. Empty stays empty (the field is optional).
 */
export const referenceCode = async <V extends string | null | undefined>(
  ctx: AppContext,
  field: ReferenceField,
  value: V,
): Promise<V | string> => {
  if (value === null || value === undefined || value.trim() === "") return value;
  const { kind, code } = lists[field];
  await ensureReferenceSeeded(ctx, kind);
  const wanted = field === "apeCode" ? apeShape(value.trim()) : value.trim();
  const row = await ctx.database.db
    .selectFrom("reference_entries")
    .select("code")
    .where("kind", "=", kind)
    .where((eb) =>
      eb.or([
        eb(sql`upper(code)`, "=", wanted.toUpperCase()),
        eb(sql`lower(label)`, "=", wanted.toLowerCase()),
        eb(sql`lower(label_en)`, "=", wanted.toLowerCase()),
      ]),
    )
    .orderBy(sql`upper(code) = ${wanted.toUpperCase()}`, "desc")
    .executeTakeFirst();
  if (!row) throw new DomainError(code, { field, value: value.trim() }, 422);
  return row.code;
};

/** The body's reference fields as codes; a refusal names its field (`prefix.field`) in the reader's language. */
export const withReferenceCodes = async <
  B extends Partial<Record<ReferenceField, string | null | undefined>>,
>(
  ctx: AppContext,
  body: B,
  fields: readonly ReferenceField[],
  locale: Locale,
  prefix = "",
): Promise<B> => {
  const out: Record<string, unknown> = { ...body };
  for (const field of fields)
    if (field in body)
      out[field] = await referenceCode(ctx, field, body[field]).catch((error: unknown) => {
        throw withField(error, locale, prefix);
      });
  return out as B;
};

/** A creation's body with its country, APE code and job as the lists' codes. */
export const creationReferenceCodes = async (
  ctx: AppContext,
  body: z.infer<typeof CreateContactInput>,
  locale: Locale,
): Promise<z.infer<typeof CreateContactInput>> => ({
  ...(await withReferenceCodes(ctx, body, ["job"], locale)),
  ...(body.addresses && {
    addresses: await Promise.all(
      body.addresses.map((a, i) => withReferenceCodes(ctx, a, ["country"], locale, `addresses.${i}`)),
    ),
  }),
  ...(body.legal && { legal: await withReferenceCodes(ctx, body.legal, ["apeCode"], locale, "legal") }),
});
