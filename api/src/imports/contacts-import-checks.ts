import {
  type DuplicateCandidate,
  type DuplicateMatch,
  duplicateCandidateOf,
  duplicateKeys,
  findDuplicates,
  type ImportedContact,
  type LiveContact,
} from "@registre/core";
import { pacer } from "@registre/store";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import type { Locale } from "../http/messages.ts";
import type { Row } from "./contacts-import.ts";
import { finding, type ImportFinding } from "./import-file.ts";

const candidateOf = (contact: ImportedContact): DuplicateCandidate => {
  const identity = contact.create.identity;
  return {
    id: contact.create.id,
    name: identity.kind === "company" ? identity.name : `${identity.firstName ?? ""} ${identity.lastName}`,
    siren: contact.create.legal?.siren ?? null,
    siret: contact.create.legal?.siret ?? null,
    vatNumber: contact.create.legal?.vatNumber ?? null,
    emails: (contact.create.emails ?? []).map((e) => e.address),
    ibans: (contact.create.ibans ?? []).map((x) => x.iban),
  };
};

const KEYS_PER_QUERY = 5_000;

/** The organisation's contacts sharing a duplicate key with a row (this import's own contacts aside). */
const existingByKey = async (
  ctx: AppContext,
  orgId: string,
  rows: readonly Row[],
  rowKeys: readonly (readonly string[])[],
) => {
  const own = new Set(rows.map((r) => r.contact.create.id));
  const pace = pacer();
  const unique = new Set<string>();
  for (const keys of rowKeys) {
    await pace();
    for (const key of keys) unique.add(key);
  }
  const keys = [...unique];
  const byKey = new Map<string, DuplicateCandidate[]>();
  const seen = new Set<string>();
  // The keys asked in slices: one query of 200,000 keys, and its answer read, would hold the event
  // loop for a few hundred milliseconds on the embedded database (PGlite answers synchronously).
  for (let at = 0; at < keys.length; at += KEYS_PER_QUERY) {
    await pace();
    const found = (await ctx.database.db
      .selectFrom("contacts")
      .select(["contact_id", "state"])
      .where("org_id", "=", orgId)
      .where("status", "!=", "merged")
      .where(sql<boolean>`dup_keys && ${keys.slice(at, at + KEYS_PER_QUERY)}::text[]`)
      .execute()) as { contact_id: string; state: LiveContact | string }[];
    for (const row of found) {
      await pace();
      if (own.has(row.contact_id) || seen.has(row.contact_id)) continue;
      seen.add(row.contact_id);
      const state: LiveContact = typeof row.state === "string" ? JSON.parse(row.state) : row.state;
      const candidate = duplicateCandidateOf(row.contact_id, state);
      // Pushed, not spread: many contacts sharing a key would copy the list once per contact.
      for (const key of duplicateKeys(candidate)) {
        const list = byKey.get(key);
        if (list) list.push(candidate);
        else byKey.set(key, [candidate]);
      }
    }
  }
  return byKey;
};

/** Duplicate warnings (the organisation's contacts and earlier lines of the file) and duplicate IBAN errors. */
export const checkDuplicates = async (
  ctx: AppContext,
  orgId: string,
  rows: readonly Row[],
  locale: Locale,
) => {
  // Each row's candidate and keys made once (normalising names is most of their cost).
  // Paced: for 100,000 lines they take a few hundred milliseconds.
  const making = pacer();
  const candidates: DuplicateCandidate[] = [];
  const rowKeys: string[][] = [];
  for (const row of rows) {
    await making();
    const candidate = candidateOf(row.contact);
    candidates.push(candidate);
    rowKeys.push(duplicateKeys(candidate));
  }
  const existing = await existingByKey(ctx, orgId, rows, rowKeys);
  const warnings: ImportFinding[] = [];
  const errors: ImportFinding[] = [];
  const duplicates = new Map<string, DuplicateMatch[]>();
  const seen = new Map<string, { line: number; candidate: DuplicateCandidate }>();
  const pace = pacer();
  for (const [i, { line, contact }] of rows.entries()) {
    await pace();
    const candidate = candidates[i] as DuplicateCandidate;
    const keys = rowKeys[i] ?? [];
    const others = new Map<string, DuplicateCandidate>();
    for (const key of keys) for (const other of existing.get(key) ?? []) others.set(other.id, other);
    const matches = others.size > 0 ? findDuplicates(candidate, [...others.values()]) : [];
    if (matches.some((m) => m.reasons.includes("iban")))
      errors.push(
        finding(locale, line, "contact.duplicateIban", { field: "iban", value: candidate.ibans?.[0] ?? "" }),
      );
    if (matches.length > 0) {
      duplicates.set(contact.create.id, matches);
      const code = matches.length === 1 ? "contact.duplicate" : "contact.duplicates";
      warnings.push(
        finding(
          locale,
          line,
          code,
          {
            name: matches[0]?.name ?? "",
            reasons: matches[0]?.reasons.join(", ") ?? "",
            count: matches.length,
          },
          { duplicates: matches.map((m) => ({ ...m, reasons: [...m.reasons] })) },
        ),
      );
    }
    const earlier = new Map<number, DuplicateCandidate>();
    for (const key of keys) {
      const first = seen.get(key);
      if (first) earlier.set(first.line, first.candidate);
      else seen.set(key, { line, candidate });
    }
    for (const [otherLine, other] of earlier) {
      const reasons = findDuplicates(candidate, [other])[0]?.reasons ?? [];
      if (reasons.length === 0) continue;
      if (reasons.includes("iban"))
        errors.push(
          finding(locale, line, "contact.duplicateIban", {
            field: "iban",
            value: candidate.ibans?.[0] ?? "",
          }),
        );
      warnings.push(
        finding(locale, line, "import.duplicateInFile", { other: otherLine, reasons: reasons.join(", ") }),
      );
      duplicates.set(contact.create.id, [
        ...(duplicates.get(contact.create.id) ?? []),
        { ...other, reasons },
      ]);
    }
  }
  return { warnings, errors, duplicates };
};
