import type { z } from "@hono/zod-openapi";
import { DomainError } from "@registre/core";
import { type EntryRow, readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import type { EntryInput } from "../schemas/entries.ts";
import { correctionRoute, entrySource } from "./entry-source.ts";

/** An entries read-model row as an `EntrySummary`. */
export const toSummary = (
  r: Pick<
    EntryRow,
    | "mvt"
    | "journal"
    | "date"
    | "piece_ref"
    | "piece_date"
    | "label"
    | "status"
    | "number"
    | "fiscal_year_id"
    | "validated_on"
    | "debit"
    | "credit"
    | "line_count"
    | "origin"
  >,
) => ({
  mvt: r.mvt,
  journal: r.journal,
  date: r.date,
  pieceRef: r.piece_ref,
  pieceDate: r.piece_date,
  label: r.label,
  status: r.status,
  number: r.number,
  fiscalYearId: r.fiscal_year_id,
  validatedOn: r.validated_on,
  debit: r.debit,
  credit: r.credit,
  lineCount: r.line_count,
  origin: r.origin,
});

/**
 * The entry with its lines and, once validated, their lettering; 404 when absent. One statement:
 * the lettered lines' codes come along as a small JSON array (drafts have none).
 */
export const findEntry = async (ctx: AppContext, orgId: string, mvt: string) => {
  const row = await readModels(ctx.database)
    .selectFrom("entries as e")
    .selectAll("e")
    .select(
      sql<[number, string, string | null][]>`(
        select coalesce(jsonb_agg(jsonb_build_array(l.line, l.letter_code, l.letter_date)), '[]'::jsonb)
        from ledger_lines l
        where e.status = 'validated' and l.org_id = e.org_id and l.mvt = e.mvt and l.letter_code is not null)`.as(
        "letters",
      ),
    )
    .where("e.org_id", "=", orgId)
    .where("e.mvt", "=", mvt)
    .executeTakeFirst();
  if (!row) throw new DomainError("entry.notFound", {}, 404);
  const source = await entrySource(ctx, orgId, mvt, row.origin, row.status === "validated");
  const byLine = new Map(
    row.letters.map(([line, code, date]) => [line, { letter_code: code, letter_date: date }]),
  );
  return {
    ...toSummary(row),
    source,
    correction: correctionRoute(row.origin, source),
    lines: row.lines.map((l, index) => ({
      line: index + 1,
      account: l.account,
      auxiliary: l.auxiliary ?? null,
      label: l.label ?? null,
      debit: l.debit,
      credit: l.credit,
      vat: l.vat ?? null,
      letterCode: byLine.get(index + 1)?.letter_code ?? null,
      letterDate: byLine.get(index + 1)?.letter_date ?? null,
    })),
  };
};

/** The entry a body describes, as the commands take it. */
export const contentOf = (input: z.infer<typeof EntryInput>) => ({
  journal: input.journal,
  date: input.date,
  pieceRef: input.pieceRef,
  pieceDate: input.pieceDate ?? input.date,
  label: input.label,
  lines: input.lines.map((l) => ({
    account: l.account,
    auxiliary: l.auxiliary ?? null,
    label: l.label ?? null,
    debit: l.debit,
    credit: l.credit,
    ...(l.vat && { vat: l.vat }),
  })),
});

/** The drafts to validate, by day and as written (5,000 at most). */
export const listDrafts = async (ctx: AppContext, orgId: string) =>
  (
    await readModels(ctx.database)
      .selectFrom("entries")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("status", "=", "draft")
      .orderBy("date")
      .orderBy("created_at")
      .limit(5000)
      .execute()
  ).map(toSummary);
