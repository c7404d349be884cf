import {
  type DuplicateCandidate,
  type DuplicateMatch,
  duplicateCandidateOf,
  duplicateKeys,
  findDuplicates,
  type ImportedContact,
  type LiveContact,
  normaliseContactName,
} from "@registre/core";
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

/** The organisation's contacts sharing a duplicate key with a row (this import's own contacts aside). */
const existingByKey = async (ctx: AppContext, orgId: string, rows: readonly Row[]) => {
  const own = new Set(rows.map((r) => r.contact.create.id));
  const keys = [...new Set(rows.flatMap((r) => duplicateKeys(candidateOf(r.contact))))];
  const byKey = new Map<string, DuplicateCandidate[]>();
  if (keys.length === 0) return byKey;
  const found = (await ctx.database.db
    .selectFrom("contacts")
    .select(["contact_id", "state"])
    .where("org_id", "=", orgId)
    .where("status", "!=", "merged")
    .where(sql<boolean>`dup_keys && ${keys}::text[]`)
    .execute()) as { contact_id: string; state: LiveContact | string }[];
  for (const row of found) {
    if (own.has(row.contact_id)) continue;
    const state: LiveContact = typeof row.state === "string" ? JSON.parse(row.state) : row.state;
    const candidate = duplicateCandidateOf(row.contact_id, state);
    for (const key of duplicateKeys(candidate)) byKey.set(key, [...(byKey.get(key) ?? []), candidate]);
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
  const existing = await existingByKey(ctx, orgId, rows);
  const warnings: ImportFinding[] = [];
  const errors: ImportFinding[] = [];
  const duplicates = new Map<string, DuplicateMatch[]>();
  const seen = new Map<string, { line: number; candidate: DuplicateCandidate }>();
  for (const { line, contact } of rows) {
    const candidate = candidateOf(contact);
    const keys = duplicateKeys(candidate);
    const others = new Map<string, DuplicateCandidate>();
    for (const key of keys) for (const other of existing.get(key) ?? []) others.set(other.id, other);
    const matches = findDuplicates(candidate, [...others.values()]);
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

/** The codes a contact's name could collide with: its bucket by name, and the highest counter codes. */
export const codeIndex = (all: Iterable<string>) => {
  const taken = new Set<string>();
  const buckets = new Map<string, string[]>();
  const counters = new Map<string, string>();
  const add = (raw: string) => {
    const code = raw.toUpperCase();
    if (taken.has(code)) return;
    taken.add(code);
    const bucket = code.slice(0, 3);
    buckets.set(bucket, [...(buckets.get(bucket) ?? []), code]);
    const counter = /^([A-Z])(\d+)$/.exec(code);
    if (counter?.[1] && counter[2]) {
      const best = counters.get(counter[1]);
      if (!best || Number(best.slice(1)) < Number(counter[2])) counters.set(counter[1], code);
    }
  };
  for (const code of all) add(code);
  return {
    taken,
    add,
    /** A subset of the taken codes that holds every code `nextAuxiliaryCode` could propose for this name. */
    near: (name: string): string[] => {
      const letters = normaliseContactName(name)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, "")
        .slice(0, 2);
      return [
        ...(buckets.get(`C${letters}`) ?? []),
        ...(buckets.get(`F${letters}`) ?? []),
        ...counters.values(),
      ];
    },
  };
};
