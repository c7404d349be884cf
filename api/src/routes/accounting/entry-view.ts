import type { z } from "@hono/zod-openapi";
import { DomainError } from "@registre/core";
import type { AppContext } from "../../context.ts";
import type { EntryInput, LineInput } from "../../schemas/entries.ts";

/** An entries read-model row as an `EntrySummary`. */
// biome-ignore lint/suspicious/noExplicitAny: an entries read-model row
export const toSummary = (r: any) => ({
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

/** The entry with its lines and, once validated, their lettering; 404 when absent. */
export const findEntry = async (ctx: AppContext, orgId: string, mvt: string) => {
  const row = await ctx.database.db
    .selectFrom("entries")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("mvt", "=", mvt)
    .executeTakeFirst();
  if (!row) throw new DomainError("entry.notFound", {}, 404);
  const letters =
    row.status === "validated"
      ? await ctx.database.db
          .selectFrom("ledger_lines")
          .select(["line", "letter_code", "letter_date"])
          .where("org_id", "=", orgId)
          .where("mvt", "=", mvt)
          .execute()
      : [];
  const byLine = new Map(letters.map((l) => [l.line as number, l]));
  return {
    ...toSummary(row),
    lines: (row.lines as z.infer<typeof LineInput>[]).map((l, index) => ({
      line: index + 1,
      account: l.account,
      auxiliary: l.auxiliary ?? null,
      label: l.label ?? null,
      debit: l.debit,
      credit: l.credit,
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
  })),
});
