import type { ImportedContact } from "@registre/core";
import { pacer } from "@registre/store";
import { type ReferenceField, referenceCode } from "../contacts/reference-codes.ts";
import type { AppContext } from "../context.ts";
import type { Locale } from "../http/messages.ts";
import type { Row } from "./contacts-import.ts";
import { findingOf, type ImportFinding } from "./import-file.ts";

/**
 * The row's job, countries and APE code as the platform lists' codes, read as the contacts routes read
 * them (the code, or a French or English label); an unknown value throws, naming its field. Each distinct
 * value is looked up once per import.
 */
const withRowReferenceCodes = async (
  ctx: AppContext,
  contact: ImportedContact,
  cache: Map<string, Promise<string | null | undefined>>,
): Promise<ImportedContact> => {
  const code = <V extends string | null | undefined>(field: ReferenceField, value: V) => {
    if (value === null || value === undefined || value.trim() === "") return Promise.resolve(value);
    const key = `${field}\u0000${value}`;
    let found = cache.get(key);
    if (!found) {
      found = referenceCode(ctx, field, value);
      // A refusal is cached too (each line asking again gets it), but never left unhandled meanwhile.
      found.catch(() => undefined);
      cache.set(key, found);
    }
    return found as Promise<V | string>;
  };
  const create = contact.create;
  return {
    ...contact,
    create: {
      ...create,
      job: await code("job", create.job),
      ...(create.addresses && {
        addresses: await Promise.all(
          create.addresses.map(async (a) => ({ ...a, country: await code("country", a.country) })),
        ),
      }),
      ...(create.legal && {
        legal: { ...create.legal, apeCode: await code("apeCode", create.legal.apeCode) },
      }),
    },
  };
};

/** The rows with their reference codes, and a finding on its line for each row naming an unknown value. */
export const resolveReferenceCodes = async (ctx: AppContext, rows: readonly Row[], locale: Locale) => {
  const cache = new Map<string, Promise<string | null | undefined>>();
  const resolved: Row[] = [];
  const errors: ImportFinding[] = [];
  // Each row's lookups are mostly answered from the cache, in microtasks: the loop is paced (issue 21).
  const pace = pacer();
  for (const row of rows) {
    await pace();
    try {
      resolved.push({ line: row.line, contact: await withRowReferenceCodes(ctx, row.contact, cache) });
    } catch (error) {
      errors.push(findingOf(locale, row.line, error));
    }
  }
  return { rows: resolved, errors };
};
